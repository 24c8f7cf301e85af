package dev.marketplace.gateway.nonce.link;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

import io.vertx.core.buffer.Buffer;

/**
 * The nonce link's wire format, over one TCP connection per follower event loop:
 * <ol>
 * <li>the leader greets with {@code MPNL}, version 1 and a 16-byte random challenge;</li>
 * <li>the follower answers HMAC-SHA256(link key, challenge), the link key being derived from the encryption key every
 * replica shares (nobody else can ask or poison the leader, and a recorded answer is useless for the next challenge);
 * the leader answers {@code K} or closes;</li>
 * <li>then, pipelined: the follower sends checks {@code [length][id][expires-at second][key length][key UTF-8][nonce
 * length][nonce UTF-8]} and the leader answers {@code [id][answer]} in any order.</li>
 * </ol>
 */
public final class LinkProtocol {
    static final byte[] MAGIC = { 'M', 'P', 'N', 'L' };
    static final byte VERSION = 1;
    static final int CHALLENGE_BYTES = 16;
    static final int GREETING_BYTES = MAGIC.length + 1 + CHALLENGE_BYTES;
    static final int PROOF_BYTES = 32;
    static final byte ACCEPTED = 'K';
    static final int ANSWER_BYTES = 5;
    /** Larger than any check can be (key of 128 and nonce of 255 characters, 3 bytes each at most). */
    static final int MAX_CHECK_BYTES = 4096;

    /** What the leader says of a nonce. */
    public enum Answer {
        FRESH, REPLAY, NOT_LEADER, FULL;

        static Answer of(byte code) {
            return switch (code) {
                case 0 -> FRESH;
                case 1 -> REPLAY;
                case 3 -> FULL;
                default -> NOT_LEADER;
            };
        }

        byte code() {
            return switch (this) {
                case FRESH -> 0;
                case REPLAY -> 1;
                case NOT_LEADER -> 2;
                case FULL -> 3;
            };
        }
    }

    private LinkProtocol() {
    }

    /** The link key: HMAC-SHA256 of a fixed label under the shared encryption key. */
    public static byte[] linkKey(String encryptionKey) {
        return hmac(encryptionKey.getBytes(StandardCharsets.UTF_8),
                "marketplace gateway nonce link v1".getBytes(StandardCharsets.US_ASCII));
    }

    static byte[] proof(byte[] linkKey, byte[] challenge) {
        return hmac(linkKey, challenge);
    }

    static boolean proofMatches(byte[] linkKey, byte[] challenge, byte[] proof) {
        return MessageDigest.isEqual(proof(linkKey, challenge), proof);
    }

    static Buffer check(int id, String consumerKey, String nonce, long expiresAt) {
        byte[] key = consumerKey.getBytes(StandardCharsets.UTF_8);
        byte[] value = nonce.getBytes(StandardCharsets.UTF_8);
        int length = 4 + 8 + 2 + key.length + 2 + value.length;
        return Buffer.buffer(4 + length).appendInt(length).appendInt(id).appendLong(expiresAt)
                .appendShort((short) key.length).appendBytes(key).appendShort((short) value.length).appendBytes(value);
    }

    static Buffer answer(int id, Answer answer) {
        return Buffer.buffer(ANSWER_BYTES).appendInt(id).appendByte(answer.code());
    }

    private static byte[] hmac(byte[] key, byte[] data) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(key, "HmacSHA256"));
            return mac.doFinal(data);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HMAC-SHA256 unavailable", e);
        }
    }
}
