package dev.marketplace.common.crypto;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;

import javax.crypto.Cipher;
import javax.crypto.SecretKey;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;

/**
 * Encrypts OAuth consumer secrets at rest: AES-256-GCM, key = SHA-256 of the service's configured encryption key, a
 * fresh 96-bit IV per value, the consumer key as associated data (a ciphertext copied to another row does not decrypt).
 * Stored form: base64(iv || ciphertext+tag), preceded by {@code <key id>:} when the current key has an id.
 * <p>
 * Rotation: give the new key an id ({@code marketplace.secrets.encryption-key-id}) and move the old one to
 * {@code marketplace.secrets.previous-keys.<its id>}. New values are written under the new key; a value names the key it
 * was written with, so old values still read, and values written before keys had ids are tried with every key
 * (AES-GCM's tag tells the right one). Services expose one instance as a bean built from their configuration.
 */
public final class SecretCipher {
    private static final int IV_BYTES = 12;
    private static final int TAG_BITS = 128;
    private final SecureRandom random = new SecureRandom();
    private final SecretKey key;
    /** Id of the key new values are written with, or null (values carry no id). */
    private final String keyId;
    /** Every key that can read, by id; the current one included when it has an id. */
    private final Map<String, SecretKey> readable = new LinkedHashMap<>();

    public SecretCipher(String keyMaterial) {
        this(null, keyMaterial, Map.of());
    }

    /**
     * @param currentKeyId id written before new values, or null for none
     * @param previousKeys older keys by id, for reading only
     */
    public SecretCipher(String currentKeyId, String keyMaterial, Map<String, String> previousKeys) {
        if (currentKeyId != null && !KEY_ID.matcher(currentKeyId).matches()) {
            throw new IllegalArgumentException("marketplace.secrets.encryption-key-id must be 1-32 of A-Z a-z 0-9 _ -");
        }
        this.key = aesKey(keyMaterial);
        this.keyId = currentKeyId;
        if (currentKeyId != null) {
            readable.put(currentKeyId, key);
        }
        previousKeys.forEach((id, material) -> {
            if (!KEY_ID.matcher(id).matches()) {
                throw new IllegalArgumentException("marketplace.secrets.previous-keys: id " + id + " must be 1-32 of A-Z a-z 0-9 _ -");
            }
            readable.putIfAbsent(id, aesKey(material));
        });
    }

    private static final java.util.regex.Pattern KEY_ID = java.util.regex.Pattern.compile("[A-Za-z0-9_-]{1,32}");

    private static SecretKey aesKey(String keyMaterial) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(keyMaterial.getBytes(StandardCharsets.UTF_8));
            return new SecretKeySpec(digest, "AES");
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("SHA-256 unavailable", e);
        }
    }

    /** Whether {@code stored} was written with an older key (or before keys had ids) and should be written again. */
    public boolean isStale(String stored) {
        int colon = stored.indexOf(':');
        return !java.util.Objects.equals(colon < 0 ? null : stored.substring(0, colon), keyId);
    }

    public String encrypt(String consumerKey, String secret) {
        try {
            byte[] iv = new byte[IV_BYTES];
            random.nextBytes(iv);
            Cipher cipher = Cipher.getInstance("AES/GCM/NoPadding");
            cipher.init(Cipher.ENCRYPT_MODE, key, new GCMParameterSpec(TAG_BITS, iv));
            cipher.updateAAD(consumerKey.getBytes(StandardCharsets.UTF_8));
            byte[] sealed = cipher.doFinal(secret.getBytes(StandardCharsets.UTF_8));
            String encoded = Base64.getEncoder().encodeToString(ByteBuffer.allocate(iv.length + sealed.length).put(iv).put(sealed).array());
            return keyId == null ? encoded : keyId + ":" + encoded;
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("Secret could not be encrypted", e);
        }
    }

    public String decrypt(String consumerKey, String stored) {
        int colon = stored == null ? -1 : stored.indexOf(':');
        if (colon > 0) {
            SecretKey named = readable.get(stored.substring(0, colon));
            if (named != null) {
                String clear = open(named, consumerKey, stored.substring(colon + 1));
                if (clear != null) {
                    return clear;
                }
            }
        } else if (stored != null) {
            // written before keys had ids: whichever key opens it (a wrong key fails GCM's authentication)
            String clear = open(key, consumerKey, stored);
            for (java.util.Iterator<SecretKey> keys = readable.values().iterator(); clear == null && keys.hasNext();) {
                clear = open(keys.next(), consumerKey, stored);
            }
            if (clear != null) {
                return clear;
            }
        }
        // Wrong encryption key, unknown key id or tampered row: never echo the value.
        throw new IllegalStateException("Secret of consumer " + consumerKey + " could not be decrypted");
    }

    private static String open(SecretKey with, String consumerKey, String encoded) {
        try {
            byte[] all = Base64.getDecoder().decode(encoded);
            Cipher cipher = Cipher.getInstance("AES/GCM/NoPadding");
            cipher.init(Cipher.DECRYPT_MODE, with, new GCMParameterSpec(TAG_BITS, all, 0, IV_BYTES));
            cipher.updateAAD(consumerKey.getBytes(StandardCharsets.UTF_8));
            return new String(cipher.doFinal(all, IV_BYTES, all.length - IV_BYTES), StandardCharsets.UTF_8);
        } catch (GeneralSecurityException | IllegalArgumentException e) {
            return null;
        }
    }
}
