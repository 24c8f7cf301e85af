package dev.marketplace.notification.support;

import dev.marketplace.common.error.ApiException;

/** Strict parsing of textual query parameters, naming the parameter and the rule on failure. */
public final class QueryParams {
    private QueryParams() {
    }

    public static boolean bool(String name, String value, boolean fallback) {
        if (value == null || value.isEmpty()) {
            return fallback;
        }
        return switch (value.toLowerCase()) {
            case "true" -> true;
            case "false" -> false;
            default -> throw ApiException.invalidField(name, "must be true or false");
        };
    }

    /** Returns true for ascending. */
    public static boolean sortOrder(String value, boolean ascendingByDefault) {
        if (value == null || value.isEmpty()) {
            return ascendingByDefault;
        }
        return switch (value) {
            case "ASC" -> true;
            case "DESC" -> false;
            default -> throw ApiException.invalidField("sortOrder", "must be ASC or DESC");
        };
    }

    public static Long number(String name, String value) {
        if (value == null || value.isBlank()) {
            return null;
        }
        try {
            return Long.parseLong(value.trim());
        } catch (NumberFormatException e) {
            try {
                double d = Double.parseDouble(value.trim());
                if (d == Math.rint(d) && !Double.isInfinite(d)) {
                    return (long) d;
                }
            } catch (NumberFormatException ignored) {
                // reported below
            }
            throw ApiException.invalidField(name, "must be an integer number");
        }
    }
}
