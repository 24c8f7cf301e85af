package dev.marketplace.gateway.nonce.service;

import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

/**
 * The nonces of every consumer still inside their timestamp window, in memory: what the nonce leader checks each signed
 * call against. Nothing here is a Java object per nonce: a nonce is a 96-bit keyed hash (SipHash-2-4 with this ledger's
 * secret keys) plus its expiry, two longs in an open-addressing table, so that hundreds of thousands of live nonces cost
 * the garbage collector nothing to keep. Tables are grouped by expiry ({@value #BUCKET_SECONDS} s per bucket) and a
 * bucket whose nonces have all expired is dropped whole. Sixteen stripes, each with its own lock, keep event loops
 * from waiting on each other.
 * <p>
 * Two different nonces are taken for one only if 100 bits of two keyed hashes agree: with a million live nonces, about
 * once in 10^18 calls.
 */
public final class NonceLedger {
    /** A check's answer. */
    public enum Outcome {
        /** First use within the window: recorded. */
        FRESH,
        /** Used before and not yet expired. */
        REPLAY,
        /** The ledger holds its maximum number of live nonces: refuse rather than forget. */
        FULL
    }

    static final int BUCKET_SECONDS = 30;
    private static final int STRIPES = 16;

    private final long k0a;
    private final long k1a;
    private final long k0b;
    private final long k1b;
    private final long maxPerStripe;
    private final Stripe[] stripes = new Stripe[STRIPES];

    public NonceLedger(long maxEntries) {
        SecureRandom random = new SecureRandom();
        this.k0a = random.nextLong();
        this.k1a = random.nextLong();
        this.k0b = random.nextLong();
        this.k1b = random.nextLong();
        this.maxPerStripe = Math.max(1, maxEntries / STRIPES);
        for (int i = 0; i < STRIPES; i++) {
            stripes[i] = new Stripe();
        }
    }

    /**
     * Records the nonce unless it is live already.
     *
     * @param expiresAt epoch second from which the nonce may be used again (timestamp + window + 1)
     * @param now the current epoch second
     */
    public Outcome record(String consumerKey, String nonce, long expiresAt, long now) {
        long h1 = SipHash.hash(k0a, k1a, consumerKey, nonce);
        long h2 = SipHash.hash(k0b, k1b, consumerKey, nonce);
        Stripe stripe = stripes[(int) (h2 >>> 60)];
        synchronized (stripe) {
            return stripe.record(h1 == 0 ? 1 : h1, (int) h2, expiresAt, now, maxPerStripe);
        }
    }

    /** Live nonces held (expired ones not yet dropped included). */
    public long size() {
        long total = 0;
        for (Stripe stripe : stripes) {
            synchronized (stripe) {
                total += stripe.entries;
            }
        }
        return total;
    }

    /** Forgets everything: a replica that stops leading must not answer from what may no longer be the whole story. */
    public void clear() {
        for (Stripe stripe : stripes) {
            synchronized (stripe) {
                stripe.buckets.clear();
                stripe.entries = 0;
            }
        }
    }

    /** Drops every bucket whose nonces have all expired. */
    public void dropExpired(long now) {
        for (Stripe stripe : stripes) {
            synchronized (stripe) {
                stripe.dropExpired(now);
            }
        }
    }

    private static final class Stripe {
        final List<Bucket> buckets = new ArrayList<>();
        long entries;

        Outcome record(long h1, int h2, long expiresAt, long now, long max) {
            Bucket target = null;
            long targetIndex = Math.floorDiv(expiresAt, BUCKET_SECONDS);
            boolean expiredSeen = false;
            for (int i = 0; i < buckets.size(); i++) {
                Bucket bucket = buckets.get(i);
                if (bucket.lastSecond() < now) {
                    expiredSeen = true;
                    continue;
                }
                long seenUntil = bucket.expiryOf(h1, h2);
                if (seenUntil > now) {
                    return Outcome.REPLAY;
                }
                if (bucket.index == targetIndex) {
                    target = bucket;
                }
            }
            if (expiredSeen) {
                dropExpired(now);
            }
            if (entries >= max) {
                return Outcome.FULL;
            }
            if (target == null) {
                target = new Bucket(targetIndex);
                buckets.add(target);
            }
            if (target.put(h1, h2, expiresAt)) {
                entries++;
            }
            return Outcome.FRESH;
        }

        void dropExpired(long now) {
            for (Iterator<Bucket> it = buckets.iterator(); it.hasNext();) {
                Bucket bucket = it.next();
                if (bucket.lastSecond() < now) {
                    entries -= bucket.count;
                    it.remove();
                }
            }
        }
    }

    /**
     * Nonces expiring within one {@value #BUCKET_SECONDS}-second span: linear probing over pairs of longs, the first
     * hash (never 0: 0 marks a free slot) and the second hash's low 32 bits beside the expiry second.
     */
    private static final class Bucket {
        private static final int INITIAL_SLOTS = 256;
        final long index;
        long[] slots = new long[2 * INITIAL_SLOTS];
        int count;

        Bucket(long index) {
            this.index = index;
        }

        long lastSecond() {
            return index * BUCKET_SECONDS + BUCKET_SECONDS - 1;
        }

        /** The expiry recorded for the nonce, or -1. */
        long expiryOf(long h1, int h2) {
            int mask = slots.length / 2 - 1;
            for (int slot = (int) h1 & mask;; slot = (slot + 1) & mask) {
                long stored = slots[2 * slot];
                if (stored == 0) {
                    return -1;
                }
                long packed = slots[2 * slot + 1];
                if (stored == h1 && (int) (packed >>> 32) == h2) {
                    return packed & 0xffffffffL;
                }
            }
        }

        /** Records the nonce (a stale copy's expiry is replaced); true when a slot was taken. */
        boolean put(long h1, int h2, long expiresAt) {
            if (2 * (count + 1) > slots.length / 2) {
                grow();
            }
            int mask = slots.length / 2 - 1;
            long packed = ((long) h2 << 32) | (expiresAt & 0xffffffffL);
            for (int slot = (int) h1 & mask;; slot = (slot + 1) & mask) {
                long stored = slots[2 * slot];
                if (stored == 0) {
                    slots[2 * slot] = h1;
                    slots[2 * slot + 1] = packed;
                    count++;
                    return true;
                }
                if (stored == h1 && (int) (slots[2 * slot + 1] >>> 32) == h2) {
                    slots[2 * slot + 1] = packed;
                    return false;
                }
            }
        }

        private void grow() {
            long[] old = slots;
            slots = new long[old.length * 2];
            int mask = slots.length / 2 - 1;
            for (int i = 0; i < old.length; i += 2) {
                long h1 = old[i];
                if (h1 != 0) {
                    int slot = (int) h1 & mask;
                    while (slots[2 * slot] != 0) {
                        slot = (slot + 1) & mask;
                    }
                    slots[2 * slot] = h1;
                    slots[2 * slot + 1] = old[i + 1];
                }
            }
        }
    }
}
