package dev.marketplace.billing.subscription.service;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.LocalDate;

import org.junit.jupiter.api.Test;

/** The next billing date of each plan frequency, on the billing day of month, clamped to short months. */
class BillingDatesTest {

    private static LocalDate day(String iso) {
        return LocalDate.parse(iso);
    }

    @Test
    void aMonthlyPlanIsBilledOnItsDayClampedToShortMonths() {
        assertEquals(day("2025-02-28"), BillingDates.next(day("2025-01-31"), "MONTHLY", 31));
        assertEquals(day("2024-02-29"), BillingDates.next(day("2024-01-31"), "MONTHLY", 31), "a leap year's February");
        assertEquals(day("2025-03-31"), BillingDates.next(day("2025-02-28"), "MONTHLY", 31), "the clamp does not stick");
        assertEquals(day("2025-05-30"), BillingDates.next(day("2025-04-30"), "MONTHLY", 30));
        assertEquals(day("2025-02-15"), BillingDates.next(day("2025-01-20"), "MONTHLY", 15), "the company's day, not the start's");
    }

    @Test
    void longerPeriodsCountMonths() {
        assertEquals(day("2026-02-28"), BillingDates.next(day("2025-11-30"), "QUARTERLY", 30));
        assertEquals(day("2026-02-28"), BillingDates.next(day("2025-08-31"), "SIX_MONTHS", 31));
        assertEquals(day("2025-02-28"), BillingDates.next(day("2024-02-29"), "YEARLY", 29));
        assertEquals(day("2028-02-29"), BillingDates.next(day("2027-02-28"), "YEARLY", 29), "back to the 29th in a leap year");
        assertEquals(day("2026-02-28"), BillingDates.next(day("2024-02-29"), "TWO_YEARS", 29));
        assertEquals(day("2027-02-28"), BillingDates.next(day("2024-02-29"), "THREE_YEARS", 29));
    }

    @Test
    void aDailyPlanIsBilledTheNextDayWhateverItsBillingDay() {
        assertEquals(day("2026-01-01"), BillingDates.next(day("2025-12-31"), "DAILY", 15));
    }

    @Test
    void aOneTimePlanIsNotRecurringAndCollectsUsageMonthly() {
        assertFalse(BillingDates.recurring("ONE_TIME"));
        assertFalse(BillingDates.recurring(null));
        assertTrue(BillingDates.recurring("MONTHLY"));
        assertTrue(BillingDates.recurring("DAILY"));
        assertEquals(day("2025-02-10"), BillingDates.next(day("2025-01-10"), "ONE_TIME", 10));
        assertEquals(day("2025-02-10"), BillingDates.next(day("2025-01-10"), null, 10));
    }

    @Test
    void aReactivatedSubscriptionSkipsTheDatesItWasSuspendedOverButPaysThePeriodItResumesIn() {
        // a date still ahead, or today, is kept
        assertEquals(day("2025-06-10"), BillingDates.resumed(day("2025-06-10"), day("2025-06-02"), "MONTHLY", 10));
        assertEquals(day("2025-06-10"), BillingDates.resumed(day("2025-06-10"), day("2025-06-10"), "MONTHLY", 10));
        // suspended over the 10 March, 10 April and 10 May dates, reactivated on 20 May: the May period is due at once
        assertEquals(day("2025-05-10"), BillingDates.resumed(day("2025-03-10"), day("2025-05-20"), "MONTHLY", 10));
        // reactivated on a billing date itself: that date
        assertEquals(day("2025-05-10"), BillingDates.resumed(day("2025-03-10"), day("2025-05-10"), "MONTHLY", 10));
        // the billing day's clamp to short months holds across the skipped dates
        assertEquals(day("2025-02-28"), BillingDates.resumed(day("2025-01-31"), day("2025-03-15"), "MONTHLY", 31));
        assertEquals(day("2025-03-31"), BillingDates.resumed(day("2025-01-31"), day("2025-03-31"), "MONTHLY", 31));
        assertEquals(day("2025-01-15"), BillingDates.resumed(day("2024-01-15"), day("2025-06-01"), "YEARLY", 15));
        assertEquals(day("2025-06-01"), BillingDates.resumed(day("2025-05-20"), day("2025-06-01"), "DAILY", 20));
        assertEquals(null, BillingDates.resumed(null, day("2025-06-01"), "MONTHLY", 1));
    }
}
