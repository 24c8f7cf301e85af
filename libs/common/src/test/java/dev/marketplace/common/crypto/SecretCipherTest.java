package dev.marketplace.common.crypto;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class SecretCipherTest {
    private final SecretCipher cipher = new SecretCipher("test-key");

    @Test
    void roundTripsWithAFreshIvEachTime() {
        String first = cipher.encrypt("consumer-1", "s3cret/+=");
        String second = cipher.encrypt("consumer-1", "s3cret/+=");
        assertNotEquals(first, second);
        assertFalse(first.contains("s3cret"));
        assertEquals("s3cret/+=", cipher.decrypt("consumer-1", first));
        assertEquals("s3cret/+=", cipher.decrypt("consumer-1", second));
    }

    @Test
    void aCiphertextMovedToAnotherConsumerOrReadWithAnotherKeyDoesNotDecrypt() {
        String sealed = cipher.encrypt("consumer-1", "s3cret");
        IllegalStateException moved = assertThrows(IllegalStateException.class, () -> cipher.decrypt("consumer-2", sealed));
        assertFalse(moved.getMessage().contains("s3cret"));
        assertThrows(IllegalStateException.class, () -> new SecretCipher("other-key").decrypt("consumer-1", sealed));
    }

    @Test
    void aRotatedKeyWritesUnderItsIdAndStillReadsWhatTheOldKeyAndTheLegacyFormWrote() {
        String legacy = new SecretCipher("old-key").encrypt("consumer-1", "written-before-ids");
        String underOld = new SecretCipher("k1", "old-key", java.util.Map.of()).encrypt("consumer-1", "written-under-k1");
        assertEquals(true, underOld.startsWith("k1:"));

        SecretCipher rotated = new SecretCipher("k2", "new-key", java.util.Map.of("k1", "old-key"));
        String fresh = rotated.encrypt("consumer-1", "written-under-k2");
        assertEquals(true, fresh.startsWith("k2:"), "new writes use the new key");
        assertEquals("written-before-ids", rotated.decrypt("consumer-1", legacy));
        assertEquals("written-under-k1", rotated.decrypt("consumer-1", underOld));
        assertEquals("written-under-k2", rotated.decrypt("consumer-1", fresh));
        // the new key alone cannot read the old values, and the old key cannot read the new ones
        SecretCipher newOnly = new SecretCipher("k2", "new-key", java.util.Map.of());
        assertThrows(IllegalStateException.class, () -> newOnly.decrypt("consumer-1", underOld));
        assertThrows(IllegalStateException.class, () -> newOnly.decrypt("consumer-1", legacy));
        assertThrows(IllegalStateException.class, () -> new SecretCipher("k1", "old-key", java.util.Map.of())
                .decrypt("consumer-1", fresh));
        // a ciphertext claiming the id of a key it was not written with does not open
        assertThrows(IllegalStateException.class, () -> rotated.decrypt("consumer-1", "k1:" + fresh.substring(3)));

        assertEquals(true, rotated.isStale(legacy));
        assertEquals(true, rotated.isStale(underOld));
        assertEquals(false, rotated.isStale(fresh));
        assertEquals(false, new SecretCipher("old-key").isStale(legacy));
    }

    @Test
    void keyIdsAreShortPlainNames() {
        assertThrows(IllegalArgumentException.class, () -> new SecretCipher("a:b", "k", java.util.Map.of()));
        assertThrows(IllegalArgumentException.class, () -> new SecretCipher("k", "k", java.util.Map.of("x y", "old")));
    }
}
