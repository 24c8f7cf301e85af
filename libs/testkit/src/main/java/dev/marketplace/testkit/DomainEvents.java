package dev.marketplace.testkit;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.Predicate;

import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.eclipse.microprofile.config.ConfigProvider;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/** Reads the domain-event topic from the beginning until an event matches, as any downstream consumer would. */
public final class DomainEvents {
    private static final ObjectMapper MAPPER = new ObjectMapper();

    private DomainEvents() {
    }

    public static JsonNode await(Predicate<JsonNode> match, Duration timeout) {
        String servers = ConfigProvider.getConfig().getValue("kafka.bootstrap.servers", String.class);
        try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(Map.of(
                ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, servers,
                ConsumerConfig.GROUP_ID_CONFIG, "test-" + UUID.randomUUID(),
                ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest"), new StringDeserializer(), new StringDeserializer())) {
            consumer.subscribe(List.of("marketplace.domain-events"));
            long deadline = System.nanoTime() + timeout.toNanos();
            while (System.nanoTime() < deadline) {
                for (ConsumerRecord<String, String> record : consumer.poll(Duration.ofMillis(200))) {
                    JsonNode event;
                    try {
                        event = MAPPER.readTree(record.value());
                    } catch (java.io.IOException e) {
                        continue; // a record that is no JSON (tests of the inbox send some) is no event to wait for
                    }
                    if (match.test(event)) {
                        return event;
                    }
                }
            }
        }
        throw new AssertionError("No matching domain event within " + timeout);
    }
}
