package dev.marketplace.catalog;

import dev.marketplace.testkit.InternalTokens;
import dev.marketplace.testkit.KafkaResource;
import dev.marketplace.testkit.PostgresResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.common.ResourceArg;

/**
 * Real PostgreSQL and Kafka for every test of the module, the key pair the test tokens are signed with, and loopback
 * stand-ins for account-service and billing-service.
 */
@QuarkusTestResource(value = PostgresResource.class, initArgs = @ResourceArg(name = "database", value = "catalog"))
@QuarkusTestResource(KafkaResource.class)
@QuarkusTestResource(InternalTokens.class)
@QuarkusTestResource(StandIns.class)
public class CatalogTestResources {
}
