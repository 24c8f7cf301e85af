package dev.marketplace.account;

import dev.marketplace.testkit.InternalTokens;
import dev.marketplace.testkit.KafkaResource;
import dev.marketplace.testkit.PostgresResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.common.ResourceArg;

/**
 * Real PostgreSQL and Kafka for every test of the module, the key pair the test tokens are signed with, and a fake DNS
 * server as the domain-verification resolver, and a stand-in for billing-service's entitlements lookup.
 */
@QuarkusTestResource(value = PostgresResource.class, initArgs = @ResourceArg(name = "database", value = "account"))
@QuarkusTestResource(KafkaResource.class)
@QuarkusTestResource(InternalTokens.class)
@QuarkusTestResource(FakeDns.class)
@QuarkusTestResource(StubBilling.class)
public class AccountTestResources {
}
