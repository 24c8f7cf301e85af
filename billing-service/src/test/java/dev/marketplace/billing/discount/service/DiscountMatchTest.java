package dev.marketplace.billing.discount.service;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import org.junit.jupiter.api.Test;

import dev.marketplace.billing.discount.domain.Discount;
import dev.marketplace.billing.discount.domain.DiscountType;
import dev.marketplace.billing.discount.domain.RedemptionRestriction;
import dev.marketplace.billing.discount.service.DiscountRedemptions.Order;
import dev.marketplace.billing.pricing.DiscountTerms;
import dev.marketplace.billing.pricing.Pricing;

/**
 * Whether a discount applies to an order (application, edition, plan, dates, unit bounds) and which automatic discount
 * is tried first, without Quarkus or a database: discounts are plain entity objects.
 */
class DiscountMatchTest {
    private static final Instant NOW = Instant.parse("2026-03-01T12:00:00Z");
    private static final Order ORDER = new Order("P", 11, 21, 31L, Map.of("USER", 5, "SEAT", 2), "USD", UUID.randomUUID(),
            UUID.randomUUID(), UUID.randomUUID());
    private static long ids = 100;

    private static Discount discount() {
        Discount d = new Discount();
        d.id = ids++;
        d.description = "Spring";
        d.type = DiscountType.PERCENTAGE;
        d.percentage = BigDecimal.TEN;
        d.autoApply = true;
        d.redemptionRestriction = RedemptionRestriction.NONE;
        return d;
    }

    private static String mismatch(Discount d) {
        return DiscountMatch.mismatch(d, ORDER, NOW);
    }

    @Test
    void aDiscountForNothingInParticularAppliesToAnyOrder() {
        assertNull(mismatch(discount()));
    }

    @Test
    void aDiscountForAnotherProductEditionOrPlanDoesNotApply() {
        Discount d = discount();
        d.applicationId = 12L;
        assertEquals("is for another application (12)", mismatch(d));
        d.applicationId = 11L;
        d.editionId = 22L;
        assertEquals("is for another edition (22)", mismatch(d));
        d.editionId = 21L;
        d.paymentPlanId = 32L;
        assertEquals("is for another payment plan (32)", mismatch(d));
        d.paymentPlanId = 31L;
        assertNull(mismatch(d));
        Order withoutPlan = new Order("P", 11, 21, null, Map.of("USER", 5), "USD", null, null, null);
        assertEquals("is for another payment plan (31)", DiscountMatch.mismatch(d, withoutPlan, NOW));
    }

    @Test
    void anAmountAppliesToOrdersInItsCurrencyOnlyAndAPercentageToAny() {
        Discount fixed = discount();
        fixed.type = DiscountType.FIXED_PRICE;
        fixed.percentage = null;
        fixed.price = new BigDecimal("1000");
        fixed.currency = "JPY";
        assertEquals("is for orders in JPY and this order is in USD", mismatch(fixed));
        Order yen = new Order("P", 11, 21, 31L, Map.of("USER", 5), "JPY", null, null, null);
        assertNull(DiscountMatch.mismatch(fixed, yen, NOW));
        Discount flat = discount();
        flat.type = DiscountType.FLAT;
        flat.percentage = null;
        flat.discountValue = new BigDecimal("2000");
        flat.currency = "JPY";
        assertEquals("is for orders in JPY and this order is in USD", mismatch(flat));
        assertNull(DiscountMatch.mismatch(flat, yen, NOW));
        Discount percent = discount();
        assertNull(mismatch(percent));
        assertNull(DiscountMatch.mismatch(percent, yen, NOW), "a percentage has no currency");
    }

    @Test
    void aDiscountAppliesFromItsStartUntilBeforeItsExpiration() {
        Discount d = discount();
        d.startDate = NOW.plusMillis(1);
        assertEquals("is not valid yet", mismatch(d));
        d.startDate = NOW;
        assertNull(mismatch(d), "valid from its very start");
        d.expirationDate = NOW;
        assertEquals("has expired", mismatch(d), "expired at its very expiration");
        d.expirationDate = NOW.plusMillis(1);
        assertNull(mismatch(d));
    }

    @Test
    void unitBoundsCountTheDiscountsUnitOrEveryUnit() {
        Discount d = discount();
        d.unit = "USER";
        d.minUnits = 6;
        assertEquals("needs at least 6 USER", mismatch(d));
        d.minUnits = 5;
        assertNull(mismatch(d), "the minimum is included");
        d.maxUnits = 4;
        assertEquals("allows at most 4 USER", mismatch(d));
        d.maxUnits = 5;
        assertNull(mismatch(d), "the maximum is included");

        d.unit = "GIGABYTE";
        d.minUnits = null;
        d.maxUnits = null;
        assertEquals("is for orders of GIGABYTE", mismatch(d));

        Discount all = discount();
        all.maxUnits = 6;
        assertEquals("allows at most 6 units", mismatch(all), "5 USER and 2 SEAT are 7 units");
        all.maxUnits = 0;
        all.minUnits = 0;
        assertNull(mismatch(all), "0 is no bound");
    }

    @Test
    void automaticDiscountsAreTriedFromTheLargestSavingWithTheOlderFirstOnATie() {
        Discount tenPercent = discount();
        Discount fifteenOff = discount();
        fifteenOff.type = DiscountType.FIXED_PRICE;
        fifteenOff.percentage = null;
        fifteenOff.price = new BigDecimal("15");
        fifteenOff.currency = "USD";
        Discount yenOff = discount();
        yenOff.type = DiscountType.FIXED_PRICE;
        yenOff.percentage = null;
        yenOff.price = new BigDecimal("1000");
        yenOff.currency = "JPY";
        Discount olderTenPercent = discount();
        olderTenPercent.id = 1L;
        Discount codeOnly = discount();
        codeOnly.autoApply = false;
        codeOnly.percentage = new BigDecimal("50");
        Discount exhausted = discount();
        exhausted.percentage = new BigDecimal("40");
        exhausted.maxRedemptions = 3;
        exhausted.redemptions = 3;
        Discount expired = discount();
        expired.percentage = new BigDecimal("30");
        expired.expirationDate = NOW.minusSeconds(1);

        // each candidate priced on an order of 100.00, as SubscriptionService prices them
        List<Discount> tried = DiscountMatch.automatic(List.of(tenPercent, fifteenOff, olderTenPercent, codeOnly, exhausted,
                expired, yenOff), ORDER, NOW, terms -> Pricing.saving(terms, new BigDecimal("100.00"), "USD"));
        assertEquals(List.of(fifteenOff.id, olderTenPercent.id, tenPercent.id), tried.stream().map(d -> d.id).toList(),
                "never one that applies only by its code, has no redemption left, has expired or is an amount of another "
                        + "currency (1000 JPY would have saved most)");
    }

    @Test
    void aDiscountWithRedemptionsLeftOrNoLimitMayBeRedeemed() {
        Discount d = discount();
        assertEquals(true, DiscountMatch.hasRedemptionsLeft(d));
        d.maxRedemptions = 1;
        assertEquals(true, DiscountMatch.hasRedemptionsLeft(d));
        d.redemptions = 1;
        assertEquals(false, DiscountMatch.hasRedemptionsLeft(d));
    }

    @Test
    void theTermsKeptWithTheOrderCopyTheDiscount() {
        Discount d = discount();
        d.code = "SPRING";
        d.type = DiscountType.FLAT;
        d.percentage = null;
        d.discountValue = new BigDecimal("9.99");
        d.unit = "USER";
        d.billingCycles = 3;
        d.retainable = true;
        d.expirationDate = NOW;
        DiscountTerms terms = DiscountMatch.terms(d);
        assertEquals(new DiscountTerms(d.id, "SPRING", "Spring", DiscountTerms.Kind.FLAT, null, null, new BigDecimal("9.99"),
                "USER", 3, true, NOW.toEpochMilli()), terms);
    }
}
