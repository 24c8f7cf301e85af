package dev.marketplace.billing.clock.service;

/**
 * The SQL of billing time for the background queries that take every marketplace at once, so that each job due by
 * billing time reads it the same way: parameter {@code ?1} is the marketplace (null: every marketplace) and {@code ?2}
 * the instant. A job run for one marketplace (a test clock moved: {@link DueWork}) passes that marketplace's billing
 * time as {@code ?2}; the scheduled run passes the real time, and each marketplace's test clock offset is added here
 * when test clocks are enabled.
 */
public final class BillingTimeSql {
    private BillingTimeSql() {
    }

    /** Joins {@code alias}'s marketplace clock when test clocks are enabled and no single marketplace is named (?1 null). */
    public static String clockJoin(String alias, boolean testClocks) {
        return testClocks ? " left join test_clock t on t.partner = " + alias + ".partner and cast(?1 as varchar) is null " : " ";
    }

    /** The billing time of the row's marketplace: ?2, plus its test clock's offset when joined. */
    public static String billingNow(boolean testClocks) {
        return testClocks ? "(cast(?2 as timestamptz) + coalesce(t.offset_millis, 0) * interval '1 millisecond')"
                : "cast(?2 as timestamptz)";
    }

    /** The billing day (UTC) of the row's marketplace. */
    public static String billingToday(boolean testClocks) {
        return "cast((" + billingNow(testClocks) + " at time zone 'UTC') as date)";
    }

    /** The rows of the marketplace ?1, or of every marketplace when it is null. */
    public static String scope(String alias) {
        return "(cast(?1 as varchar) is null or " + alias + ".partner = cast(?1 as varchar))";
    }
}
