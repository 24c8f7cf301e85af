package dev.marketplace.notification.vendorevent.service;

import java.util.Map;

import jakarta.validation.constraints.Size;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;

import dev.marketplace.common.input.QueryParams;
import dev.marketplace.common.input.Violations;

/**
 * A vendor's result (AppDirect's APIResult): {@code success}, {@code accountIdentifier}, {@code errorCode},
 * {@code message}, {@code userIdentifier}. Tolerant of other properties: AppDirect's vendor library posts this body
 * and may send more than these fields (it serialises its own {@code APIResult}, leaving out empty values, so
 * {@code success: false} can be missing when an {@code errorCode} says it failed).
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record VendorResultInput(Boolean success, @Size(max = 255) String accountIdentifier, @Size(max = 128) String errorCode,
        @Size(max = 1000) String message, @Size(max = 1000) String userIdentifier) {

    /** The rule across fields: {@code success} is required unless an {@code errorCode} says the event failed. */
    public VendorResultInput checked() {
        Violations.start().when(success == null && errorCode == null, "success", "is required").throwIfAny();
        return this;
    }

    public boolean succeeded() {
        return Boolean.TRUE.equals(success);
    }

    /** From the query parameters of a signed return-URL redirect ({@code success}, {@code accountIdentifier}, ...). */
    public static VendorResultInput ofQuery(Map<String, String> query) {
        Boolean success = QueryParams.bool("success", query.get("success"), null);
        Violations.start().when(success == null, "success", "is required, true or false").throwIfAny();
        return new VendorResultInput(success, query.get("accountIdentifier"), query.get("errorCode"), query.get("message"),
                query.get("userIdentifier"));
    }
}
