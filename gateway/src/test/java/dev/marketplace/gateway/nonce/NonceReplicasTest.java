package dev.marketplace.gateway.nonce;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

import org.flywaydb.core.Flyway;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import dev.marketplace.common.error.ApiException;
import dev.marketplace.gateway.config.GatewayConfig;
import dev.marketplace.gateway.nonce.repository.LeaderRecord;
import dev.marketplace.gateway.nonce.repository.NonceJournal;
import dev.marketplace.gateway.nonce.service.NonceStore;
import dev.marketplace.testkit.Postgres;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.vertx.core.Vertx;
import io.vertx.pgclient.PgBuilder;
import io.vertx.pgclient.PgConnectOptions;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.PoolOptions;

/**
 * Several gateway replicas against one real PostgreSQL database (their own, migrated like the gateway's), each with its
 * own Vert.x, nonce link and leadership connection, exactly as separate processes would have: a nonce is used once
 * across all of them, through hand-overs and the loss of a leader.
 */
class NonceReplicasTest {
    private static final String DATABASE = "gateway_nonce_replicas";
    private static final String SHARED_KEY = "replicas-shared-encryption-key";
    private static PgConnectOptions database;
    private static String jdbcUrl;

    private final List<Replica> replicas = new ArrayList<>();

    /** One replica; {@code remember} blocks for the answer (true: first use). */
    record Replica(String name, Vertx vertx, Pool pool, NonceJournal journal, NonceStore store, SimpleMeterRegistry meters) {
        boolean remember(String consumer, String nonce) {
            return answer(consumer, nonce).join();
        }

        CompletableFuture<Boolean> answer(String consumer, String nonce) {
            return store.remember(consumer, nonce, System.currentTimeMillis() / 1000 + 301).toCompletionStage().toCompletableFuture();
        }

        boolean leading() {
            return store.leading();
        }

        /**
         * Vanishes like a killed process: no hand-over, its connections just drop. (A check in flight at that moment
         * has no known outcome and is answered 503; those asked afterwards wait for a successor.)
         */
        void crash() {
            try {
                vertx.close().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        }
    }

    record NonceSettings(Duration takeoverDelay, Duration leaderWait, long maxEntries) implements GatewayConfig.Nonce {
        NonceSettings(Duration takeoverDelay, Duration leaderWait) {
            this(takeoverDelay, leaderWait, 1_000_000);
        }

        @Override
        public int port() {
            return 0;
        }

        @Override
        public String bindHost() {
            return "127.0.0.1";
        }

        @Override
        public Optional<String> advertisedHost() {
            return Optional.of("127.0.0.1");
        }

        @Override
        public Duration journalInterval() {
            return Duration.ofMillis(25);
        }

        @Override
        public Duration leaseCheckInterval() {
            return Duration.ofMillis(200);
        }

        @Override
        public Duration linkTimeout() {
            return Duration.ofSeconds(2);
        }
    }

    @BeforeAll
    static void migrate() {
        Map<String, String> config = Postgres.datasourceConfig(DATABASE);
        jdbcUrl = config.get("quarkus.datasource.jdbc.url");
        Flyway.configure().dataSource(jdbcUrl, "postgres", "postgres").locations("classpath:db/migration").load().migrate();
        database = PgConnectOptions.fromUri(config.get("quarkus.datasource.reactive.url")).setUser("postgres").setPassword("postgres");
    }

    @BeforeEach
    void forgetEarlierLeaders() throws Exception {
        sql("truncate nonce_leader, oauth_nonce_0, oauth_nonce_1, oauth_nonce_2");
    }

    @AfterEach
    void stopReplicas() throws Exception {
        // all at once, so that none takes over from another and outlives its test
        for (Replica replica : replicas) {
            replica.crash();
        }
        sql("select pg_terminate_backend(pid) from pg_locks where locktype = 'advisory'");
    }

    /** Two replicas on the shared database, once one of them leads. */
    private LeaderAndFollower leaderAndFollower() throws Exception {
        List<Replica> two = List.of(start("a", SHARED_KEY), start("b", SHARED_KEY));
        Replica leader = awaitLeader(two);
        return new LeaderAndFollower(leader, two.get(0) == leader ? two.get(1) : two.get(0));
    }

    private record LeaderAndFollower(Replica leader, Replica follower) {
        /** A new consumer's nonces n0..n(count-1), accepted alternately by the leader and the follower. */
        String rememberedAlternately(int count) {
            String consumer = "consumer-" + UUID.randomUUID();
            for (int i = 0; i < count; i++) {
                assertTrue((i % 2 == 0 ? leader : follower).remember(consumer, "n" + i));
            }
            return consumer;
        }
    }

    @Test
    void aNonceIsUsedOnceAcrossReplicasEvenWhenCopiesRace() throws Exception {
        List<Replica> three = List.of(start("a", SHARED_KEY), start("b", SHARED_KEY), start("c", SHARED_KEY));
        Replica leader = awaitLeader(three);
        assertEquals(1, three.stream().filter(Replica::leading).count(), "one leader");

        String consumer = "consumer-" + UUID.randomUUID();
        for (Replica first : three) {
            String nonce = "used-first-on-" + first.name();
            assertTrue(first.remember(consumer, nonce), nonce);
            for (Replica other : three) {
                assertFalse(other.remember(consumer, nonce), nonce + " replayed on " + other.name());
            }
        }
        assertTrue(three.get(1).remember("another-" + consumer, "used-first-on-a"), "nonces are per consumer");

        for (int round = 0; round < 20; round++) {
            String nonce = "race-" + round;
            List<CompletableFuture<Boolean>> copies = new ArrayList<>();
            for (int copy = 0; copy < 12; copy++) {
                copies.add(three.get(copy % 3).answer(consumer, nonce));
            }
            long fresh = 0;
            for (CompletableFuture<Boolean> copy : copies) {
                fresh += copy.get(10, TimeUnit.SECONDS) ? 1 : 0;
            }
            assertEquals(1, fresh, nonce + ": exactly one of 12 concurrent copies over 3 replicas passes");
        }
        assertTrue(leader.leading(), "leadership did not move");
    }

    @Test
    void aLeaderSteppingDownHandsEveryNonceToItsSuccessorAtOnce() throws Exception {
        LeaderAndFollower pair = leaderAndFollower();
        Replica leader = pair.leader();
        Replica follower = pair.follower();
        String consumer = pair.rememberedAlternately(200);

        long start = System.nanoTime();
        leader.store().stop();
        // asked while the hand-over runs: waits for the successor instead of failing
        CompletableFuture<Boolean> duringHandOver = follower.answer(consumer, "during-hand-over");
        assertTrue(duringHandOver.get(10, TimeUnit.SECONDS));
        long handOverMillis = (System.nanoTime() - start) / 1_000_000;
        assertTrue(follower.leading(), "the follower leads now");
        assertTrue(handOverMillis < 2_500, "a clean hand-over does not wait out the 3 s take-over delay: " + handOverMillis + " ms");
        for (int i = 0; i < 200; i++) {
            assertFalse(follower.remember(consumer, "n" + i), "n" + i + " is known to the successor");
        }
        assertFalse(follower.remember(consumer, "during-hand-over"));
    }

    @Test
    void aLeaderThatVanishesIsReplacedAfterTheTakeOverDelayAndItsJournaledNoncesStayRefused() throws Exception {
        LeaderAndFollower pair = leaderAndFollower();
        Replica leader = pair.leader();
        Replica follower = pair.follower();
        String consumer = pair.rememberedAlternately(100);
        awaitJournaled(leader);

        long start = System.nanoTime();
        leader.crash();
        CompletableFuture<Boolean> duringGap = follower.answer(consumer, "asked-while-nobody-leads");
        assertTrue(duringGap.get(10, TimeUnit.SECONDS), "a check waits for the successor");
        long gapMillis = (System.nanoTime() - start) / 1_000_000;
        assertTrue(follower.leading());
        assertTrue(gapMillis >= 3_000, "the successor waited out the take-over delay: " + gapMillis + " ms");
        for (int i = 0; i < 100; i++) {
            assertFalse(follower.remember(consumer, "n" + i), "n" + i + " accepted by the vanished leader stays refused");
        }
        assertTrue(follower.remember(consumer, "n100"));
    }

    @Test
    void aReplicaWithoutTheSharedKeyGetsNoAnswerAndRecordsNothing() throws Exception {
        Replica leader = start("a", SHARED_KEY);
        awaitLeader(List.of(leader));
        Replica stranger = start("x", "some-other-key", Duration.ofSeconds(1));
        String consumer = "consumer-" + UUID.randomUUID();

        ExecutionException refused = org.junit.jupiter.api.Assertions.assertThrows(ExecutionException.class,
                () -> stranger.answer(consumer, "from-a-stranger").get(10, TimeUnit.SECONDS));
        ApiException failure = assertInstanceOf(ApiException.class, refused.getCause());
        assertEquals(503, failure.status());
        assertTrue(leader.remember(consumer, "from-a-stranger"), "the leader never recorded it");
    }

    @Test
    void theJournalTruncatesOnlyTheNextGenerationsTable() throws Exception {
        Replica replica = start("a", SHARED_KEY);
        awaitLeader(List.of(replica));
        int generationSeconds = 601;
        long now = System.currentTimeMillis();
        int current = NonceJournal.currentTable(now, generationSeconds);
        int next = (current + 1) % 3;
        sql("insert into oauth_nonce_" + next + " values ('c', 'expired-long-ago', now() - interval '20 minutes')");
        sql("insert into oauth_nonce_" + current + " values ('c', 'live', now() + interval '5 minutes')");
        assertTrue(replica.journal().truncateNextGeneration().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS));
        assertEquals(0, count("oauth_nonce_" + next));
        assertEquals(1, count("oauth_nonce_" + current));
        assertFalse(replica.journal().truncateNextGeneration().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS),
                "nothing left to truncate");
    }

    @Test
    void journalTablesAreLoggedAndLeftAloneByAutovacuum() throws Exception {
        // logged: they must survive a database crash; no autovacuum: they are only inserted into and truncated
        assertEquals(3, scalar("select count(*) from pg_class where relname in ('oauth_nonce_0', 'oauth_nonce_1', 'oauth_nonce_2')"
                + " and relpersistence = 'p' and reloptions @> array['autovacuum_enabled=false']"));
    }

    @Test
    void aFullLedgerRefusesNewNoncesWith503AndCountsThem() throws Exception {
        // 16 live nonces at most: one per stripe, so the ledger fills after a handful of calls
        Replica leader = awaitLeader(List.of(start("small", SHARED_KEY,
                new NonceSettings(Duration.ofSeconds(3), Duration.ofSeconds(10), 16))));
        String consumer = "consumer-" + UUID.randomUUID();
        List<String> accepted = new ArrayList<>();
        int refused = 0;
        for (int i = 0; i < 200; i++) {
            try {
                assertTrue(leader.answer(consumer, "n" + i).get(10, TimeUnit.SECONDS));
                accepted.add("n" + i);
            } catch (ExecutionException e) {
                ApiException refusal = assertInstanceOf(ApiException.class, e.getCause());
                assertEquals(503, refusal.status());
                refused++;
            }
        }
        assertTrue(!accepted.isEmpty() && accepted.size() <= 16, accepted.size() + " accepted");
        assertEquals(200 - accepted.size(), refused);
        assertEquals(refused, leader.meters().get("gateway.nonce.ledger.full").counter().count());
        assertEquals(refused, leader.meters().get("gateway.nonce.unavailable").counter().count());
        // a full ledger still knows what it holds: a replay is refused as a replay, not let through
        assertFalse(leader.remember(consumer, accepted.get(0)));
    }

    private Replica start(String name, String encryptionKey) {
        return start(name, encryptionKey, Duration.ofSeconds(10));
    }

    private Replica start(String name, String encryptionKey, Duration leaderWait) {
        return start(name, encryptionKey, new NonceSettings(Duration.ofSeconds(3), leaderWait));
    }

    private Replica start(String name, String encryptionKey, NonceSettings settings) {
        Vertx vertx = Vertx.vertx();
        Pool pool = PgBuilder.pool().with(new PoolOptions().setMaxSize(4)).connectingTo(database).using(vertx).build();
        NonceJournal journal = new NonceJournal(pool, vertx, 601);
        SimpleMeterRegistry meters = new SimpleMeterRegistry();
        NonceStore store = new NonceStore(vertx, settings, encryptionKey, database, new LeaderRecord(), journal, meters);
        store.start();
        Replica replica = new Replica(name, vertx, pool, journal, store, meters);
        replicas.add(replica);
        return replica;
    }

    private static Replica awaitLeader(List<Replica> candidates) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(15);
        while (System.nanoTime() < deadline) {
            for (Replica replica : candidates) {
                if (replica.leading()) {
                    return replica;
                }
            }
            Thread.sleep(20);
        }
        throw new AssertionError("no replica became the nonce leader");
    }

    private static void awaitJournaled(Replica replica) throws Exception {
        replica.journal().flushAll().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
        assertEquals(0, replica.journal().pendingCount());
    }

    private static void sql(String statement) throws Exception {
        try (Connection c = DriverManager.getConnection(jdbcUrl, "postgres", "postgres"); Statement st = c.createStatement()) {
            st.execute(statement);
        }
    }

    private static long count(String table) throws Exception {
        return scalar("select count(*) from " + table);
    }

    private static long scalar(String query) throws Exception {
        try (Connection c = DriverManager.getConnection(jdbcUrl, "postgres", "postgres"); Statement st = c.createStatement();
                var rs = st.executeQuery(query)) {
            assertTrue(rs.next());
            assertNotNull(rs.getObject(1));
            return rs.getLong(1);
        }
    }
}
