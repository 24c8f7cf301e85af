package dev.marketplace.gateway;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import dev.marketplace.common.security.Roles;
import dev.marketplace.gateway.auth.service.NonceReplayCache;
import dev.marketplace.gateway.config.GatewayConfig;
import dev.marketplace.gateway.consumer.service.ChannelConsumerService;
import dev.marketplace.gateway.ratelimit.service.RateLimitClock;
import dev.marketplace.gateway.ratelimit.service.RateLimiter;
import dev.marketplace.gateway.state.RedisPipeline;
import dev.marketplace.gateway.support.GatewayTest;
import dev.marketplace.gateway.support.GatewayTestResource;
import dev.marketplace.gateway.support.Signing;
import dev.marketplace.gateway.support.TestClock;
import dev.marketplace.testkit.PostgresResource;
import dev.marketplace.testkit.Redis;
import dev.marketplace.testkit.RedisResource;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.common.ResourceArg;
import io.quarkus.test.junit.QuarkusTest;
import io.vertx.core.Vertx;

/**
 * The gateway under test is one replica; a second one is built here from the same classes and configuration, on a Vert.x
 * and a Redis client of its own, as another process would have. They share nothing but the Redis server: a nonce
 * accepted by either is refused by the other, copies racing over both let exactly one through, and a consumer's bucket
 * is one bucket whichever replica a call reaches.
 */
@QuarkusTest
@QuarkusTestResource(value = PostgresResource.class, initArgs = @ResourceArg(name = "database", value = "gateway"))
@QuarkusTestResource(RedisResource.class)
@QuarkusTestResource(GatewayTestResource.class)
class SharedStateReplicasTest extends GatewayTest {
    private static final String PATH = "/api/lead/v2/leads";
    private static final String COMPANIES = "/api/account/v2/companies";
    private static Vertx otherVertx;
    private static io.vertx.core.Context otherLoop;
    private static NonceReplayCache otherNonces;
    private static RateLimiter otherLimiter;

    private final ChannelConsumerService consumers;
    private final GatewayConfig config;
    private final TestClock clock;

    SharedStateReplicasTest(ChannelConsumerService consumers, GatewayConfig config, TestClock clock) {
        this.consumers = consumers;
        this.config = config;
        this.clock = clock;
    }

    @BeforeAll
    static void otherVertx() {
        otherVertx = Vertx.vertx();
        otherLoop = otherVertx.getOrCreateContext();
    }

    /** The other replica: same configuration (key prefix, nonce-key secret, limits), its own Vert.x and Redis client. */
    @BeforeEach
    void otherReplica() {
        if (otherNonces != null) {
            return;
        }
        RedisPipeline otherRedis = new RedisPipeline(() -> io.vertx.redis.client.Redis.createClient(otherVertx, Redis.url()),
                true, otherVertx, config, new SimpleMeterRegistry());
        otherNonces = new NonceReplayCache(otherRedis, config);
        TestClock sharedClock = clock;
        otherLimiter = new RateLimiter(config, otherRedis, new RateLimitClock() {
            @Override
            public long nowMicros() {
                return sharedClock.nowMicros();
            }
        });
    }

    @AfterAll
    static void stopOtherReplica() throws Exception {
        otherNonces = null;
        otherLimiter = null;
        otherVertx.close().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
    }

    @AfterEach
    void realTime() {
        clock.release();
    }

    private boolean otherAccepts(String consumerKey, String nonce, long timestamp) throws Exception {
        return otherNonces.firstUse(consumerKey, nonce, timestamp).toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
    }

    @Test
    void aNonceAcceptedByOneReplicaIsRefusedByTheOther() throws Exception {
        channelConsumer(consumers, "REPLICAS", Roles.PARTNER);
        String key = keyOf("REPLICAS");
        long now = System.currentTimeMillis() / 1000;

        // first at the gateway under test, then at the other replica
        String first = "first-here-" + UUID.randomUUID();
        given().header("Authorization", Signing.authorization(key, secretOf("REPLICAS"), "GET", url(PATH), null, now, first, null))
                .get(PATH).then().statusCode(200);
        assertFalse(otherAccepts(key, first, now), "the other replica refuses a nonce this one accepted");

        // first at the other replica, then here: 403, as any refused signature
        String second = "first-there-" + UUID.randomUUID();
        assertTrue(otherAccepts(key, second, now));
        given().header("Authorization", Signing.authorization(key, secretOf("REPLICAS"), "GET", url(PATH), null, now, second, null))
                .get(PATH).then().statusCode(403);
        assertFalse(otherAccepts(key, second, now));

        // per consumer: the same nonce value is fresh for another consumer
        assertTrue(otherAccepts("another-" + key, second, now));
    }

    @Test
    void copiesOfOneSignedCallRacingOverBothReplicasLetExactlyOneThrough() throws Exception {
        channelConsumer(consumers, "RACE", Roles.PARTNER);
        String key = keyOf("RACE");
        ExecutorService senders = Executors.newFixedThreadPool(12);
        try {
            for (int round = 0; round < 10; round++) {
                long now = System.currentTimeMillis() / 1000;
                String nonce = "race-" + round + "-" + UUID.randomUUID();
                String authorization = Signing.authorization(key, secretOf("RACE"), "GET", url(PATH), null, now, nonce, null);
                List<CompletableFuture<Boolean>> copies = new ArrayList<>();
                for (int copy = 0; copy < 12; copy++) {
                    copies.add(copy % 2 == 0
                            ? CompletableFuture.supplyAsync(() -> given().header("Authorization", authorization).get(PATH)
                                    .statusCode() == 200, senders)
                            : otherNonces.firstUse(key, nonce, now).toCompletionStage().toCompletableFuture());
                }
                long passed = 0;
                for (CompletableFuture<Boolean> copy : copies) {
                    passed += copy.get(30, TimeUnit.SECONDS) ? 1 : 0;
                }
                assertEquals(1, passed, nonce + ": exactly one of 12 copies over two replicas passes");
            }
        } finally {
            senders.shutdownNow();
        }
    }

    /**
     * Nonces checked in one turn of an event loop go to Redis in one batch (RedisPipeline.sendBatched): each still gets
     * its own answer, a repeat within the batch included.
     */
    @Test
    void noncesOfOneTurnOfTheLoopAreBatchedAndEachAnsweredOnItsOwn() throws Exception {
        long now = System.currentTimeMillis() / 1000;
        String key = "batch-" + UUID.randomUUID();
        // the loop's connection is opened by a first call
        assertTrue(onTheLoop(() -> List.of(otherNonces.firstUse(key, "opening", now))).get(0));
        String seen = "seen-" + UUID.randomUUID();
        assertTrue(otherAccepts(key, seen, now));
        List<Boolean> answers = onTheLoop(() -> {
            List<io.vertx.core.Future<Boolean>> batch = new ArrayList<>();
            for (int i = 0; i < 10; i++) {
                batch.add(otherNonces.firstUse(key, "fresh-" + i, now));
            }
            batch.add(otherNonces.firstUse(key, "fresh-3", now));
            batch.add(otherNonces.firstUse(key, seen, now));
            return batch;
        });
        for (int i = 0; i < 10; i++) {
            assertTrue(answers.get(i), "fresh-" + i);
        }
        assertFalse(answers.get(10), "a nonce repeated within the batch");
        assertFalse(answers.get(11), "a nonce seen before the batch");
    }

    /**
     * Calls {@code calls} in one task on an event loop of the other replica, always the same one (its connection is that
     * loop's), and waits for all their answers.
     */
    private static List<Boolean> onTheLoop(java.util.function.Supplier<List<io.vertx.core.Future<Boolean>>> calls)
            throws Exception {
        CompletableFuture<List<Boolean>> answers = new CompletableFuture<>();
        otherLoop.runOnContext(v -> {
            List<io.vertx.core.Future<Boolean>> futures = calls.get();
            io.vertx.core.Future.all(futures).onComplete(all -> {
                if (all.failed()) {
                    answers.completeExceptionally(all.cause());
                } else {
                    answers.complete(futures.stream().map(io.vertx.core.Future::result).toList());
                }
            });
        });
        return answers.get(10, TimeUnit.SECONDS);
    }

    @Test
    void aConsumersBucketIsOneBucketAcrossReplicas() throws Exception {
        var signer = channelConsumer(consumers, "SHAREDBUCKET", Roles.PARTNER);
        clock.freeze();
        // 12 of the 20 taken at the other replica, the rest here, then both refuse
        for (int i = 0; i < 12; i++) {
            assertTrue(otherLimiter.check(keyOf("SHAREDBUCKET"), otherLimiter.ruleFor("GET", COMPANIES)).toCompletionStage().toCompletableFuture()
                    .get(10, TimeUnit.SECONDS).allowed(), "other replica, request " + (i + 1));
        }
        for (int i = 0; i < 8; i++) {
            assertEquals(200, given().header("Authorization", signer.authorization("GET", url(COMPANIES), null)).get(COMPANIES)
                    .statusCode(), "this replica, request " + (i + 13));
        }
        given().header("Authorization", signer.authorization("GET", url(COMPANIES), null)).get(COMPANIES).then().statusCode(429)
                .header("Retry-After", "1");
        RateLimiter.Decision refused = otherLimiter.check(keyOf("SHAREDBUCKET"), otherLimiter.ruleFor("GET", COMPANIES)).toCompletionStage()
                .toCompletableFuture().get(10, TimeUnit.SECONDS);
        assertFalse(refused.allowed());
        assertEquals(1, refused.retryAfterSeconds());
    }
}
