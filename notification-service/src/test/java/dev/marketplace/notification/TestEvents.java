package dev.marketplace.notification;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringSerializer;
import org.eclipse.microprofile.config.ConfigProvider;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import dev.marketplace.common.events.EventEnvelope;

/** Publishes event envelopes to the real domain-event topic, as the outbox relay of another service does. */
public final class TestEvents {
    public static final ObjectMapper MAPPER = new ObjectMapper();
    private static KafkaProducer<String, String> producer;

    private TestEvents() {
    }

    public static EventEnvelope envelope(String type, String partner, String aggregateType, String aggregateId,
            Map<String, Object> payload) {
        return new EventEnvelope(UUID.randomUUID(), type, System.currentTimeMillis(), partner, "test-service",
                new EventEnvelope.Aggregate(aggregateType, aggregateId), Map.of("consumerKey", "test-" + partner),
                MAPPER.valueToTree(payload));
    }

    public static EventEnvelope withTime(EventEnvelope e, long occurredOn) {
        return new EventEnvelope(e.id(), e.type(), occurredOn, e.partner(), e.source(), e.aggregate(), e.creator(), e.payload());
    }

    /** A payload carrying one notification entry. */
    public static Map<String, Object> notifying(String type, String channel, List<String> recipients, String locale,
            Map<String, Object> parameters) {
        Map<String, Object> entry = new HashMap<>();
        entry.put("type", type);
        entry.put("channel", channel);
        entry.put("recipients", recipients);
        if (locale != null) {
            entry.put("locale", locale);
        }
        entry.put("parameters", parameters);
        Map<String, Object> payload = new HashMap<>();
        payload.put("notifications", new ArrayList<>(List.of(entry)));
        return payload;
    }

    public static void publish(EventEnvelope event) {
        try {
            producer().send(new ProducerRecord<>("marketplace.domain-events", event.aggregate().id(),
                    MAPPER.writeValueAsString(event))).get(20, TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new IllegalStateException("Event not published", e);
        }
    }

    public static void publishRaw(String key, String value) {
        try {
            producer().send(new ProducerRecord<>("marketplace.domain-events", key, value)).get(20, TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new IllegalStateException("Record not published", e);
        }
    }

    private static synchronized KafkaProducer<String, String> producer() {
        if (producer == null) {
            Properties props = new Properties();
            props.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG,
                    ConfigProvider.getConfig().getValue("kafka.bootstrap.servers", String.class));
            props.put(ProducerConfig.ACKS_CONFIG, "all");
            producer = new KafkaProducer<>(props, new StringSerializer(), new StringSerializer());
        }
        return producer;
    }

    /** Polls until {@code condition} holds. */
    public static void await(String what, Duration timeout, BooleanSupplier condition) {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline) {
            if (condition.getAsBoolean()) {
                return;
            }
            try {
                Thread.sleep(150);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError(e);
            }
        }
        throw new AssertionError("Timed out waiting for " + what);
    }

    public static JsonNode json(String text) {
        try {
            return MAPPER.readTree(text);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }
}
