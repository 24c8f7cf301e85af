package dev.marketplace.billing.discount.service;

import java.math.BigDecimal;

import jakarta.validation.constraints.DecimalMax;
import jakarta.validation.constraints.DecimalMin;
import jakarta.validation.constraints.Digits;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;

import dev.marketplace.billing.discount.domain.DiscountType;
import dev.marketplace.billing.discount.domain.RedemptionRestriction;
import dev.marketplace.billing.money.CurrencyCode;
import dev.marketplace.common.input.Violations;

/**
 * The discount body of create and update (AppDirect's Discount). The read-only fields of the answer (id, uuid,
 * redemptions, createdOn, the application name and the catalogue UUIDs) are accepted so that a client may send back what
 * it read, and ignored. Amounts ({@code price}, {@code discountValue}) are in {@code currency} (our extension: AppDirect's
 * Discount has none), required with them; such a discount applies to orders in that currency only.
 */
public record DiscountInput(Long id, String uuid,
        @Size(min = 4, max = 103, message = "must be 4 to 103 characters") String code,
        @NotNull(message = "is required, 4 to 255 characters") @Size(min = 4, max = 255, message = "must be 4 to 255 characters") String description,
        @NotNull(message = "is required: PERCENTAGE, FIXED_PRICE or FLAT") DiscountType type,
        @DecimalMin(value = "0", inclusive = false, message = "must be greater than 0")
        @DecimalMax(value = "100", message = "must be at most 100")
        @Digits(integer = 3, fraction = 2, message = "must have at most two decimal places") BigDecimal percentage,
        @DecimalMin(value = "0", inclusive = false, message = "must be greater than 0")
        @Digits(integer = 15, fraction = 4, message = "must have at most 4 decimal places") BigDecimal price,
        @DecimalMin(value = "0", message = "must be 0 or more")
        @Digits(integer = 15, fraction = 4, message = "must have at most 4 decimal places") BigDecimal discountValue,
        @Min(value = 1, message = "must be an application id") Long applicationId, String applicationUuid, String applicationName,
        @Min(value = 1, message = "must be an edition id") Long editionId, String editionUuid,
        @Min(value = 1, message = "must be a payment plan id") Long paymentPlanId, String paymentPlanUuid,
        Long industryId, Boolean autoApply,
        @Min(value = 1, message = "must be at least 1") Integer billingCycles, Boolean retainable,
        RedemptionRestriction redemptionRestriction, Integer redemptions,
        @Min(value = 1, message = "must be at least 1") Integer maxRedemptions,
        @Min(value = 0, message = "must be 0 or more") Integer minUnits,
        @Min(value = 0, message = "must be 0 or more") Integer maxUnits,
        @Pattern(regexp = "[A-Z][A-Z0-9_]{0,63}", message = "must be a pricing unit such as USER") String unit,
        Long startDate, Long expirationDate, Long createdOn,
        @DecimalMin(value = "0", message = "must be between 0 and 100") @DecimalMax(value = "100", message = "must be between 0 and 100") BigDecimal vendorSharePercentage,
        @DecimalMin(value = "0", message = "must be between 0 and 100") @DecimalMax(value = "100", message = "must be between 0 and 100") BigDecimal partnerSharePercentage,
        @DecimalMin(value = "0", message = "must be between 0 and 100") @DecimalMax(value = "100", message = "must be between 0 and 100") BigDecimal basePartnerSharePercentage,
        CurrencyCode currency) {

    /** The rules across fields; {@code now} is when the request is served (expiration dates lie after it). */
    public DiscountInput checked(long now) {
        Violations.start()
                .when(type == DiscountType.PERCENTAGE && percentage == null, "percentage", "is required for a PERCENTAGE discount")
                .when(type != null && type != DiscountType.PERCENTAGE && percentage != null, "percentage",
                        "is only for a PERCENTAGE discount")
                .when(type == DiscountType.FIXED_PRICE && price == null, "price", "is required for a FIXED_PRICE discount (the amount taken off)")
                .when(type != null && type != DiscountType.FIXED_PRICE && price != null, "price", "is only for a FIXED_PRICE discount")
                .when(type == DiscountType.FLAT && discountValue == null, "discountValue",
                        "is required for a FLAT discount (the final amount, 0 or more)")
                .when(type != null && type != DiscountType.FLAT && discountValue != null, "discountValue",
                        "must not be set for a " + type + " discount")
                .when(type != null && type != DiscountType.PERCENTAGE && currency == null, "currency",
                        "is required for a " + type + " discount (the ISO code of its amount, such as USD; it applies to orders in it only)")
                .when(type == DiscountType.PERCENTAGE && currency != null, "currency",
                        "is only for FIXED_PRICE and FLAT discounts (a percentage applies in any currency)")
                .when(expirationDate != null && expirationDate <= now, "expirationDate", "must lie in the future")
                .when(startDate != null && expirationDate != null && startDate >= expirationDate, "startDate",
                        "must be before expirationDate")
                .when(minUnits != null && maxUnits != null && maxUnits > 0 && minUnits > maxUnits, "minUnits",
                        "must not exceed maxUnits")
                .when(editionId != null && applicationId == null, "applicationId", "is required with editionId")
                .when(paymentPlanId != null && editionId == null, "editionId", "is required with paymentPlanId")
                .throwIfAny();
        return this;
    }

    /** A discount applies automatically unless it says otherwise; {@code false}: only with its code. */
    public boolean appliesAutomatically() {
        return autoApply == null || autoApply;
    }

    public RedemptionRestriction restriction() {
        return redemptionRestriction == null ? RedemptionRestriction.NONE : redemptionRestriction;
    }

    /** The ISO code of the amounts, or null (PERCENTAGE). */
    public String currencyCode() {
        return currency == null ? null : currency.name();
    }

    public String normalizedCode() {
        return code == null || code.isBlank() ? null : code.trim();
    }
}
