package dev.marketplace.common.input;

import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.UUID;
import java.util.stream.Collectors;

import dev.marketplace.common.error.ApiException;
import dev.marketplace.common.lookup.Ids;

/**
 * Strict parsing of textual query parameters. Resources take parameters as strings (the spec types several of them
 * loosely) and parse them here, so a bad value is always a 400 {@code INVALID_FIELD} naming the parameter and the rule,
 * never a framework 404 or 500. An absent or empty parameter gives the fallback.
 */
public final class QueryParams {
    private QueryParams() {
    }

    public static Boolean bool(String name, String value, Boolean fallback) {
        if (absent(value)) {
            return fallback;
        }
        return switch (value.trim().toLowerCase()) {
            case "true" -> true;
            case "false" -> false;
            default -> throw ApiException.invalidField(name, "must be true or false");
        };
    }

    /** {@code ASC} or {@code DESC}; true for ascending. */
    public static boolean ascending(String name, String value, boolean ascendingByDefault) {
        if (absent(value)) {
            return ascendingByDefault;
        }
        return switch (value.trim()) {
            case "ASC" -> true;
            case "DESC" -> false;
            default -> throw ApiException.invalidField(name, "must be ASC or DESC");
        };
    }

    /** The {@code sortOrder} parameter. */
    public static boolean ascending(String value, boolean ascendingByDefault) {
        return ascending("sortOrder", value, ascendingByDefault);
    }

    public static <E extends Enum<E>> E enumValue(String name, String value, Class<E> type, E fallback) {
        if (absent(value)) {
            return fallback;
        }
        for (E constant : type.getEnumConstants()) {
            if (constant.name().equals(value.trim())) {
                return constant;
            }
        }
        throw ApiException.invalidField(name, "must be one of " + Arrays.stream(type.getEnumConstants()).map(Enum::name)
                .collect(Collectors.joining(", ")));
    }

    public static UUID uuid(String name, String value) {
        return absent(value) ? null : Ids.uuid(name, value.trim());
    }

    /** An integer; a whole number written as a decimal ({@code 5.0}) is accepted. */
    public static Long number(String name, String value) {
        if (absent(value)) {
            return null;
        }
        String v = value.trim();
        try {
            return Long.parseLong(v);
        } catch (NumberFormatException e) {
            try {
                double d = Double.parseDouble(v);
                if (d == Math.rint(d) && !Double.isInfinite(d) && Math.abs(d) < 9.0e15) {
                    return (long) d;
                }
            } catch (NumberFormatException ignored) {
                // reported below
            }
            throw ApiException.invalidField(name, "must be an integer number");
        }
    }

    /** An integer within {@code [min, max]}, or the fallback when absent. */
    public static int intInRange(String name, String value, int min, int max, int fallback) {
        Long n = number(name, value);
        if (n == null) {
            return fallback;
        }
        if (n < min || n > max) {
            throw ApiException.invalidField(name, "must be between " + min + " and " + max);
        }
        return n.intValue();
    }

    /**
     * A point in time: epoch milliseconds (the API's timestamp format), an ISO-8601 instant
     * ({@code 2024-01-31T10:00:00Z}) or an ISO date ({@code 2024-01-31}, start of that day in UTC).
     */
    public static Instant instant(String name, String value) {
        if (absent(value)) {
            return null;
        }
        String v = value.trim();
        if (v.chars().allMatch(Character::isDigit) && v.length() <= 15) {
            return Instant.ofEpochMilli(Long.parseLong(v));
        }
        try {
            return Instant.parse(v);
        } catch (DateTimeParseException e) {
            try {
                return LocalDate.parse(v).atStartOfDay().toInstant(ZoneOffset.UTC);
            } catch (DateTimeParseException e2) {
                throw ApiException.invalidField(name, "must be epoch milliseconds, an ISO-8601 instant or a date (yyyy-MM-dd)");
            }
        }
    }

    /** Parses {@code notIn(a, b, c)}. */
    public static List<String> notIn(String name, String value) {
        String v = value.trim();
        if (!v.startsWith("notIn(") || !v.endsWith(")")) {
            throw ApiException.invalidField(name, "must be notIn(<value1>, <value2>, ...)");
        }
        List<String> values = new ArrayList<>();
        for (String part : v.substring("notIn(".length(), v.length() - 1).split(",")) {
            if (!part.isBlank()) {
                values.add(part.trim());
            }
        }
        if (values.isEmpty()) {
            throw ApiException.invalidField(name, "notIn(...) needs at least one value");
        }
        return values;
    }

    /** The parameter with surrounding blanks removed, or null when absent or blank. */
    public static String text(String value) {
        return absent(value) || value.isBlank() ? null : value.trim();
    }

    private static boolean absent(String value) {
        return value == null || value.isEmpty();
    }
}
