package dev.marketplace.billing.pricing;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;

import org.junit.jupiter.api.Test;

/** How long a discount kept with an order lasts: its billing cycles, and whether it survives a change of the order. */
class DiscountTermsTest {
    private static final long NOW = 1_767_225_600_000L;

    private static DiscountTerms terms(Integer billingCycles, boolean retainable, Long expirationDate) {
        return new DiscountTerms(1, "CODE", "Ten off", DiscountTerms.Kind.PERCENTAGE, BigDecimal.TEN, null, null, null,
                billingCycles, retainable, expirationDate);
    }

    @Test
    void aDiscountWithoutCyclesDiscountsEveryInvoice() {
        assertTrue(terms(null, false, null).appliesToNextInvoice(0));
        assertTrue(terms(null, false, null).appliesToNextInvoice(1_000));
    }

    @Test
    void aDiscountOfThreeCyclesDiscountsTheFirstThreeInvoicesOnly() {
        DiscountTerms three = terms(3, false, null);
        assertTrue(three.appliesToNextInvoice(0));
        assertTrue(three.appliesToNextInvoice(2));
        assertFalse(three.appliesToNextInvoice(3));
        assertFalse(three.appliesToNextInvoice(4));
    }

    @Test
    void anExpiredDiscountIsDroppedOnAChangeUnlessRetainable() {
        assertFalse(terms(null, false, NOW - 1).keptOnChange(NOW));
        assertFalse(terms(null, false, NOW).keptOnChange(NOW), "expiring at the change is expired");
        assertTrue(terms(null, false, NOW + 1).keptOnChange(NOW));
        assertTrue(terms(null, true, NOW - 1).keptOnChange(NOW), "a retainable discount stays");
        assertTrue(terms(null, false, null).keptOnChange(NOW), "a discount that never expires stays");
    }
}
