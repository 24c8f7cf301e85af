package dev.marketplace.gateway.identity.service;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.MessageDigest;
import java.security.PrivateKey;
import java.security.PublicKey;

import jakarta.inject.Singleton;

import dev.marketplace.gateway.config.GatewayConfig;
import io.quarkus.runtime.Startup;

/**
 * The gateway's edge key: the RSA key pair of the OAuth 2.0 access tokens it issues at {@code /oauth2/token}
 * ({@code marketplace.gateway.access-token.private-key}). Only the gateway verifies those tokens, so no service holds
 * its public half, and it is not the key of the internal tokens ({@link SigningKeys}): a token of one kind is never
 * accepted as the other, whatever its claims say. When unset a pair is generated at startup (development only; every
 * replica must share it, and the prod profile refuses to start without it).
 */
@Singleton
@Startup
public class AccessTokenKeys {
    private final PrivateKey privateKey;
    private final PublicKey publicKey;
    private final byte[] versionSecret;

    public AccessTokenKeys(GatewayConfig config) {
        KeyPair pair = SigningKeys.load(config.accessToken().privateKey(), config.accessToken().privateKeyLocation(),
                "marketplace.gateway.access-token.private-key",
                "Access tokens die with this process and other replicas refuse them; configure a fixed key outside development.");
        privateKey = pair.getPrivate();
        publicKey = pair.getPublic();
        try {
            versionSecret = MessageDigest.getInstance("SHA-256").digest(concat(
                    "marketplace-gateway credential versions\0".getBytes(StandardCharsets.UTF_8), privateKey.getEncoded()));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("SHA-256 is not available", e);
        }
    }

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] all = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, all, a.length, b.length);
        return all;
    }

    public PrivateKey privateKey() {
        return privateKey;
    }

    public PublicKey publicKey() {
        return publicKey;
    }

    /**
     * Secret of the keyed hash that names a consumer's credential version in its access tokens: derived from the edge
     * key, which every replica shares and which no client knows.
     */
    public byte[] versionSecret() {
        return versionSecret.clone();
    }
}
