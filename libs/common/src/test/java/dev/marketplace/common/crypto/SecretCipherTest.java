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
}
