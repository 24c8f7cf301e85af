package dev.marketplace.account.support;

import java.util.Arrays;
import java.util.UUID;
import java.util.stream.Collectors;

import dev.marketplace.common.error.ApiException;
import dev.marketplace.common.lookup.Ids;

/** Strict parsing of textual query parameters, naming the parameter and the rule on failure. */
public final class Params {
    private Params() {
    }

    public static Boolean bool(String name, String value, Boolean fallback) {
        if (value == null || value.isEmpty()) {
            return fallback;
        }
        return switch (value.toLowerCase()) {
            case "true" -> true;
            case "false" -> false;
            default -> throw ApiException.invalidField(name, "must be true or false");
        };
    }

    public static <E extends Enum<E>> E enumValue(String name, String value, Class<E> type, E fallback) {
        if (value == null || value.isEmpty()) {
            return fallback;
        }
        for (E constant : type.getEnumConstants()) {
            if (constant.name().equals(value)) {
                return constant;
            }
        }
        throw ApiException.invalidField(name, "must be one of " + Arrays.stream(type.getEnumConstants()).map(Enum::name)
                .collect(Collectors.joining(", ")));
    }

    /** ASC or DESC; returns true for ascending. */
    public static boolean ascending(String value, boolean fallback) {
        if (value == null || value.isEmpty()) {
            return fallback;
        }
        return switch (value) {
            case "ASC" -> true;
            case "DESC" -> false;
            default -> throw ApiException.invalidField("sortOrder", "must be ASC or DESC");
        };
    }

    public static UUID uuid(String name, String value) {
        return value == null || value.isEmpty() ? null : Ids.uuid(name, value);
    }
}
