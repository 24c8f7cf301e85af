package dev.marketplace.billing.discount.service;

import java.math.BigDecimal;
import java.time.Instant;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;

import dev.marketplace.billing.discount.domain.Discount;
import dev.marketplace.billing.money.Money;

/**
 * A discount as the API answers it (AppDirect's Discount fields, plus {@code discountValue} of FLAT discounts and the
 * {@code currency} of FIXED_PRICE and FLAT ones).
 */
@JsonPropertyOrder({ "id", "uuid", "code", "redemptions", "maxRedemptions", "createdOn", "startDate", "expirationDate", "type",
        "percentage", "price", "discountValue", "currency", "description", "applicationName", "applicationId", "applicationUuid",
        "editionId", "editionUuid", "paymentPlanId", "paymentPlanUuid", "autoApply", "billingCycles", "retainable",
        "redemptionRestriction", "vendorSharePercentage", "partnerSharePercentage", "basePartnerSharePercentage", "unit",
        "minUnits", "maxUnits", "industryId" })
public record DiscountView(long id, String uuid, String code, int redemptions, Integer maxRedemptions, Long createdOn,
        Long startDate, Long expirationDate, String type, BigDecimal percentage, BigDecimal price, BigDecimal discountValue,
        String currency, String description, String applicationName, Long applicationId, String applicationUuid, Long editionId,
        String editionUuid, Long paymentPlanId, String paymentPlanUuid, boolean autoApply, Integer billingCycles,
        boolean retainable, String redemptionRestriction, BigDecimal vendorSharePercentage, BigDecimal partnerSharePercentage,
        BigDecimal basePartnerSharePercentage, String unit, int minUnits, int maxUnits, Long industryId) {

    public static DiscountView of(Discount d) {
        return new DiscountView(d.id, d.uuid.toString(), d.code, d.redemptions, d.maxRedemptions, ms(d.createdOn),
                ms(d.startDate), ms(d.expirationDate), d.type.name(), Money.plain(d.percentage), Money.plain(d.price),
                Money.plain(d.discountValue), d.currency, d.description, d.applicationName, d.applicationId, d.applicationUuid,
                d.editionId, d.editionUuid, d.paymentPlanId, d.paymentPlanUuid, d.autoApply, d.billingCycles, d.retainable,
                d.redemptionRestriction.name(), Money.plain(d.vendorSharePercentage), Money.plain(d.partnerSharePercentage),
                Money.plain(d.basePartnerSharePercentage), d.unit, d.minUnits == null ? 0 : d.minUnits,
                d.maxUnits == null ? 0 : d.maxUnits, d.industryId);
    }

    private static Long ms(Instant instant) {
        return instant == null ? null : instant.toEpochMilli();
    }
}
