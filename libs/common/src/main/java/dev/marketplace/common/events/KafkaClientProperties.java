package dev.marketplace.common.events;

import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

import org.apache.kafka.clients.producer.ProducerConfig;
import org.eclipse.microprofile.config.Config;

/**
 * The Kafka client settings of the service's configuration, read the way SmallRye's Kafka connector reads them: every
 * {@code kafka.*} property (or {@code KAFKA_*} environment variable, {@code _} read as {@code .}) minus the prefix. So a
 * client built outside the connector, such as the outbox relay's producer, reaches the same TLS or SASL listener with
 * the same {@code security.protocol}, {@code ssl.*} and {@code sasl.*} settings as the service's channels.
 */
public final class KafkaClientProperties {
    private static final String PREFIX = "kafka.";

    private KafkaClientProperties() {
    }

    /** Every {@code kafka.*} setting that a producer understands (consumer-only ones are left out). */
    public static Map<String, Object> producer(Config config) {
        return filtered(config, ProducerConfig.configNames());
    }

    static Map<String, Object> filtered(Config config, Set<String> known) {
        Map<String, Object> properties = new TreeMap<>();
        for (String name : config.getPropertyNames()) {
            String lower = name.toLowerCase(Locale.ROOT);
            if (!lower.startsWith(PREFIX) && !lower.startsWith("kafka_")) {
                continue;
            }
            String key = lower.substring(PREFIX.length()).replace('_', '.');
            if (!known.contains(key)) {
                continue;
            }
            config.getOptionalValue(name, String.class).filter(v -> !v.isBlank())
                    // a dotted property wins over the environment variable spelling of the same key
                    .ifPresent(value -> {
                        if (lower.startsWith(PREFIX) || !properties.containsKey(key)) {
                            properties.put(key, value);
                        }
                    });
        }
        return properties;
    }
}
