package dev.marketplace.account.company.rest;

import java.util.ArrayList;
import java.util.List;

import dev.marketplace.common.error.ApiException;

/** Strict parsing of textual query parameters, naming the parameter and the rule on failure. */
final class QueryParams {
    private QueryParams() {
    }

    static boolean bool(String name, String value, boolean fallback) {
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
    static boolean sortOrder(String value, boolean ascendingByDefault) {
        if (value == null || value.isEmpty()) {
            return ascendingByDefault;
        }
        return switch (value) {
            case "ASC" -> true;
            case "DESC" -> false;
            default -> throw ApiException.invalidField("sortOrder", "must be ASC or DESC");
        };
    }

    /** Parses {@code notIn(a, b, c)}. */
    static List<String> notIn(String name, String value) {
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
}
