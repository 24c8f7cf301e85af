package dev.marketplace.gateway.ratelimit.service;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;

import org.junit.jupiter.api.Test;

/** The nonce quota from Redis' memory: the documented arithmetic, and the bound it keeps. */
class NonceQuotaTest {
    private static final Duration WINDOW = Duration.ofSeconds(300);
    private static final Duration SKEW = Duration.ofSeconds(5);
    private static final long MIB = 1024 * 1024;

    @Test
    void theDefaultsAndTheProductionOverlay() {
        // 200 MiB / 110 B = 1,906,501 nonces; half for one consumer; x 300 / (300 + 606)
        assertEquals(315_645, NonceQuota.of(200 * MIB, 110, 1, 0.5, WINDOW, SKEW).perReplica());
        // deploy/kubernetes production: up to 10 replicas and one more during a rollout
        assertEquals(28_695, NonceQuota.of(200 * MIB, 110, 11, 0.5, WINDOW, SKEW).perReplica());
        assertEquals("209,715,200 bytes / 110 bytes a nonce = 1,906,501 nonces; x 0.5 for one consumer / 11 replicas"
                + " = 86,659 through one replica; x 300 s window / (300 s + 606 s longest lifetime) = 28,695 per window",
                NonceQuota.of(200 * MIB, 110, 11, 0.5, WINDOW, SKEW).arithmetic());
    }

    @Test
    void oneConsumerAtItsQuotaOnEveryReplicaFillsNoMoreThanItsShare() {
        for (int replicas : new int[] { 1, 2, 3, 11, 40 }) {
            for (double share : new double[] { 0.1, 0.5, 1 }) {
                for (long memory : new long[] { MIB, 64 * MIB, 256 * MIB, 4096 * MIB }) {
                    long quota = NonceQuota.of(memory, 110, replicas, share, WINDOW, SKEW).perReplica();
                    // a bucket of `quota` draining over the window admits quota + quota x lifetime / window within any
                    // lifetime; a nonce with a timestamp a window ahead lives 2 x 300 + 1 + 5 s
                    long keys = replicas * (quota + quota * 606 / 300);
                    assertTrue(keys * 110 <= share * memory, keys + " keys of " + memory + " bytes, " + replicas
                            + " replicas, share " + share);
                }
            }
        }
    }

    @Test
    void aBudgetTooSmallStillLetsOneThroughAndNonsenseIsRefused() {
        assertEquals(1, NonceQuota.of(110, 110, 3, 0.5, WINDOW, SKEW).perReplica());
        assertThrows(IllegalArgumentException.class, () -> NonceQuota.of(MIB, 110, 0, 0.5, WINDOW, SKEW));
        assertThrows(IllegalArgumentException.class, () -> NonceQuota.of(MIB, 110, 1, 1.5, WINDOW, SKEW));
        assertThrows(IllegalArgumentException.class, () -> NonceQuota.of(MIB, 0, 1, 0.5, WINDOW, SKEW));
    }
}
