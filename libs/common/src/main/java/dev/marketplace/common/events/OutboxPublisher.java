package dev.marketplace.common.events;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Properties;
import java.util.concurrent.TimeUnit;

import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringSerializer;
import org.eclipse.microprofile.config.ConfigProvider;
import org.jboss.logging.Logger;

/**
 * The relay's Kafka side: one record per outbox row on the topic, keyed by aggregate id, sent and acknowledged by all
 * replicas before the row counts as sent. The producer is made at the first send; a broker that is down is logged once,
 * and once again when it is back.
 */
final class OutboxPublisher {
    private static final Logger LOG = Logger.getLogger(OutboxRelay.class); // one log category for the relay

    private final OutboxConfig config;
    private final String bootstrapServers;
    private volatile KafkaProducer<String, String> producer;
    private volatile boolean brokerDownLogged;

    OutboxPublisher(OutboxConfig config, String bootstrapServers) {
        this.config = config;
        this.bootstrapServers = bootstrapServers;
    }

    /** Whether the broker took the row; false stops the batch (the rest waits for the next round). */
    boolean publish(OutboxRow row) {
        ProducerRecord<String, String> record = new ProducerRecord<>(config.topic(), row.aggregateId(), row.envelope());
        record.headers().add("event-type", row.type().getBytes(StandardCharsets.UTF_8));
        if (row.traceparent() != null) {
            // the consumer's span (SmallRye Kafka with OpenTelemetry) continues the trace of the request
            record.headers().add(TraceContext.TRACEPARENT, row.traceparent().getBytes(StandardCharsets.UTF_8));
        }
        try {
            producer().send(record).get(config.sendTimeout().toMillis() + 1000, TimeUnit.MILLISECONDS);
            if (brokerDownLogged) {
                LOG.info("Kafka reachable again, relaying waiting outbox events");
                brokerDownLogged = false;
            }
            return true;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        } catch (Exception e) {
            if (!brokerDownLogged) {
                LOG.warnf("Kafka unavailable, outbox events wait for the next attempt: %s", e.getMessage());
                brokerDownLogged = true;
            }
            return false;
        }
    }

    private KafkaProducer<String, String> producer() {
        KafkaProducer<String, String> p = producer;
        if (p == null) {
            synchronized (this) {
                if (producer == null) {
                    Properties props = new Properties();
                    // every kafka.* setting of the service (security.protocol, ssl.*, sasl.*), as SmallRye's channels
                    props.putAll(KafkaClientProperties.producer(ConfigProvider.getConfig()));
                    props.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
                    props.put(ProducerConfig.ACKS_CONFIG, "all");
                    props.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, "true");
                    int timeout = (int) config.sendTimeout().toMillis();
                    props.put(ProducerConfig.MAX_BLOCK_MS_CONFIG, timeout);
                    props.put(ProducerConfig.REQUEST_TIMEOUT_MS_CONFIG, timeout);
                    props.put(ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, timeout);
                    props.put(ProducerConfig.LINGER_MS_CONFIG, 0);
                    props.put(ProducerConfig.RECONNECT_BACKOFF_MAX_MS_CONFIG, 1000);
                    props.put(ProducerConfig.CLIENT_ID_CONFIG, "outbox-relay");
                    producer = new KafkaProducer<>(props, new StringSerializer(), new StringSerializer());
                }
                p = producer;
            }
        }
        return p;
    }

    void close() {
        KafkaProducer<String, String> p = producer;
        if (p != null) {
            p.close(Duration.ofSeconds(2));
        }
    }
}
