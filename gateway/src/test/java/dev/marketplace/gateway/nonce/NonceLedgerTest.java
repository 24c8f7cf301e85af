package dev.marketplace.gateway.nonce;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;

import dev.marketplace.gateway.nonce.service.NonceLedger;
import dev.marketplace.gateway.nonce.service.NonceLedger.Outcome;
import dev.marketplace.gateway.nonce.service.SipHash;

/** The in-memory ledger and its keyed hash, without the leader around them. */
class NonceLedgerTest {
    private static final long K0 = 0x0706050403020100L;
    private static final long K1 = 0x0f0e0d0c0b0a0908L;
    private static final long NOW = 1_800_000_000L;

    @Test
    void sipHashMatchesTheReferenceVectors() {
        // SipHash-2-4 paper, appendix A (key 00..0f, message 00..0e) and the reference vectors' empty message
        byte[] fifteen = new byte[15];
        for (int i = 0; i < fifteen.length; i++) {
            fifteen[i] = (byte) i;
        }
        assertEquals(0xa129ca6149be45e5L, SipHash.hash(K0, K1, fifteen));
        assertEquals(0x726fdb47dd0e0e31L, SipHash.hash(K0, K1, new byte[0]));
    }

    @Test
    void stringHashIsTheByteHashOfItsEncodingAndKeepsKeyAndNonceApart() {
        for (String[] pair : new String[][] { { "", "" }, { "k", "n" }, { "key-acme", "0123456789abcdef" },
                { "marketplace-admin", "a-nonce-of-some-length-é€" }, { "abc", "" } }) {
            String encoded = (char) pair[0].length() + pair[0] + pair[1];
            assertEquals(SipHash.hash(K0, K1, encoded.getBytes(StandardCharsets.UTF_16LE)), SipHash.hash(K0, K1, pair[0], pair[1]),
                    "hash of " + String.join("/", pair));
        }
        // the same characters split differently between key and nonce are different inputs
        assertNotEquals(SipHash.hash(K0, K1, "ab", "c"), SipHash.hash(K0, K1, "a", "bc"));
    }

    @Test
    void aNonceIsRefusedUntilItExpiresAndIsPerConsumer() {
        NonceLedger ledger = new NonceLedger(1_000_000);
        assertEquals(Outcome.FRESH, ledger.record("acme", "n1", NOW + 301, NOW));
        assertEquals(Outcome.REPLAY, ledger.record("acme", "n1", NOW + 301, NOW));
        assertEquals(Outcome.REPLAY, ledger.record("acme", "n1", NOW + 500, NOW + 300), "still live one second before expiry");
        assertEquals(Outcome.FRESH, ledger.record("other", "n1", NOW + 301, NOW), "another consumer's nonce");
        assertEquals(Outcome.FRESH, ledger.record("acme", "n1", NOW + 700, NOW + 301), "expired: usable again");
        assertEquals(Outcome.REPLAY, ledger.record("acme", "n1", NOW + 700, NOW + 302), "and recorded again");
    }

    @Test
    void manyNoncesGrowTheTablesAndExpiredBucketsAreDropped() {
        NonceLedger ledger = new NonceLedger(10_000_000);
        int n = 200_000;
        for (int i = 0; i < n; i++) {
            // expiries spread over ten minutes, as with clocks up to 300 s apart
            assertEquals(Outcome.FRESH, ledger.record("acme", "nonce-" + i, NOW + 1 + (i % 600), NOW));
        }
        assertEquals(n, ledger.size());
        for (int i = 0; i < n; i += 97) {
            assertEquals(Outcome.REPLAY, ledger.record("acme", "nonce-" + i, NOW + 900, NOW), "nonce-" + i);
        }
        ledger.dropExpired(NOW + 700);
        assertEquals(0, ledger.size(), "every nonce expired by then");
        assertEquals(Outcome.FRESH, ledger.record("acme", "nonce-1", NOW + 1000, NOW + 700));
    }

    @Test
    void aFullLedgerRefusesInsteadOfForgetting() {
        NonceLedger ledger = new NonceLedger(16 * 10);
        int full = 0;
        for (int i = 0; i < 1000; i++) {
            if (ledger.record("acme", "nonce-" + i, NOW + 301, NOW) == Outcome.FULL) {
                full++;
            }
        }
        assertEquals(1000 - 160, full, "each of the 16 stripes holds 10");
        assertEquals(Outcome.REPLAY, ledger.record("acme", "nonce-0", NOW + 301, NOW), "what it holds is still refused");
        assertEquals(Outcome.FRESH, ledger.record("acme", "nonce-0", NOW + 700, NOW + 400), "room again once expired");
    }

    @Test
    void concurrentCopiesOfOneNonceLetExactlyOneThrough() throws Exception {
        NonceLedger ledger = new NonceLedger(1_000_000);
        ExecutorService pool = Executors.newFixedThreadPool(8);
        try {
            for (int round = 0; round < 200; round++) {
                String nonce = "race-" + round;
                AtomicInteger fresh = new AtomicInteger();
                List<Future<?>> copies = new ArrayList<>();
                for (int t = 0; t < 8; t++) {
                    copies.add(pool.submit(() -> {
                        if (ledger.record("acme", nonce, NOW + 301, NOW) == Outcome.FRESH) {
                            fresh.incrementAndGet();
                        }
                    }));
                }
                for (Future<?> copy : copies) {
                    copy.get();
                }
                assertEquals(1, fresh.get(), nonce);
            }
        } finally {
            pool.shutdownNow();
        }
    }
}
