package dev.marketplace.common.persistence;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class NativeSelectsTest {
    @Test
    void numberedPlaceholdersAreWrittenAsPostgresWritesThem() {
        assertEquals("select id from t where a = $1 and b like $12 escape '\\' and c::text = $2",
                NativeSelects.postgres("select id from t where a = ?1 and b like ?12 escape '\\' and c::text = ?2"));
    }

    @Test
    void numbersBecomeTheTypeAsked() {
        assertEquals(7L, NativeSelects.as(7, Long.class));
        assertEquals(7, NativeSelects.as(7L, Integer.class));
        assertEquals("x", NativeSelects.as("x", String.class));
    }
}
