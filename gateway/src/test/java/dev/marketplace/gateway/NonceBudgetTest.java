package dev.marketplace.gateway;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;

import org.junit.jupiter.api.Test;

import dev.marketplace.common.security.Roles;
import dev.marketplace.gateway.consumer.service.ChannelConsumerService;
import dev.marketplace.gateway.support.GatewayTest;
import dev.marketplace.gateway.support.GatewayTestResource;
import dev.marketplace.testkit.PostgresResource;
import dev.marketplace.testkit.RedisCommands;
import dev.marketplace.testkit.RedisResource;
import dev.marketplace.testkit.SignpostSigner;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.common.ResourceArg;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import io.restassured.response.Response;

/**
 * One tenant signing as fast as it can, against a Redis with 512 KiB left for nonces and {@code noeviction} (as
 * production runs it, where a full Redis refuses every tenant's signed calls): with the nonce budget configured to
 * those 512 KiB (by the environment variables an operator sets), its quota stops it while Redis still has room, and
 * another tenant is served.
 */
@QuarkusTest
@TestProfile(NonceBudgetTest.HalfAMebibyte.class)
@QuarkusTestResource(value = PostgresResource.class, initArgs = @ResourceArg(name = "database", value = "gateway"))
@QuarkusTestResource(RedisResource.class)
@QuarkusTestResource(GatewayTestResource.class)
class NonceBudgetTest extends GatewayTest {
    private static final String PATH = "/api/lead/v2/leads";
    private static final long BUDGET = 512 * 1024;
    private final ChannelConsumerService consumers;

    public static class HalfAMebibyte implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("MARKETPLACE_GATEWAY_OAUTH1_NONCE_BUDGET_MEMORY", "512K",
                    "MARKETPLACE_GATEWAY_OAUTH1_NONCE_BUDGET_BYTES_PER_NONCE", "110",
                    "MARKETPLACE_GATEWAY_OAUTH1_NONCE_BUDGET_REPLICAS", "1");
        }
    }

    NonceBudgetTest(ChannelConsumerService consumers) {
        this.consumers = consumers;
    }

    private static Response signedGet(SignpostSigner signer) {
        return signed(signer, "GET", PATH).get(PATH);
    }

    @Test
    void oneTenantAtItsQuotaLeavesRedisRoomForTheOthers() throws Exception {
        SignpostSigner busy = channelConsumer(consumers, "FLOODER", Roles.PARTNER);
        SignpostSigner other = channelConsumer(consumers, "BYSTANDER", Roles.PARTNER);
        signedGet(other).then().statusCode(200);
        long used = RedisCommands.memoryInfo("used_memory");
        assertEquals("OK", RedisCommands.command("CONFIG", "SET", "maxmemory", Long.toString(used + BUDGET)).substring(1));
        try {
            int admitted = 0;
            Response refused = null;
            long start = System.nanoTime();
            while (refused == null && admitted < 50_000) {
                Response r = signedGet(busy);
                if (r.statusCode() == 200) {
                    admitted++;
                } else {
                    refused = r;
                }
            }
            assertTrue(refused != null, "the flood was never refused");
            double seconds = (System.nanoTime() - start) / 1e9;
            assertEquals(429, refused.statusCode(), "refused by its quota, not by a full Redis: " + refused.asString());
            assertEquals("RATE_LIMITED", refused.jsonPath().getString("code"));
            // 512 KiB / 110 B = 4,766 nonces; half for one consumer, one replica: 2,383; x 300 / (300 + 606) = 789,
            // draining over the window (789 / 300 s) while the flood goes on
            assertTrue(admitted >= 789 && admitted <= 789 + Math.ceil(seconds * 789 / 300) + 1,
                    admitted + " admitted in " + seconds + " s");
            for (int i = 0; i < 100; i++) {
                signedGet(other).then().statusCode(200);
            }
            assertTrue(RedisCommands.memoryInfo("used_memory") < used + BUDGET, "Redis kept room");
        } finally {
            assertEquals("OK", RedisCommands.command("CONFIG", "SET", "maxmemory", "0").substring(1));
        }
    }
}
