package dev.marketplace.billing.subscription.service;

import java.time.LocalDate;

/**
 * Billing dates of a plan's frequency: the next date is one period later, on the billing day of month (clamped to the
 * month's length: day 31 is the 30th in April). DAILY plans are billed every day; ONE_TIME plans have no next period
 * (their next date only collects metered usage, monthly).
 */
public final class BillingDates {
    private BillingDates() {
    }

    public static boolean recurring(String frequency) {
        return frequency != null && !"ONE_TIME".equals(frequency);
    }

    public static LocalDate next(LocalDate from, String frequency, int billingDay) {
        if ("DAILY".equals(frequency)) {
            return from.plusDays(1);
        }
        int months = switch (frequency == null ? "MONTHLY" : frequency) {
            case "QUARTERLY" -> 3;
            case "SIX_MONTHS" -> 6;
            case "YEARLY" -> 12;
            case "TWO_YEARS" -> 24;
            case "THREE_YEARS" -> 36;
            default -> 1;
        };
        LocalDate month = from.plusMonths(months);
        return month.withDayOfMonth(Math.min(billingDay, month.lengthOfMonth()));
    }

    /**
     * The billing date of a subscription reactivated on {@code today}, whose next date was {@code next}: billing dates
     * that passed while it was suspended are not charged, but the period running today is, at once (its date is the
     * latest billing date not after today, which the recurring job finds due). A date still ahead is kept.
     */
    public static LocalDate resumed(LocalDate next, LocalDate today, String frequency, int billingDay) {
        if (next == null || !next.isBefore(today)) {
            return next;
        }
        LocalDate current = next;
        for (LocalDate after = next(current, frequency, billingDay); !after.isAfter(today);
                after = next(current, frequency, billingDay)) {
            current = after;
        }
        return current;
    }
}
