package dev.marketplace.billing;

import dev.marketplace.testkit.InternalTokens;
import dev.marketplace.testkit.KafkaResource;
import dev.marketplace.testkit.PostgresResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.common.ResourceArg;

/**
 * Real PostgreSQL and Kafka for every test of the module, the key pair the test tokens are signed with, real HTTP
 * servers standing in for catalog-service and account-service, and the sandbox card payment gateway.
 */
@QuarkusTestResource(value = PostgresResource.class, initArgs = @ResourceArg(name = "database", value = "billing"))
@QuarkusTestResource(KafkaResource.class)
@QuarkusTestResource(InternalTokens.class)
@QuarkusTestResource(FakeCatalog.class)
@QuarkusTestResource(FakeAccount.class)
@QuarkusTestResource(PaymentGatewayResource.class)
public class BillingTestResources {
}
