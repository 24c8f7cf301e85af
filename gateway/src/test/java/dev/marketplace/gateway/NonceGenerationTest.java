package dev.marketplace.gateway;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.UUID;

import jakarta.inject.Inject;

import org.junit.jupiter.api.Test;

import dev.marketplace.gateway.auth.repository.NonceStatements;
import dev.marketplace.gateway.support.GatewayTest;
import dev.marketplace.gateway.support.GatewayTestResource;
import dev.marketplace.testkit.PostgresResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.common.ResourceArg;
import io.quarkus.test.junit.QuarkusTest;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Tuple;

/**
 * The nonce tables' turns (V3__nonce_generations.sql) through the statements of {@link NonceStatements}, with
 * 12-second generations so that a test sees several: a nonce stays refused across a change of generation, both by the
 * lookup in the previous table and, in the first seconds of a generation, by the write into it; truncating the next
 * generation's table forgets nothing live.
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
        assertTrue(remember(first), "first use");
        assertTrue(remember(second), "first use");
        assertFalse(remember(first), "replay in the same generation");

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

    /** Records the nonce with the statement the gateway would choose now, on the database's clock. */
    private boolean remember(String nonce) {
        // live for 10 s: long enough for every check above, as a timestamp in the window would be
        OffsetDateTime expires = OffsetDateTime.now(ZoneOffset.UTC).plusSeconds(10);
        String statement = NonceStatements.at((long) (epoch() * 1000), GENERATION);
        return pool.preparedQuery(statement).execute(Tuple.of(KEY, nonce, expires))
                .await().atMost(Duration.ofSeconds(10)).rowCount() == 1;
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
