package dev.marketplace.devstack;

import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyFactory;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.spec.PKCS8EncodedKeySpec;
import java.security.spec.X509EncodedKeySpec;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The stack's signing keys, kept under {@code keys/<name>.key|.pub} so that restarts keep trusting each other: the
 * gateway's internal tokens ({@code internal-token}), its OAuth 2.0 access tokens ({@code access-token}, no service
 * holds any part of it), and a key of each service that mints service tokens ({@code <service>-token}).
 */
final class StackKeys {
    /** The services that mint service tokens (ServiceTokens) and so get a key pair of their own. */
    static final List<String> MINTING_SERVICES = List.of("account-service", "reseller-service", "catalog-service",
            "billing-service", "notification-service", "lead-service");

    /** The public key services verify the gateway's internal tokens with (X.509, Base64). */
    final String internalPublicKey;
    final String internalPrivateKeyPem;
    final String accessTokenPrivateKeyPem;
    /** Module -> PEM of its own key, and module -> public key its peers verify it with. */
    final Map<String, String> servicePrivateKeyPems = new HashMap<>();
    final Map<String, String> servicePublicKeys = new HashMap<>();

    private StackKeys(Path dir) throws Exception {
        KeyPair internal = keys(dir, "internal-token");
        internalPublicKey = Base64.getEncoder().encodeToString(internal.getPublic().getEncoded());
        internalPrivateKeyPem = pem(internal);
        accessTokenPrivateKeyPem = pem(keys(dir, "access-token"));
        for (String module : MINTING_SERVICES) {
            KeyPair own = keys(dir, module.replace("-service", "") + "-token");
            servicePrivateKeyPems.put(module, pem(own));
            servicePublicKeys.put(module, Base64.getEncoder().encodeToString(own.getPublic().getEncoded()));
        }
    }

    /** The keys under {@code dir}, made on first use. */
    static StackKeys in(Path dir) throws Exception {
        return new StackKeys(dir);
    }

    static String pem(KeyPair keys) {
        return "-----BEGIN PRIVATE KEY-----\n" + Base64.getMimeEncoder().encodeToString(keys.getPrivate().getEncoded())
                + "\n-----END PRIVATE KEY-----\n";
    }

    /** A key pair kept under {@code keys/<name>.key|.pub}, so that restarts keep trusting each other. */
    static KeyPair keys(Path dir, String name) throws Exception {
        Path privateFile = dir.resolve(name + ".key");
        Path publicFile = dir.resolve(name + ".pub");
        KeyFactory rsa = KeyFactory.getInstance("RSA");
        if (Files.exists(privateFile) && Files.exists(publicFile)) {
            return new KeyPair(rsa.generatePublic(new X509EncodedKeySpec(Files.readAllBytes(publicFile))),
                    rsa.generatePrivate(new PKCS8EncodedKeySpec(Files.readAllBytes(privateFile))));
        }
        KeyPairGenerator generator = KeyPairGenerator.getInstance("RSA");
        generator.initialize(2048);
        KeyPair pair = generator.generateKeyPair();
        Files.createDirectories(dir);
        Files.write(privateFile, pair.getPrivate().getEncoded());
        Files.write(publicFile, pair.getPublic().getEncoded());
        return pair;
    }
}
