package dev.marketplace.billing.subscription.service;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.util.Optional;
import java.util.UUID;

import org.junit.jupiter.api.Test;

import dev.marketplace.billing.client.AccountApi;

/** A company's purchase limits (exemption, override, its own limit, the marketplace default) and when an order breaks one. */
class CompanyLimitsTest {
    private static final Optional<BigDecimal> DEFAULT_30 = Optional.of(new BigDecimal("5000"));
    private static final Optional<BigDecimal> DEFAULT_DAILY = Optional.of(new BigDecimal("500"));

    private static BigDecimal d(String value) {
        return new BigDecimal(value);
    }

    private static AccountApi.Company company(String own30, boolean exempt30, String override30, boolean exemptDaily,
            String overrideDaily) {
        return new AccountApi.Company(UUID.randomUUID(), "Acme", true, "ap@acme.example", null, false,
                own30 == null ? null : d(own30), null, exempt30, override30 == null ? null : d(override30), exemptDaily,
                overrideDaily == null ? null : d(overrideDaily));
    }

    @Test
    void withNothingOfItsOwnACompanyHasTheMarketplaceDefaults() {
        CompanyLimits limits = CompanyLimits.of(company(null, false, null, false, null), DEFAULT_30, DEFAULT_DAILY);
        assertEquals(DEFAULT_30, limits.thirtyDays());
        assertEquals(DEFAULT_DAILY, limits.daily());
        assertTrue(limits.any());
    }

    @Test
    void itsOwnLimitThenItsOverrideWin() {
        assertEquals(Optional.of(d("2000")), CompanyLimits.of(company("2000", false, null, false, null), DEFAULT_30,
                DEFAULT_DAILY).thirtyDays());
        CompanyLimits overridden = CompanyLimits.of(company("2000", false, "9000", false, "50"), DEFAULT_30, DEFAULT_DAILY);
        assertEquals(Optional.of(d("9000")), overridden.thirtyDays());
        assertEquals(Optional.of(d("50")), overridden.daily());
    }

    @Test
    void anExemptionWinsOverEverything() {
        CompanyLimits exempt = CompanyLimits.of(company("2000", true, "9000", true, "50"), DEFAULT_30, DEFAULT_DAILY);
        assertEquals(Optional.empty(), exempt.thirtyDays());
        assertEquals(Optional.empty(), exempt.daily());
        assertFalse(exempt.any());
    }

    @Test
    void noLimitAnywhereIsNoLimit() {
        assertFalse(CompanyLimits.of(company(null, false, null, false, null), Optional.empty(), Optional.empty()).any());
    }

    @Test
    void reachingTheLimitExactlyIsAllowedACentMoreIsNot() {
        assertFalse(CompanyLimits.exceeds(d("900.00"), d("100.00"), d("1000"), "USD"));
        assertTrue(CompanyLimits.exceeds(d("900.00"), d("100.01"), d("1000"), "USD"));
        assertFalse(CompanyLimits.exceeds(d("0"), d("0.00"), d("0"), "USD"), "a free order fits a zero limit");
        assertTrue(CompanyLimits.exceeds(d("0"), d("0.01"), d("0"), "USD"));
    }

    @Test
    void whatWasSpentIsRoundedHalfEvenBeforeTheComparison() {
        // 899.995 is 900.00 (9 is odd: up); 899.985 is 899.98 (8 is even: down)
        assertTrue(CompanyLimits.exceeds(d("899.995"), d("100.01"), d("1000"), "USD"));
        assertFalse(CompanyLimits.exceeds(d("899.995"), d("100.00"), d("1000"), "USD"));
        assertFalse(CompanyLimits.exceeds(d("899.985"), d("100.02"), d("1000"), "USD"));
        assertTrue(CompanyLimits.exceeds(d("999.5"), d("1"), d("1000"), "JPY"), "999.5 yen spent is 1000");
    }
}
