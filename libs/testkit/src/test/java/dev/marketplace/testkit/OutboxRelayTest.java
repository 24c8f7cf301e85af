package dev.marketplace.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import javax.sql.DataSource;

import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import dev.marketplace.common.events.OutboxConfig;
import dev.marketplace.common.events.OutboxRelay;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;

/**
 * The outbox relay against a real PostgreSQL and a real Kafka broker: while the broker is unreachable nothing is lost
 * (rows stay unsent, writes are unaffected); once it is reachable every waiting event is published, in order, once.
 */
class OutboxRelayTest {
    private static final String TOPIC = "outbox-test-" + UUID.randomUUID();
    private static DataSource db;

    @BeforeAll
    static void schema() throws Exception {
        Postgres.datasourceConfig("outbox_test");
        db = Postgres.server().getDatabase("postgres", "outbox_test");
        try (Connection c = db.getConnection(); Statement st = c.createStatement()) {
            st.execute("drop table if exists outbox_event; drop table if exists processed_event");
            st.execute("drop function if exists outbox_event_notify()");
            for (String migration : List.of("V0_1__outbox.sql", "V0_2__outbox_notify.sql", "V0_4__outbox_trace.sql",
                    "V0_6_1__outbox_sent_index.sql")) {
                st.execute(new String(OutboxRelayTest.class.getResourceAsStream("/db/common/" + migration).readAllBytes(),
                        StandardCharsets.UTF_8));
            }
        }
    }

    @Test
    void eventsWaitWhileKafkaIsDownAndAreRelayedInOrderOnceItIsUp() throws Exception {
        String aggregate = UUID.randomUUID().toString();
        for (int i = 0; i < 5; i++) {
            insert(aggregate, "{\"n\":" + i + "}");
        }

        OutboxRelay down = new OutboxRelay(config(Duration.ofMillis(100)), db, "127.0.0.1:1", new SimpleMeterRegistry());
        assertEquals(0, down.relayBatch());
        assertEquals(5, unsent());

        OutboxRelay up = new OutboxRelay(config(Duration.ofMillis(100)), db, Kafka.bootstrapServers(), new SimpleMeterRegistry());
        assertEquals(5, up.relayBatch());
        assertEquals(0, unsent());
        assertEquals(0, up.relayBatch());

        List<String> received = consume(5);
        assertEquals(List.of("{\"n\":0}", "{\"n\":1}", "{\"n\":2}", "{\"n\":3}", "{\"n\":4}"), received);
    }

    /** The backlog gauges count the rows Kafka has not received yet and the age of the oldest; relaying empties them. */
    @Test
    void theBacklogGaugesCountWhatWaitsAndHowLong() throws Exception {
        assertEquals(0, unsent());
        SimpleMeterRegistry registry = new SimpleMeterRegistry();
        OutboxRelay down = new OutboxRelay(config(Duration.ofMillis(100)), db, "127.0.0.1:1", registry);
        down.countBacklog();
        assertEquals(0, registry.get("outbox.backlog").gauge().value());
        assertEquals(0, registry.get("outbox.oldest.unsent.age").gauge().value());

        String aggregate = UUID.randomUUID().toString();
        insert(aggregate, "{\"n\":1}");
        insert(aggregate, "{\"n\":2}");
        try (Connection c = db.getConnection(); Statement st = c.createStatement()) {
            st.execute("update outbox_event set created_at = now() - interval '90 seconds' where aggregate_id = '" + aggregate
                    + "' and envelope = '{\"n\":1}'");
        }
        down.countBacklog();
        assertEquals(2, registry.get("outbox.backlog").gauge().value());
        double age = registry.get("outbox.oldest.unsent.age").gauge().value();
        assertTrue(age >= 90 && age < 120, "the oldest row waited about 90 s: " + age);

        OutboxRelay up = new OutboxRelay(config(Duration.ofMillis(100), "outbox-backlog-" + UUID.randomUUID()), db,
                Kafka.bootstrapServers(), new SimpleMeterRegistry());
        assertEquals(2, up.relayBatch());
        down.countBacklog();
        assertEquals(0, registry.get("outbox.backlog").gauge().value());
        assertEquals(0, registry.get("outbox.oldest.unsent.age").gauge().value());
    }

    /** The relay sleeps on LISTEN: a commit wakes it long before its (here one-minute) poll interval is up. */
    @Test
    void aCommitWakesTheRelayWithoutWaitingForThePoll() throws Exception {
        assertEquals(0, unsent());
        OutboxRelay relay = new OutboxRelay(config(Duration.ofMinutes(1)), db, Kafka.bootstrapServers(),
                new SimpleMeterRegistry());
        relay.start();
        try {
            long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
            while (!relay.listening() && System.nanoTime() < deadline) {
                Thread.sleep(20);
            }
            assertTrue(relay.listening(), "the relay never started listening");
            Thread.sleep(500); // past the batch it runs right after LISTEN, into the wait

            long committed = System.nanoTime();
            insert(UUID.randomUUID().toString(), "{\"woken\":true}");
            while (unsent() > 0 && System.nanoTime() - committed < Duration.ofSeconds(20).toNanos()) {
                Thread.sleep(20);
            }
            long waited = Duration.ofNanos(System.nanoTime() - committed).toMillis();
            assertEquals(0, unsent());
            assertTrue(waited < 10_000, "relayed after " + waited + " ms: the commit did not wake the relay");
        } finally {
            relay.close();
        }
    }

    /** Sent rows older than the retention are deleted; recent and unsent ones stay, whatever their number. */
    @Test
    void sentRowsArePurgedAfterTheRetentionAndUnsentRowsNever() throws Exception {
        OutboxRelay relay = new OutboxRelay(config(Duration.ofMinutes(1)), db, "127.0.0.1:1", new SimpleMeterRegistry());
        relay.purgeSent();
        String old = "{\"temporaryPassword\":\"sent-long-ago\"}";
        for (int i = 0; i < 3; i++) {
            insert(UUID.randomUUID().toString(), old);
        }
        try (Connection c = db.getConnection(); Statement st = c.createStatement()) {
            st.executeUpdate("update outbox_event set sent_at = now() - interval '8 days' where sent_at is null");
        }
        insert(UUID.randomUUID().toString(), "{\"sent\":\"yesterday\"}");
        try (Connection c = db.getConnection(); Statement st = c.createStatement()) {
            st.executeUpdate("update outbox_event set sent_at = now() - interval '1 day' where sent_at is null");
        }
        insert(UUID.randomUUID().toString(), "{\"waiting\":\"since long ago\"}");
        try (Connection c = db.getConnection(); Statement st = c.createStatement()) {
            st.executeUpdate("update outbox_event set created_at = now() - interval '30 days' where sent_at is null");
        }

        assertEquals(3, relay.purgeSent());
        assertEquals(0, count("envelope like '%sent-long-ago%'"));
        assertEquals(1, count("envelope like '%yesterday%'"));
        assertEquals(1, unsent());
        assertEquals(0, relay.purgeSent());
        try (Connection c = db.getConnection(); Statement st = c.createStatement()) {
            st.executeUpdate("delete from outbox_event where sent_at is null");
        }
    }

    private static int count(String where) throws Exception {
        try (Connection c = db.getConnection(); Statement st = c.createStatement();
                ResultSet rs = st.executeQuery("select count(*) from outbox_event where " + where)) {
            rs.next();
            return rs.getInt(1);
        }
    }

    /** The W3C trace context stored with a row (Outbox) reaches the consumer as the record's traceparent header. */
    @Test
    void theTraceContextOfTheRowTravelsInTheRecordHeaders() throws Exception {
        String traceparent = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01";
        String traced = UUID.randomUUID().toString();
        String untraced = UUID.randomUUID().toString();
        try (Connection c = db.getConnection(); PreparedStatement st = c.prepareStatement("insert into outbox_event"
                + " (id, aggregate_id, type, envelope, created_at, traceparent) values (?, ?, 'TEST', '{}', now(), ?)")) {
            st.setObject(1, UUID.randomUUID());
            st.setString(2, traced);
            st.setString(3, traceparent);
            st.executeUpdate();
            st.setObject(1, UUID.randomUUID());
            st.setString(2, untraced);
            st.setString(3, null);
            st.executeUpdate();
        }
        String topic = "outbox-trace-" + UUID.randomUUID();
        OutboxRelay relay = new OutboxRelay(config(Duration.ofMillis(100), topic), db, Kafka.bootstrapServers(),
                new SimpleMeterRegistry());
        try {
            assertEquals(2, relay.relayBatch());
        } finally {
            relay.close();
        }
        Map<String, String> headerByKey = new java.util.HashMap<>();
        try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(Map.of(
                ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, Kafka.bootstrapServers(),
                ConsumerConfig.GROUP_ID_CONFIG, "outbox-trace-test",
                ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest"), new StringDeserializer(), new StringDeserializer())) {
            consumer.subscribe(List.of(topic));
            long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
            while (headerByKey.size() < 2 && System.nanoTime() < deadline) {
                for (ConsumerRecord<String, String> record : consumer.poll(Duration.ofMillis(200))) {
                    var header = record.headers().lastHeader("traceparent");
                    headerByKey.put(record.key(), header == null ? "none" : new String(header.value(), StandardCharsets.UTF_8));
                }
            }
        }
        assertEquals(traceparent, headerByKey.get(traced));
        assertEquals("none", headerByKey.get(untraced));
    }

    private static void insert(String aggregate, String envelope) throws Exception {
        try (Connection c = db.getConnection(); PreparedStatement st = c.prepareStatement(
                "insert into outbox_event (id, aggregate_id, type, envelope, created_at) values (?, ?, 'TEST', ?, ?)")) {
            st.setObject(1, UUID.randomUUID());
            st.setString(2, aggregate);
            st.setString(3, envelope);
            st.setObject(4, OffsetDateTime.now());
            st.executeUpdate();
        }
    }

    private static int unsent() throws Exception {
        try (Connection c = db.getConnection(); Statement st = c.createStatement();
                ResultSet rs = st.executeQuery("select count(*) from outbox_event where sent_at is null")) {
            rs.next();
            return rs.getInt(1);
        }
    }

    private static List<String> consume(int expected) {
        List<String> values = new ArrayList<>();
        try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(Map.of(
                ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, Kafka.bootstrapServers(),
                ConsumerConfig.GROUP_ID_CONFIG, "outbox-test",
                ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest"), new StringDeserializer(), new StringDeserializer())) {
            consumer.subscribe(List.of(TOPIC));
            long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
            while (values.size() < expected && System.nanoTime() < deadline) {
                for (ConsumerRecord<String, String> record : consumer.poll(Duration.ofMillis(200))) {
                    values.add(record.value());
                }
            }
        }
        return values;
    }

    private static OutboxConfig config(Duration pollInterval) {
        return config(pollInterval, TOPIC);
    }

    private static OutboxConfig config(Duration pollInterval, String topic) {
        return new OutboxConfig() {
            @Override
            public String topic() {
                return topic;
            }

            @Override
            public int batchSize() {
                return 100;
            }

            @Override
            public Duration sendTimeout() {
                return Duration.ofSeconds(2);
            }

            @Override
            public Duration pollInterval() {
                return pollInterval;
            }

            @Override
            public Duration metricsInterval() {
                return Duration.ofSeconds(5);
            }
        };
    }
}
