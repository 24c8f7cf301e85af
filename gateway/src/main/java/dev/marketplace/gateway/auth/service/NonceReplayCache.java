package dev.marketplace.gateway.auth.service;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.util.Arrays;
import java.util.Base64;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

import jakarta.enterprise.context.ApplicationScoped;

import dev.marketplace.gateway.config.GatewayConfig;
import dev.marketplace.gateway.state.RedisPipeline;
import io.vertx.core.Future;
import io.vertx.redis.client.Command;
import io.vertx.redis.client.Request;

/**
 * The nonces every replica has seen, in Redis: one atomic {@code SET key 1 NX PX ttl} per signed call, so that a nonce
 * accepted by one replica is refused by every other (first use wins, whichever replica it reaches). The key is a keyed
 * hash of consumer key and nonce (HMAC-SHA256, 128 bits kept, base64url) under the configured prefix: key names reveal
 * neither, and nobody without the secret can pick a nonce whose key collides with another consumer's. A nonce lives in
 * Redis until its timestamp has left the accepted window, plus the replicas' clock skew; after that the timestamp check
 * refuses it anyway.
 */
@ApplicationScoped
public class NonceReplayCache {
    private static final byte[] ONE = { '1' };
    private static final int KEPT_HASH_BYTES = 16;

    private final RedisPipeline redis;
    private final byte[] keyPrefix;
    private final long windowMillis;
    private final long skewMillis;
    private final ThreadLocal<Mac> macs;

    public NonceReplayCache(RedisPipeline redis, GatewayConfig config) {
        this.redis = redis;
        this.keyPrefix = (config.redis().keyPrefix() + "nonce:").getBytes(StandardCharsets.UTF_8);
        this.windowMillis = config.oauth1().timestampWindow().toMillis();
        this.skewMillis = config.oauth1().replicaClockSkew().toMillis();
        byte[] secret = config.redis().nonceKeySecret().map(s -> s.getBytes(StandardCharsets.UTF_8))
                .orElseGet(() -> derivedSecret(config.encryptionKey()));
        SecretKeySpec key = new SecretKeySpec(secret, "HmacSHA256");
        this.macs = ThreadLocal.withInitial(() -> {
            try {
                Mac mac = Mac.getInstance("HmacSHA256");
                mac.init(key);
                return mac;
            } catch (GeneralSecurityException e) {
                throw new IllegalStateException("HmacSHA256 is not available", e);
            }
        });
    }

    /** A secret of its own for the nonce keys, derived from the encryption key every replica already shares. */
    private static byte[] derivedSecret(String encryptionKey) {
        try {
            return MessageDigest.getInstance("SHA-256")
                    .digest(("marketplace-gateway nonce keys\0" + encryptionKey).getBytes(StandardCharsets.UTF_8));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("SHA-256 is not available", e);
        }
    }

    /**
     * Records the nonce of a verified call: true on its first use, false on a replay; fails with 503
     * (SharedStateUnavailable) when Redis cannot tell.
     *
     * @param timestampSeconds the call's oauth_timestamp (already checked to be within the window)
     */
    public Future<Boolean> firstUse(String consumerKey, String nonce, long timestampSeconds) {
        long ttl = timestampSeconds * 1000 + windowMillis + 1000 + skewMillis - System.currentTimeMillis();
        Request set = Request.cmd(Command.SET).arg(key(consumerKey, nonce)).arg(ONE).arg("NX").arg("PX")
                .arg(Math.max(1000, ttl));
        // "OK" when it was set, nil when the key already existed
        return redis.sendBatched(set).map(answer -> answer != null);
    }

    /** Prefix + base64url(first 128 bits of HMAC-SHA256(secret, length of the consumer key, consumer key, nonce)). */
    byte[] key(String consumerKey, String nonce) {
        Mac mac = macs.get();
        byte[] consumer = consumerKey.getBytes(StandardCharsets.UTF_8);
        // the length first: consumer "ab" + nonce "c" and consumer "a" + nonce "bc" are different inputs
        mac.update((byte) (consumer.length >>> 24));
        mac.update((byte) (consumer.length >>> 16));
        mac.update((byte) (consumer.length >>> 8));
        mac.update((byte) consumer.length);
        mac.update(consumer);
        mac.update(nonce.getBytes(StandardCharsets.UTF_8));
        byte[] hash = Base64.getUrlEncoder().withoutPadding().encode(Arrays.copyOf(mac.doFinal(), KEPT_HASH_BYTES));
        byte[] key = Arrays.copyOf(keyPrefix, keyPrefix.length + hash.length);
        System.arraycopy(hash, 0, key, keyPrefix.length, hash.length);
        return key;
    }
}
