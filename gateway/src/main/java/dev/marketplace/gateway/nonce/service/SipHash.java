package dev.marketplace.gateway.nonce.service;

/**
 * SipHash-2-4 (Aumasson and Bernstein), the keyed hash made for hash tables fed by strangers: with a secret key, nobody
 * can choose nonces that pile up on one slot or collide with someone else's. {@link #hash(long, long, String, String)}
 * hashes a consumer key and a nonce as the UTF-16LE bytes of {@code (char) key.length() + key + nonce} without copying
 * them into a byte array.
 */
public final class SipHash {
    private long v0;
    private long v1;
    private long v2;
    private long v3;

    private SipHash(long k0, long k1) {
        v0 = k0 ^ 0x736f6d6570736575L;
        v1 = k1 ^ 0x646f72616e646f6dL;
        v2 = k0 ^ 0x6c7967656e657261L;
        v3 = k1 ^ 0x7465646279746573L;
    }

    /** Hash of a byte string (little-endian words), as in the reference implementation. */
    public static long hash(long k0, long k1, byte[] data) {
        SipHash state = new SipHash(k0, k1);
        int words = data.length / 8;
        for (int w = 0; w < words; w++) {
            long m = 0;
            for (int b = 7; b >= 0; b--) {
                m = (m << 8) | (data[8 * w + b] & 0xffL);
            }
            state.compress(m);
        }
        long last = (data.length & 0xffL) << 56;
        for (int b = data.length - 1; b >= 8 * words; b--) {
            last |= (data[b] & 0xffL) << (8 * (b - 8 * words));
        }
        return state.finish(last);
    }

    /** Hash of (consumer key, nonce); equal to {@link #hash(long, long, byte[])} of their UTF-16LE form with the length. */
    public static long hash(long k0, long k1, String key, String nonce) {
        SipHash state = new SipHash(k0, k1);
        int chars = 1 + key.length() + nonce.length();
        long m = 0;
        int inWord = 0;
        for (int i = 0; i < chars; i++) {
            long c = i == 0 ? key.length() : i <= key.length() ? key.charAt(i - 1) : nonce.charAt(i - 1 - key.length());
            m |= (c & 0xffffL) << (16 * inWord);
            if (++inWord == 4) {
                state.compress(m);
                m = 0;
                inWord = 0;
            }
        }
        return state.finish(m | ((2L * chars) & 0xffL) << 56);
    }

    private void compress(long m) {
        v3 ^= m;
        round();
        round();
        v0 ^= m;
    }

    private long finish(long last) {
        compress(last);
        v2 ^= 0xff;
        round();
        round();
        round();
        round();
        return v0 ^ v1 ^ v2 ^ v3;
    }

    private void round() {
        v0 += v1;
        v1 = Long.rotateLeft(v1, 13);
        v1 ^= v0;
        v0 = Long.rotateLeft(v0, 32);
        v2 += v3;
        v3 = Long.rotateLeft(v3, 16);
        v3 ^= v2;
        v0 += v3;
        v3 = Long.rotateLeft(v3, 21);
        v3 ^= v0;
        v2 += v1;
        v1 = Long.rotateLeft(v1, 17);
        v1 ^= v2;
        v2 = Long.rotateLeft(v2, 32);
    }
}
