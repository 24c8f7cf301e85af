package dev.marketplace.notification;

import dev.marketplace.testkit.InternalTokens;
import dev.marketplace.testkit.KafkaResource;
import dev.marketplace.testkit.PostgresResource;
import dev.marketplace.testkit.SmtpResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.common.ResourceArg;

/**
 * Real PostgreSQL, Kafka and SMTP (GreenMail) for every test of the module, a real local HTTP server standing in for
 * the SMS provider and one for catalog-service's internal integration lookup, and the key pair the test tokens are signed with.
 */
@QuarkusTestResource(value = PostgresResource.class, initArgs = @ResourceArg(name = "database", value = "notification"))
@QuarkusTestResource(KafkaResource.class)
@QuarkusTestResource(SmtpResource.class)
@QuarkusTestResource(SmsProviderResource.class)
@QuarkusTestResource(CatalogStubResource.class)
@QuarkusTestResource(InternalTokens.class)
public class NotificationTestResources {
}
