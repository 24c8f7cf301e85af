package dev.marketplace.billing.discount.service;

import java.math.BigDecimal;
import java.time.Instant;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;

import dev.marketplace.billing.discount.domain.Discount;

/** A discount as the API answers it (AppDirect's Discount fields, plus {@code discountValue} of FLAT discounts). */
@JsonPropertyOrder({ "id", "uuid", "code", "redemptions", "maxRedemptions", "createdOn", "startDate", "expirationDate", "type",
        "percentage", "price", "discountValue", "description", "applicationName", "applicationId", "applicationUuid",
        "editionId", "editionUuid", "paymentPlanId", "paymentPlanUuid", "autoApply", "billingCycles", "retainable",
        "redemptionRestriction", "vendorSharePercentage", "partnerSharePercentage", "basePartnerSharePercentage", "unit",
        "minUnits", "maxUnits", "industryId" })
public record DiscountView(long id, String uuid, String code, int redemptions, Integer maxRedemptions, Long createdOn,
        Long startDate, Long expirationDate, String type, BigDecimal percentage, BigDecimal price, BigDecimal discountValue,
        String description, String applicationName, Long applicationId, String applicationUuid, Long editionId,
        String editionUuid, Long paymentPlanId, String paymentPlanUuid, boolean autoApply, Integer billingCycles,
        boolean retainable, String redemptionRestriction, BigDecimal vendorSharePercentage, BigDecimal partnerSharePercentage,
        BigDecimal basePartnerSharePercentage, String unit, int minUnits, int maxUnits, Long industryId) {

    public static DiscountView of(Discount d) {
        return new DiscountView(d.id, d.uuid.toString(), d.code, d.redemptions, d.maxRedemptions, ms(d.createdOn),
                ms(d.startDate), ms(d.expirationDate), d.type.name(), plain(d.percentage), plain(d.price),
                plain(d.discountValue), d.description, d.applicationName, d.applicationId, d.applicationUuid, d.editionId,
                d.editionUuid, d.paymentPlanId, d.paymentPlanUuid, d.autoApply, d.billingCycles, d.retainable,
                d.redemptionRestriction.name(), plain(d.vendorSharePercentage), plain(d.partnerSharePercentage),
                plain(d.basePartnerSharePercentage), d.unit, d.minUnits == null ? 0 : d.minUnits,
                d.maxUnits == null ? 0 : d.maxUnits, d.industryId);
    }

    private static Long ms(Instant instant) {
        return instant == null ? null : instant.toEpochMilli();
    }

    /** Stored numbers carry the column's scale (70.00, 5.0000): answered without trailing zeros (70, 5). */
    static BigDecimal plain(BigDecimal value) {
        if (value == null) {
            return null;
        }
        BigDecimal stripped = value.stripTrailingZeros();
        return stripped.scale() < 0 ? stripped.setScale(0) : stripped;
    }
}
