package dev.marketplace.common.lookup;

import java.util.UUID;

import dev.marketplace.common.error.ApiException;

/** Parses identifiers from paths and bodies into typed values, naming the field when one is malformed. */
public final class Ids {
    private Ids() {
    }

    public static UUID uuid(String field, String value) {
        if (value == null || value.length() != 36) {
            throw ApiException.invalidField(field, "must be a UUID");
        }
        try {
            return UUID.fromString(value);
        } catch (IllegalArgumentException e) {
            throw ApiException.invalidField(field, "must be a UUID");
        }
    }

    public static long number(String field, String value) {
        try {
            return Long.parseLong(value);
        } catch (NumberFormatException | NullPointerException e) {
            throw ApiException.invalidField(field, "must be a number");
        }
    }
}
