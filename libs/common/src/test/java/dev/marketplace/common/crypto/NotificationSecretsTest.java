package dev.marketplace.common.crypto;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;

import org.junit.jupiter.api.Test;

class NotificationSecretsTest {
    private final NotificationSecrets account = new NotificationSecrets(new SecretCipher("n1", "shared-key", Map.of()));
    private final NotificationSecrets notification = new NotificationSecrets(new SecretCipher("n1", "shared-key", Map.of()));

    @Test
    void aSealedValueCarriesNoClearTextAndOpensOnlyForItsPartnerWithTheKey() {
        String sealed = account.seal("ACME", "Temp-Passw0rd!");
        assertTrue(NotificationSecrets.isSealed(sealed));
        assertTrue(sealed.startsWith("sealed:v1:n1:"), sealed);
        assertFalse(sealed.contains("Temp-Passw0rd"));
        assertEquals("Temp-Passw0rd!", notification.open("ACME", sealed));
        assertThrows(IllegalStateException.class, () -> notification.open("OTHER", sealed));
        assertThrows(IllegalStateException.class,
                () -> new NotificationSecrets(new SecretCipher("n1", "another-key", Map.of())).open("ACME", sealed));
        assertThrows(IllegalStateException.class, () -> new NotificationSecrets((SecretCipher) null).open("ACME", sealed));
    }

    @Test
    void valuesThatAreNotSealedPassThroughAndARotatedKeyStillOpensOldValues() {
        assertEquals("Acme Corp", notification.open("ACME", "Acme Corp"));
        assertEquals(null, notification.open("ACME", null));
        String old = account.seal("ACME", "before-rotation");
        NotificationSecrets rotated = new NotificationSecrets(new SecretCipher("n2", "new-key", Map.of("n1", "shared-key")));
        assertEquals("before-rotation", rotated.open("ACME", old));
        assertTrue(rotated.seal("ACME", "x").startsWith("sealed:v1:n2:"));
    }
}
