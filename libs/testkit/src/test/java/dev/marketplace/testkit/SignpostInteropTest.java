package dev.marketplace.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;

import org.junit.jupiter.api.Test;

import dev.marketplace.common.oauth.SignedRequest;

/** Our verifier accepts what an independent library signs, and only with the right secret. */
class SignpostInteropTest {
    private final SignpostSigner signer = new SignpostSigner("key-1", "s3cr3t/+=");

    @Test
    void headerSignature() {
        String url = "http://localhost:8080/api/account/v2/companies?name=A%20B&size=5";
        var parsed = SignedRequest.parse("GET", URI.create(url), signer.authorization("GET", url, null), null).orElseThrow();
        assertEquals("key-1", parsed.consumerKey());
        assertTrue(parsed.verify("s3cr3t/+=", ""));
        assertFalse(parsed.verify("other", ""));
    }

    @Test
    void formBodyParametersAreSigned() {
        String url = "http://localhost:8080/oauth2/token";
        String body = "grant_type=client_credentials&scope=ROLE_PARTNER";
        String header = signer.authorization("POST", url, body);
        assertTrue(SignedRequest.parse("POST", URI.create(url), header, body).orElseThrow().verify("s3cr3t/+=", ""));
        assertFalse(SignedRequest.parse("POST", URI.create(url), header, body + "x").orElseThrow().verify("s3cr3t/+=", ""));
    }

    @Test
    void queryStringSignature() {
        String signed = signer.signedUrl("GET", "https://marketplace.example/return?success=true&accountIdentifier=a1");
        assertTrue(SignedRequest.parse("GET", URI.create(signed), null, null).orElseThrow().verify("s3cr3t/+=", ""));
    }

    /**
     * Threads signing at once get distinct nonces: signpost's own nonces are seeded with System.nanoTime() per consumer,
     * and two signatures in the same nanosecond made a replay that the gateway refused (a flaky end-to-end test).
     */
    @Test
    void concurrentSignaturesNeverShareANonce() throws Exception {
        String url = "http://localhost:8080/api/account/v2/companies";
        Set<String> nonces = ConcurrentHashMap.newKeySet();
        CountDownLatch start = new CountDownLatch(1);
        List<Thread> threads = new ArrayList<>();
        int perThread = 5_000;
        for (int t = 0; t < 8; t++) {
            Thread thread = new Thread(() -> {
                try {
                    start.await();
                } catch (InterruptedException e) {
                    return;
                }
                for (int i = 0; i < perThread; i++) {
                    String header = signer.authorization("GET", url, null);
                    nonces.add(SignedRequest.parse("GET", URI.create(url), header, null).orElseThrow().nonce());
                }
            });
            thread.start();
            threads.add(thread);
        }
        start.countDown();
        for (Thread thread : threads) {
            thread.join();
        }
        assertEquals(8 * perThread, nonces.size());
    }
}
