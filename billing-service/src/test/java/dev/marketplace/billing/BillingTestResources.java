package dev.marketplace.billing;

import dev.marketplace.testkit.InternalTokens;
import dev.marketplace.testkit.KafkaResource;
import dev.marketplace.testkit.PostgresResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.common.ResourceArg;

/**
 * Real PostgreSQL and Kafka for every test of the module, the key pair the test tokens are signed with, and a real HTTP
 * server standing in for catalog-service.
 */
@QuarkusTestResource(value = PostgresResource.class, initArgs = @ResourceArg(name = "database", value = "billing"))
@QuarkusTestResource(KafkaResource.class)
@QuarkusTestResource(InternalTokens.class)
@QuarkusTestResource(FakeCatalog.class)
public class BillingTestResources {
}
