package dev.marketplace.reseller;

import dev.marketplace.testkit.InternalTokens;
import dev.marketplace.testkit.KafkaResource;
import dev.marketplace.testkit.PostgresResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.common.ResourceArg;

/**
 * Real PostgreSQL and Kafka for every test of the module, the key pair the test tokens are signed with, and a loopback
 * stand-in for account-service's provisioning endpoints that replays account-service's real answers.
 */
@QuarkusTestResource(value = PostgresResource.class, initArgs = @ResourceArg(name = "database", value = "reseller"))
@QuarkusTestResource(KafkaResource.class)
@QuarkusTestResource(InternalTokens.class)
@QuarkusTestResource(StubAccount.class)
public class ResellerTestResources {
}
