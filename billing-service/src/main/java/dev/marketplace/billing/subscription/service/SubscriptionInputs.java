package dev.marketplace.billing.subscription.service;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

import jakarta.validation.Valid;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;

import dev.marketplace.billing.money.CurrencyCode;

import dev.marketplace.common.events.EventTypes;
import dev.marketplace.common.input.Violations;

/** Request bodies of the subscription API: typed records checked by Bean Validation, cross-field rules by {@link Violations}. */
public final class SubscriptionInputs {
    static final String UNIT = "[A-Z][A-Z0-9_]{0,63}";
    static final String EMAIL = "[^@\\s]+@[^@\\s]+\\.[^@\\s]+";
    static final String UUID_TEXT = "[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}";
    static final String RESULT_TYPES = "SUBSCRIPTION_ORDER|SUBSCRIPTION_CHANGE|SUBSCRIPTION_CANCEL|USER_ASSIGNMENT|USER_UNASSIGNMENT"
            + "|ADDON_ORDER|ADDON_CHANGE|ADDON_CANCEL";

    private SubscriptionInputs() {
    }

    public record Item(@NotNull(message = "is required, a pricing unit such as USER")
    @Pattern(regexp = UNIT, message = "is required, a pricing unit such as USER") String unit,
            @NotNull(message = "is required, at least 1") @Min(value = 1, message = "is required, at least 1") Integer quantity) {
    }

    public record CompanyInfo(@NotBlank(message = "is required (the vendor receives the buying company)") String name,
            @Pattern(regexp = EMAIL, message = "must be an email address") String email, String phoneNumber, String website,
            String country, String externalId) {
    }

    public record UserInfo(
            @NotNull(message = "is required, an email address (the vendor receives the buying user)")
            @Pattern(regexp = EMAIL, message = "is required, an email address (the vendor receives the buying user)") String email,
            String firstName, String lastName, String locale, String language) {
    }

    public record OrderInput(@NotNull(message = "is required, a product id") @Min(value = 1, message = "is required, a product id") Long productId,
            @NotNull(message = "is required, an edition id of the product")
            @Min(value = 1, message = "is required, an edition id of the product") Long editionId,
            @Min(value = 1, message = "must be a payment plan id of the edition") Long paymentPlanId,
            List<@NotNull(message = "must be an object {unit, quantity}") @Valid Item> items,
            @NotNull(message = "is required: an object with at least company.name (the vendor receives the buying company)")
            @Valid CompanyInfo company,
            @NotNull(message = "is required: an object with at least user.email (the vendor receives the buying user)")
            @Valid UserInfo user,
            CurrencyCode currency,
            @Size(min = 4, max = 103, message = "must be 4 to 103 characters") String discountCode,
            @Pattern(regexp = UUID_TEXT, message = "must be the id (a UUID) of the company's ACTIVE subscription this add-on is ordered for")
            String parentSubscriptionId) {

        /** Rules across fields: each unit once. */
        public OrderInput checked() {
            Violations violations = Violations.start();
            duplicateUnits(violations, items);
            violations.throwIfAny();
            return this;
        }
    }

    public record ChangeInput(@Min(value = 1, message = "must be an edition id of the product") Long editionId,
            @Min(value = 1, message = "must be a payment plan id of the edition") Long paymentPlanId,
            List<@NotNull(message = "must be an object {unit, quantity}") @Valid Item> items) {

        public ChangeInput checked() {
            Violations violations = Violations.start().when(editionId == null && paymentPlanId == null && items == null,
                    "body", "give at least one of editionId, paymentPlanId, items");
            duplicateUnits(violations, items);
            violations.throwIfAny();
            return this;
        }
    }

    public record AssignInput(
            @NotNull(message = "is required, the UUID of the user to assign")
            @Pattern(regexp = UUID_TEXT, message = "is required, the UUID of the user to assign") String uuid,
            @NotNull(message = "is required, an email address")
            @Pattern(regexp = EMAIL, message = "is required, an email address") String email,
            String firstName, String lastName, String locale) {
    }

    /** A vendor's answer to a subscription event (internal endpoint, and the VENDOR_EVENT_RESULT payload). */
    public record ResultInput(
            @NotNull(message = "must be one of " + RESULT_TYPES)
            @Pattern(regexp = RESULT_TYPES, message = "must be one of " + RESULT_TYPES) String eventType,
            @NotNull(message = "is required") Boolean success, String accountIdentifier, String errorCode, String message,
            String userUuid) {

        /** USER_* results name the user. */
        public ResultInput checked() {
            boolean userEvent = EventTypes.USER_ASSIGNMENT.equals(eventType) || EventTypes.USER_UNASSIGNMENT.equals(eventType);
            Violations.start().when(userEvent && (userUuid == null || !userUuid.matches(UUID_TEXT)), "userUuid",
                    "is required for " + eventType + ", a user UUID").throwIfAny();
            return this;
        }
    }

    private static void duplicateUnits(Violations violations, List<Item> items) {
        if (items == null) {
            return;
        }
        Set<String> units = new HashSet<>();
        for (int i = 0; i < items.size(); i++) {
            Item item = items.get(i);
            if (item != null && item.unit() != null && !units.add(item.unit())) {
                violations.add("items[" + i + "].unit", "appears twice");
            }
        }
    }
}
