package dev.marketplace.notification.vendorevent.service;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;

import dev.marketplace.common.error.ApiException;

/**
 * A vendor's result (AppDirect's APIResult): {@code success} (required boolean; absent with an {@code errorCode} means
 * false), {@code accountIdentifier},
 * {@code errorCode}, {@code message}, {@code userIdentifier}. Other properties are ignored, as a vendor library may send
 * more than these.
 */
public record VendorResultInput(boolean success, String accountIdentifier, String errorCode, String message,
        String userIdentifier) {
    private static final int MAX = 1000;

    public static VendorResultInput of(JsonNode body) {
        if (body == null || !body.isObject()) {
            throw ApiException.badRequest("INVALID_BODY", "body: a JSON object is required");
        }
        List<String> problems = new ArrayList<>();
        JsonNode success = body.get("success");
        boolean failureByCode = (success == null || success.isNull()) && body.path("errorCode").isTextual();
        if (failureByCode) {
            // a serializer that leaves out default values may drop "success": false; an errorCode says it failed
            success = com.fasterxml.jackson.databind.node.BooleanNode.FALSE;
        }
        if (success == null || success.isNull()) {
            problems.add("success: is required");
        } else if (!success.isBoolean()) {
            problems.add("success: must be a boolean");
        }
        String[] names = { "accountIdentifier", "errorCode", "message", "userIdentifier" };
        String[] values = new String[names.length];
        for (int i = 0; i < names.length; i++) {
            JsonNode v = body.get(names[i]);
            if (v == null || v.isNull()) {
                continue;
            }
            if (!v.isTextual()) {
                problems.add(names[i] + ": must be a string");
            } else if (v.asText().length() > (i == 2 ? 128 : i == 0 ? 255 : MAX)) {
                problems.add(names[i] + ": is too long");
            } else {
                values[i] = v.asText();
            }
        }
        if (!problems.isEmpty()) {
            throw ApiException.badRequest("INVALID_FIELD", String.join("; ", problems));
        }
        return new VendorResultInput(success.asBoolean(), values[0], values[1], values[2], values[3]);
    }

    /** From the query parameters of a signed return-URL redirect ({@code success}, {@code accountIdentifier}, ...). */
    public static VendorResultInput ofQuery(Map<String, String> query) {
        String success = query.get("success");
        if (success == null || !(success.equalsIgnoreCase("true") || success.equalsIgnoreCase("false"))) {
            throw ApiException.invalidField("success", "is required, true or false");
        }
        return new VendorResultInput(Boolean.parseBoolean(success), query.get("accountIdentifier"), query.get("errorCode"),
                query.get("message"), query.get("userIdentifier"));
    }
}
