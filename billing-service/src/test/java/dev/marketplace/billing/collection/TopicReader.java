package dev.marketplace.billing.collection;

import java.time.Duration;
import java.util.ArrayList;
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

/**
 * Every event of the domain-event topic matching a predicate, as a downstream consumer sees them: read from the
 * beginning until at least {@code expected} matched, then on for {@code settle} more, so that one too many is seen.
 */
final class TopicReader {
    private static final ObjectMapper MAPPER = new ObjectMapper();

    private TopicReader() {
    }

    static List<JsonNode> all(Predicate<JsonNode> match, int expected, Duration settle) {
        String servers = ConfigProvider.getConfig().getValue("kafka.bootstrap.servers", String.class);
        List<JsonNode> found = new ArrayList<>();
        try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(Map.of(
                ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, servers,
                ConsumerConfig.GROUP_ID_CONFIG, "test-" + UUID.randomUUID(),
                ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest"), new StringDeserializer(), new StringDeserializer())) {
            consumer.subscribe(List.of("marketplace.domain-events"));
            long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
            long settled = Long.MAX_VALUE;
            while (System.nanoTime() < Math.min(deadline, settled)) {
                for (ConsumerRecord<String, String> record : consumer.poll(Duration.ofMillis(200))) {
                    try {
                        JsonNode event = MAPPER.readTree(record.value());
                        if (match.test(event)) {
                            found.add(event);
                        }
                    } catch (java.io.IOException e) {
                        // not JSON: no event
                    }
                }
                if (found.size() >= expected && settled == Long.MAX_VALUE) {
                    settled = System.nanoTime() + settle.toNanos();
                }
            }
        }
        return found;
    }
}
