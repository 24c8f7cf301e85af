package dev.marketplace.common.events;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;

import org.junit.jupiter.api.Test;

import io.smallrye.config.PropertiesConfigSource;
import io.smallrye.config.SmallRyeConfig;
import io.smallrye.config.SmallRyeConfigBuilder;

/** The outbox relay's producer gets the service's kafka.* settings, spelt as properties or environment variables. */
class KafkaClientPropertiesTest {

    @Test
    void producerSettingsComeFromKafkaPropertiesAndEnvironmentNames() {
        SmallRyeConfig config = new SmallRyeConfigBuilder()
                .withSources(new PropertiesConfigSource(Map.of(
                        "kafka.bootstrap.servers", "marketplace-kafka-bootstrap:9093",
                        "kafka.security.protocol", "SASL_SSL",
                        "kafka.sasl.mechanism", "SCRAM-SHA-512",
                        "kafka.ssl.truststore.type", "PEM",
                        // consumer-only and non-Kafka settings stay out of the producer
                        "kafka.auto.offset.reset", "earliest",
                        "kafkaesque.setting", "x",
                        "quarkus.kafka.devservices.enabled", "false"), "application", 250))
                .withSources(new PropertiesConfigSource(Map.of(
                        "KAFKA_SASL_JAAS_CONFIG", "org.apache.kafka.common.security.scram.ScramLoginModule required;",
                        "KAFKA_SSL_TRUSTSTORE_LOCATION", "/etc/kafka-ca/ca.crt",
                        // the dotted property wins over the environment spelling of the same key
                        "KAFKA_SECURITY_PROTOCOL", "PLAINTEXT"), "environment", 300))
                .build();

        Map<String, Object> producer = KafkaClientProperties.producer(config);

        assertEquals(Map.of(
                "bootstrap.servers", "marketplace-kafka-bootstrap:9093",
                "security.protocol", "SASL_SSL",
                "sasl.mechanism", "SCRAM-SHA-512",
                "sasl.jaas.config", "org.apache.kafka.common.security.scram.ScramLoginModule required;",
                "ssl.truststore.type", "PEM",
                "ssl.truststore.location", "/etc/kafka-ca/ca.crt"), producer);
    }
}
