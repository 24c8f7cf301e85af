package dev.marketplace.account;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.eclipse.microprofile.config.ConfigProvider;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * Reads the domain-event topic from the beginning until an event matches, as any downstream consumer would. One
 * consumer per test JVM, assigned to every partition (no group coordination); events already read are kept, so each
 * look-up only reads what is new.
 */
public final class DomainEvents {
    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final String TOPIC = "marketplace.domain-events";
    private static final List<JsonNode> SEEN = new ArrayList<>();
    private static KafkaConsumer<String, String> consumer;
    private static String servers;

    private DomainEvents() {
    }

    public static synchronized JsonNode await(Predicate<JsonNode> match, Duration timeout) {
        for (JsonNode event : SEEN) {
            if (match.test(event)) {
                return event;
            }
        }
        KafkaConsumer<String, String> c = consumer();
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline) {
            if (c.assignment().isEmpty()) {
                assign(c);
            }
            JsonNode found = null;
            for (ConsumerRecord<String, String> record : c.poll(Duration.ofMillis(100))) {
                JsonNode event;
                try {
                    event = MAPPER.readTree(record.value());
                } catch (java.io.IOException e) {
                    continue; // a record that is no JSON (InboxTest sends one on purpose) is no event to wait for
                }
                SEEN.add(event); // every record polled is kept: the consumer has moved past them
                if (found == null && match.test(event)) {
                    found = event;
                }
            }
            if (found != null) {
                return found;
            }
        }
        throw new AssertionError("No matching domain event within " + timeout);
    }

    private static KafkaConsumer<String, String> consumer() {
        String current = ConfigProvider.getConfig().getValue("kafka.bootstrap.servers", String.class);
        if (consumer == null || !current.equals(servers)) {
            if (consumer != null) {
                consumer.close();
                SEEN.clear();
            }
            servers = current;
            consumer = new KafkaConsumer<>(Map.of(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, servers,
                    ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest", ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false"),
                    new StringDeserializer(), new StringDeserializer());
        }
        return consumer;
    }

    /** Assigns every partition of the topic once it exists, from the beginning. */
    private static void assign(KafkaConsumer<String, String> c) {
        var partitions = c.partitionsFor(TOPIC, Duration.ofSeconds(5));
        if (partitions == null || partitions.isEmpty()) {
            return;
        }
        List<TopicPartition> all = partitions.stream().map(p -> new TopicPartition(TOPIC, p.partition())).toList();
        c.assign(all);
        c.seekToBeginning(all);
    }
}
