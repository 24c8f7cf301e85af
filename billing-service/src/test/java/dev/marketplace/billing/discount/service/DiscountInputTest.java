package dev.marketplace.billing.discount.service;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;

import org.junit.jupiter.api.Test;

import dev.marketplace.billing.discount.domain.DiscountType;
import dev.marketplace.billing.discount.domain.RedemptionRestriction;
import dev.marketplace.billing.money.CurrencyCode;
import dev.marketplace.common.error.ApiException;

/** The rules of a discount across its fields: each type's amount, its dates, its unit bounds, its defaults. */
class DiscountInputTest {
    private static final long NOW = 1_767_225_600_000L;

    /** A discount body with only the fields a test sets. */
    private static final class Draft {
        String code;
        DiscountType type = DiscountType.PERCENTAGE;
        BigDecimal percentage = BigDecimal.TEN;
        BigDecimal price;
        BigDecimal discountValue;
        Long applicationId;
        Long editionId;
        Long paymentPlanId;
        Boolean autoApply;
        RedemptionRestriction restriction;
        Integer minUnits;
        Integer maxUnits;
        Long startDate;
        Long expirationDate;
        CurrencyCode currency;

        DiscountInput build() {
            return new DiscountInput(null, null, code, "Spring sale", type, percentage, price, discountValue, applicationId, null,
                    null, editionId, null, paymentPlanId, null, null, autoApply, null, null, restriction, null, null, minUnits,
                    maxUnits, null, startDate, expirationDate, null, null, null, null, currency);
        }

        String refusal() {
            ApiException e = assertThrows(ApiException.class, () -> build().checked(NOW));
            assertEquals(400, e.status());
            return e.getMessage();
        }
    }

    @Test
    void eachTypeNeedsItsOwnAmountAndNoOther() {
        assertDoesNotThrow(() -> new Draft().build().checked(NOW));
        Draft percentage = new Draft();
        percentage.percentage = null;
        assertEquals("percentage: is required for a PERCENTAGE discount", percentage.refusal());

        Draft fixed = new Draft();
        fixed.type = DiscountType.FIXED_PRICE;
        fixed.currency = CurrencyCode.USD;
        assertEquals("percentage: is only for a PERCENTAGE discount; "
                + "price: is required for a FIXED_PRICE discount (the amount taken off)", fixed.refusal());
        fixed.percentage = null;
        fixed.price = new BigDecimal("5");
        assertDoesNotThrow(() -> fixed.build().checked(NOW));

        Draft flat = new Draft();
        flat.type = DiscountType.FLAT;
        flat.currency = CurrencyCode.JPY;
        flat.percentage = null;
        flat.price = new BigDecimal("5");
        assertEquals("price: is only for a FIXED_PRICE discount; "
                + "discountValue: is required for a FLAT discount (the final amount, 0 or more)", flat.refusal());
        flat.price = null;
        flat.discountValue = BigDecimal.ZERO;
        assertDoesNotThrow(() -> flat.build().checked(NOW), "a FLAT discount may make the order free");
    }

    @Test
    void anAmountHasACurrencyAndAPercentageNone() {
        Draft fixed = new Draft();
        fixed.type = DiscountType.FIXED_PRICE;
        fixed.percentage = null;
        fixed.price = new BigDecimal("1000");
        assertEquals("currency: is required for a FIXED_PRICE discount (the ISO code of its amount, such as USD; it applies "
                + "to orders in it only)", fixed.refusal());
        fixed.currency = CurrencyCode.JPY;
        assertEquals("JPY", fixed.build().checked(NOW).currencyCode());

        Draft flat = new Draft();
        flat.type = DiscountType.FLAT;
        flat.percentage = null;
        flat.discountValue = new BigDecimal("2000");
        assertEquals("currency: is required for a FLAT discount (the ISO code of its amount, such as USD; it applies "
                + "to orders in it only)", flat.refusal());

        Draft percentage = new Draft();
        percentage.currency = CurrencyCode.USD;
        assertEquals("currency: is only for FIXED_PRICE and FLAT discounts (a percentage applies in any currency)",
                percentage.refusal());
        percentage.currency = null;
        assertNull(percentage.build().checked(NOW).currencyCode());
    }

    @Test
    void anExpirationLiesInTheFutureAndAfterTheStart() {
        Draft d = new Draft();
        d.expirationDate = NOW;
        assertEquals("expirationDate: must lie in the future", d.refusal());
        d.expirationDate = NOW + 1;
        assertDoesNotThrow(() -> d.build().checked(NOW));
        d.startDate = NOW + 1;
        assertEquals("startDate: must be before expirationDate", d.refusal());
        d.startDate = NOW - 86_400_000L;
        assertDoesNotThrow(() -> d.build().checked(NOW), "a discount may have started already");
    }

    @Test
    void theMinimumUnitsMayNotExceedTheMaximumUnlessThereIsNone() {
        Draft d = new Draft();
        d.minUnits = 6;
        d.maxUnits = 5;
        assertEquals("minUnits: must not exceed maxUnits", d.refusal());
        d.maxUnits = 6;
        assertDoesNotThrow(() -> d.build().checked(NOW));
        d.maxUnits = 0;
        assertDoesNotThrow(() -> d.build().checked(NOW), "0 is no maximum");
    }

    @Test
    void anEditionNeedsItsApplicationAndAPlanItsEdition() {
        Draft d = new Draft();
        d.paymentPlanId = 31L;
        assertEquals("editionId: is required with paymentPlanId", d.refusal());
        d.editionId = 21L;
        assertEquals("applicationId: is required with editionId", d.refusal());
        d.applicationId = 11L;
        assertDoesNotThrow(() -> d.build().checked(NOW));
    }

    @Test
    void aDiscountAppliesAutomaticallyToAnyoneUnlessItSaysOtherwise() {
        Draft d = new Draft();
        assertTrue(d.build().appliesAutomatically());
        assertEquals(RedemptionRestriction.NONE, d.build().restriction());
        d.autoApply = false;
        d.restriction = RedemptionRestriction.ONCE_PER_COMPANY;
        assertFalse(d.build().appliesAutomatically(), "only with its code");
        assertEquals(RedemptionRestriction.ONCE_PER_COMPANY, d.build().restriction());
    }

    @Test
    void aCodeIsTrimmedAndABlankCodeIsNone() {
        Draft d = new Draft();
        d.code = "  SPRING26 ";
        assertEquals("SPRING26", d.build().normalizedCode());
        d.code = "   ";
        assertNull(d.build().normalizedCode());
    }
}
