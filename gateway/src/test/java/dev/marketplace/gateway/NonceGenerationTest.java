package dev.marketplace.gateway;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.Arrays;
import java.util.HashSet;
import java.util.Set;
import java.util.UUID;

import jakarta.inject.Inject;

import org.junit.jupiter.api.Test;

import dev.marketplace.gateway.support.GatewayTest;
import dev.marketplace.gateway.support.GatewayTestResource;
import dev.marketplace.testkit.PostgresResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.common.ResourceArg;
import io.quarkus.test.junit.QuarkusTest;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Tuple;

/**
 * The nonce tables' turns (V3__nonce_generations.sql, checked in batches since V5), with 12-second generations so that a test sees several: a
 * nonce stays refused across a change of generation, both by the lookup in the previous table and, in the first
 * seconds of a generation, by the write into it; truncating the next generation's table forgets nothing live.
 */
@QuarkusTest
@QuarkusTestResource(value = PostgresResource.class, initArgs = @ResourceArg(name = "database", value = "gateway"))
@QuarkusTestResource(GatewayTestResource.class)
class NonceGenerationTest extends GatewayTest {
    private static final int GENERATION = 12;
    private static final String KEY = "generation-test";

    @Inject
    Pool pool;

    @Test
    void nonceStaysRefusedAcrossGenerationsAndTruncationKeepsLiveOnes() throws InterruptedException {
        waitForPhase(8, 10);
        long generation = generation();
        String first = UUID.randomUUID().toString();
        String second = UUID.randomUUID().toString();
        assertEquals(Set.of(first, second), remember(first, second), "first use of both, in one call");
        String third = UUID.randomUUID().toString();
        assertEquals(Set.of(third), remember(first, third), "replay in the same generation, beside a first use");

        // first seconds of the next generation (< 1.2 s): refused by the write into the previous table
        waitForPhase(0, 1);
        assertEquals(generation + 1, generation());
        assertFalse(remember(second), "replay just after the change of generation");

        // later in that generation: refused by the lookup in the previous table
        waitForPhase(2, 4);
        assertFalse(remember(first), "replay in the next generation");
        String fresh = UUID.randomUUID().toString();
        assertTrue(remember(fresh), "a new nonce still passes");

        // the table after the current one only holds what expired before this generation: emptying it forgets nothing
        int next = pool.preparedQuery("select oauth_nonce_truncate_next($1)").execute(Tuple.of(GENERATION))
                .await().atMost(Duration.ofSeconds(10)).iterator().next().getInteger(0);
        int nextTable = (int) ((generation() + 1) % 3);
        assertTrue(next == -1 || next == nextTable, "truncated table " + next);
        long left = pool.query("select count(*) from oauth_nonce_" + nextTable).execute()
                .await().atMost(Duration.ofSeconds(10)).iterator().next().getLong(0);
        assertEquals(0, left);
        assertFalse(remember(first), "still refused after the truncation");
        assertFalse(remember(fresh), "still refused after the truncation");
    }

    private boolean remember(String nonce) {
        return remember(new String[] {nonce}).contains(nonce);
    }

    /** The nonces of one call that were used for the first time. */
    private Set<String> remember(String... nonces) {
        // live for 10 s: long enough for every check above, as a timestamp in the window would be
        OffsetDateTime[] expires = new OffsetDateTime[nonces.length];
        Arrays.fill(expires, OffsetDateTime.now(ZoneOffset.UTC).plusSeconds(10));
        String[] keys = new String[nonces.length];
        Arrays.fill(keys, KEY);
        Set<String> recorded = new HashSet<>();
        pool.preparedQuery("select * from oauth_nonce_remember_all($1, $2, $3, $4)")
                .execute(Tuple.of(keys, nonces, expires, GENERATION))
                .await().atMost(Duration.ofSeconds(10))
                .forEach(row -> recorded.add(row.getString("recorded_nonce")));
        return recorded;
    }

    private double epoch() {
        return pool.query("select extract(epoch from now())::float8").execute().await().atMost(Duration.ofSeconds(10))
                .iterator().next().getDouble(0);
    }

    private long generation() {
        return (long) Math.floor(epoch() / GENERATION);
    }

    /** Waits until the database clock is between {@code from} and {@code to} seconds into a generation. */
    private void waitForPhase(double from, double to) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(3L * GENERATION).toNanos();
        while (System.nanoTime() < deadline) {
            double phase = epoch() % GENERATION;
            if (phase >= from && phase < to) {
                return;
            }
            Thread.sleep(50);
        }
        throw new AssertionError("the database clock never reached phase " + from + " s");
    }
}
