package dev.marketplace.billing.clock.service;

/** The clock as a deployment without test clocks has it (every production one). */
public final class BillingClockAccess {
    private BillingClockAccess() {
    }

    public static BillingClock disabled() {
        return new BillingClock(null, false);
    }

    public static TestClockService serviceOver(BillingClock clock) {
        return new TestClockService(null, clock, null, null);
    }
}
