package dev.marketplace.devstack;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import io.restassured.http.ContentType;
import io.restassured.response.Response;

import dev.marketplace.testkit.SignpostSigner;

/**
 * Two gateway processes on one database and one Redis, as two replicas behind a load balancer: a signed call accepted by
 * one is a replay at the other, whichever answered first, a consumer's leaky bucket is one bucket whichever replica its
 * calls reach, and both serve the same consumers. The replicas share nothing but PostgreSQL and Redis.
 */
class GatewayReplicasEndToEndTest {
    private static String first;
    private static String second;
    private static String companyPath;
    private final SignpostSigner signer = new SignpostSigner(DevStack.CONSUMER_KEY, DevStack.CONSUMER_SECRET);

    @BeforeAll
    static void secondReplica() throws Exception {
        first = Suite.stack().gatewayUrl();
        second = Suite.stack().startGatewayReplica(Integer.getInteger("devstack.e2e.replica-port", 28099));
        GatewayClient client = GatewayClient.bootstrapConsumer();
        String externalId = "replicas-" + UUID.randomUUID();
        String uuid = client.signed("POST", "/api/account/v2/companies").contentType(ContentType.JSON)
                .body(Map.of("name", "Replicas Inc", "externalId", externalId, "countryCode", "US"))
                .post(client.url("/api/account/v2/companies"))
                .then().statusCode(201).extract().path("uuid");
        companyPath = "/api/account/v2/companies/" + uuid;
    }

    @Test
    void aCallAcceptedByOneReplicaIsARejectedReplayAtTheOther() {
        for (String[] order : new String[][] { { first, second }, { second, first } }) {
            // the public URL the client signed; the load balancer passes its Host on to either replica
            String signedUrl = first + companyPath;
            String authorization = signer.authorization("GET", signedUrl, null);
            sendAs(signedUrl, order[0], authorization).then().statusCode(200).body("name", equalTo("Replicas Inc"));
            sendAs(signedUrl, order[1], authorization).then().statusCode(403).body("code", equalTo("FORBIDDEN"));
            sendAs(signedUrl, order[0], authorization).then().statusCode(403);
        }
    }

    @Test
    void concurrentCopiesOfOneCallSentToBothReplicasLetExactlyOneThrough() throws Exception {
        ExecutorService senders = Executors.newFixedThreadPool(8);
        try {
            for (int attempt = 0; attempt < 5; attempt++) {
                String signedUrl = first + companyPath;
                String authorization = signer.authorization("GET", signedUrl, null);
                List<CompletableFuture<Integer>> copies = new ArrayList<>();
                for (int i = 0; i < 8; i++) {
                    String target = i % 2 == 0 ? first : second;
                    copies.add(CompletableFuture.supplyAsync(() -> sendAs(signedUrl, target, authorization).statusCode(), senders));
                }
                List<Integer> statuses = new ArrayList<>();
                for (CompletableFuture<Integer> copy : copies) {
                    statuses.add(copy.get());
                }
                assertEquals(1, statuses.stream().filter(status -> status == 200).count(), "one of 8 copies passes: " + statuses);
                assertEquals(7, statuses.stream().filter(status -> status == 403).count(), "the others are replays: " + statuses);
            }
        } finally {
            senders.shutdownNow();
        }
    }

    @Test
    void aFreshlySignedCallPassesAtEitherReplica() {
        for (String replica : new String[] { first, second, second, first }) {
            String signedUrl = first + companyPath;
            sendAs(signedUrl, replica, signer.authorization("GET", signedUrl, null)).then().statusCode(200);
        }
    }

    @Test
    void theCompaniesListBucketIsOneBucketAcrossReplicas() throws Exception {
        String listUrl = first + "/api/account/v2/companies";
        // the bootstrap consumer's bucket may hold less than 20 after other tests: let it fill up (20 at 5 per second)
        Thread.sleep(4_500);
        try {
            // many calls in flight at once over both replicas, so that a slow machine still drains the bucket faster than
            // it leaks: one bucket for both lets 20 plus 5 a second through; a bucket per replica would let twice that
            int calls = 120;
            java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(40);
            java.util.List<java.util.concurrent.Future<Integer>> answers = new java.util.ArrayList<>();
            long start = System.nanoTime();
            for (int i = 0; i < calls; i++) {
                String replica = i % 2 == 0 ? first : second;
                answers.add(pool.submit(() -> sendAs(listUrl, replica, signer.authorization("GET", listUrl, null)).statusCode()));
            }
            int passed = 0;
            int refused = 0;
            for (java.util.concurrent.Future<Integer> answer : answers) {
                int status = answer.get();
                if (status == 429) {
                    refused++;
                } else {
                    assertEquals(200, status);
                    passed++;
                }
            }
            double seconds = (System.nanoTime() - start) / 1e9;
            pool.shutdown();
            int allowed = 20 + (int) Math.ceil(seconds * 5);
            assertTrue(passed >= 20 && passed <= allowed, passed + " passed in " + seconds + " s, one bucket allows " + allowed);
            if (allowed < calls) {
                assertTrue(refused > 0, "the shared bucket ran dry");
            }
        } finally {
            // leave the bucket full for the tests after this one
            Thread.sleep(4_500);
        }
    }

    /** Sends the call signed for {@code signedUrl} to {@code replica}, with the signed URL's host, as a proxy would. */
    private static Response sendAs(String signedUrl, String replica, String authorization) {
        URI signed = URI.create(signedUrl);
        return given().urlEncodingEnabled(false).header("Host", signed.getAuthority()).header("Authorization", authorization)
                .get(replica + signed.getRawPath());
    }
}
