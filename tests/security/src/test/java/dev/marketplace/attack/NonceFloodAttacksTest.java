package dev.marketplace.attack;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;

import org.junit.jupiter.api.Test;

import dev.marketplace.testkit.RedisCommands;
import dev.marketplace.testkit.SignpostSigner;
import io.restassured.response.Response;

/**
 * One tenant (or a stolen key) signing calls as fast as it can, each a fresh nonce that Redis keeps for ~306 s: Redis
 * runs with {@code noeviction}, so a full Redis refuses every tenant's signed calls (503). The tenant's nonce quota,
 * sized from the memory Redis has for nonces, stops it with a 429 while Redis still has room, and another tenant is
 * served. Against a replica of its own whose nonce budget is 512 KiB (the environment variables an operator sets), with
 * the devstack's Redis given just that much room above what it holds. Before the quota was sized (1,000,000 a window,
 * whatever Redis had), the flood ran into the full Redis and got 503 STATE_UNAVAILABLE, as every tenant would have.
 */
class NonceFloodAttacksTest {
    private static final String PATH = "/api/account/v2/users";
    private static final long BUDGET = 512 * 1024;
    // 512 KiB / 110 B = 4,766 nonces; half for one consumer, one replica: 2,383; x 300 / (300 + 606) s = 789 per window
    private static final int QUOTA = 789;

    private static Response signedGet(String replica, SignpostSigner signer) {
        return given().header("Authorization", signer.authorization("GET", replica + PATH, null)).get(replica + PATH);
    }

    @Test
    void oneTenantFloodingSignedCallsIsStoppedAtItsQuotaAndOthersAreStillServed() throws Exception {
        String replica = Stack.stack().startGatewayReplica(Integer.getInteger("attack.port", 29080) + 30, Map.of(
                "MARKETPLACE_GATEWAY_OAUTH1_NONCE_BUDGET_MEMORY", "512K",
                "MARKETPLACE_GATEWAY_OAUTH1_NONCE_BUDGET_BYTES_PER_NONCE", "110",
                "MARKETPLACE_GATEWAY_OAUTH1_NONCE_BUDGET_REPLICAS", "1",
                "MARKETPLACE_GATEWAY_OAUTH1_NONCE_BUDGET_CONSUMER_SHARE", "0.5"));
        Stack.Tenant flooder = Stack.freshTenant("NONCEFLOOD", "ROLE_PARTNER");
        Stack.Tenant bystander = Stack.freshTenant("NONCEBYSTANDER", "ROLE_PARTNER");
        SignpostSigner busy = new SignpostSigner(flooder.key(), flooder.secret());
        SignpostSigner other = new SignpostSigner(bystander.key(), bystander.secret());
        signedGet(replica, other).then().statusCode(200);

        long used = RedisCommands.memoryInfo("used_memory");
        assertEquals("+OK", RedisCommands.command("CONFIG", "SET", "maxmemory", Long.toString(used + BUDGET)));
        try {
            int admitted = 0;
            Response refused = null;
            long start = System.nanoTime();
            while (refused == null && admitted < 20_000) {
                Response r = signedGet(replica, busy);
                if (r.statusCode() == 200) {
                    admitted++;
                } else {
                    refused = r;
                }
            }
            double seconds = (System.nanoTime() - start) / 1e9;
            assertTrue(refused != null, "the flood was never refused");
            // a quota's 429, not the 503 STATE_UNAVAILABLE of a full Redis, which every tenant would get
            assertEquals(429, refused.statusCode(), refused.asString());
            refused.then().body("code", equalTo("RATE_LIMITED"));
            assertTrue(Long.parseLong(refused.header("Retry-After")) >= 1);
            // the bucket drains over the window (789 / 300 s) while the flood goes on
            assertTrue(admitted >= QUOTA && admitted <= QUOTA + Math.ceil(seconds * QUOTA / 300) + 1,
                    admitted + " admitted in " + seconds + " s");
            // and stays stopped: the bucket frees one call every 300 s / 789 (380 ms), so the very next call may be
            // admitted when a slot just drained, but no more than the drain allows
            long again = System.nanoTime();
            int readmitted = 0;
            for (int i = 0; i < 20; i++) {
                int status = signedGet(replica, busy).statusCode();
                assertTrue(status == 200 || status == 429, "status " + status);
                readmitted += status == 200 ? 1 : 0;
            }
            double more = (System.nanoTime() - again) / 1e9;
            assertTrue(readmitted <= Math.ceil(more * QUOTA / 300) + 1, readmitted + " of 20 admitted in " + more + " s");
            for (int i = 0; i < 50; i++) {
                signedGet(replica, other).then().statusCode(200);
            }
            assertTrue(RedisCommands.memoryInfo("used_memory") < used + BUDGET, "Redis kept room for the others");
        } finally {
            assertEquals("+OK", RedisCommands.command("CONFIG", "SET", "maxmemory", "0"));
        }
    }
}
