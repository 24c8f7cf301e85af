package dev.marketplace.gateway.identity.service;

import java.io.IOException;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.interfaces.RSAPrivateCrtKey;
import java.security.spec.PKCS8EncodedKeySpec;
import java.security.spec.RSAPublicKeySpec;
import java.util.Base64;
import java.util.Optional;

import jakarta.inject.Singleton;

import org.jboss.logging.Logger;

import dev.marketplace.gateway.config.GatewayConfig;
import io.quarkus.runtime.Startup;

/**
 * The RSA key pair the gateway signs internal tokens with (issuer {@code marketplace-gateway}, trusted by every service);
 * OAuth 2.0 access tokens have a key of their own ({@link AccessTokenKeys}). From
 * {@code marketplace.gateway.internal-token.private-key} (PKCS#8 PEM) or {@code ...private-key-location}; when neither is
 * set a pair is generated at startup (development only: services cannot be configured with it in advance). Created at
 * startup, never lazily on an event-loop thread (generating a key takes seconds).
 */
@Singleton
@Startup
public class SigningKeys {
    private static final Logger LOG = Logger.getLogger(SigningKeys.class);
    private final PrivateKey privateKey;
    private final PublicKey publicKey;

    public SigningKeys(GatewayConfig config) {
        KeyPair pair = load(config.internalToken().privateKey(), config.internalToken().privateKeyLocation(),
                "marketplace.gateway.internal-token.private-key",
                "Services must trust GET /internal/v1/public-key; configure a fixed key outside development.");
        privateKey = pair.getPrivate();
        publicKey = pair.getPublic();
    }

    /**
     * The key pair of a PKCS#8 PEM given inline or in a file; when neither is set, a pair generated now, with a warning
     * (development only: nothing can be configured with it in advance, and replicas would not share it).
     */
    static KeyPair load(Optional<String> inline, Optional<String> location, String property, String generatedHint) {
        String pem = inline.filter(s -> !s.isBlank()).orElse(null);
        if (pem == null && location.filter(s -> !s.isBlank()).isPresent()) {
            try {
                pem = Files.readString(Path.of(location.get()));
            } catch (IOException e) {
                throw new IllegalStateException("Cannot read " + property + "-location", e);
            }
        }
        try {
            if (pem == null) {
                LOG.warnf("No %s configured: generated a throw-away RSA key pair. %s", property, generatedHint);
                KeyPairGenerator generator = KeyPairGenerator.getInstance("RSA");
                generator.initialize(2048);
                return generator.generateKeyPair();
            }
            PrivateKey key = parsePkcs8(pem);
            return new KeyPair(publicOf(key), key);
        } catch (GeneralSecurityException | IllegalArgumentException e) {
            throw new IllegalStateException(property + " is not a PKCS#8 RSA private key");
        }
    }

    static PrivateKey parsePkcs8(String pem) throws GeneralSecurityException {
        String body = pem.replaceAll("-----(BEGIN|END) PRIVATE KEY-----", "").replaceAll("\\s", "");
        return KeyFactory.getInstance("RSA").generatePrivate(new PKCS8EncodedKeySpec(Base64.getDecoder().decode(body)));
    }

    private static PublicKey publicOf(PrivateKey key) throws GeneralSecurityException {
        if (!(key instanceof RSAPrivateCrtKey crt)) {
            throw new GeneralSecurityException("not an RSA CRT key");
        }
        BigInteger exponent = crt.getPublicExponent();
        return KeyFactory.getInstance("RSA").generatePublic(new RSAPublicKeySpec(crt.getModulus(), exponent));
    }

    public PrivateKey privateKey() {
        return privateKey;
    }

    public PublicKey publicKey() {
        return publicKey;
    }

    /** Base64 of the X.509 (SubjectPublicKeyInfo) encoding: the value for services' {@code quarkus.oidc.public-key}. */
    public String publicKeyBase64() {
        return Base64.getEncoder().encodeToString(publicKey.getEncoded());
    }
}
