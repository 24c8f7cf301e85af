package dev.marketplace.billing.clock.service;

import java.time.Duration;
import java.time.Instant;

import jakarta.enterprise.context.ApplicationScoped;

import dev.marketplace.billing.clock.repository.TestClockRepository;
import dev.marketplace.billing.config.BillingConfig;
import io.smallrye.mutiny.Uni;

/**
 * Billing time: the real time, or, where test clocks are enabled (sandbox only), the real time plus how far the
 * marketplace's test clock has been advanced. Everything with a due date (collection, dunning, card expiry) asks it.
 */
@ApplicationScoped
public class BillingClock {
    private final TestClockRepository clocks;
    private final boolean testClocks;

    @jakarta.inject.Inject
    public BillingClock(TestClockRepository clocks, BillingConfig config) {
        this(clocks, config.testClock().enabled());
    }

    BillingClock(TestClockRepository clocks, boolean testClocks) {
        this.clocks = clocks;
        this.testClocks = testClocks;
    }

    public boolean testClocksEnabled() {
        return testClocks;
    }

    /** The marketplace's billing time (needs a session when test clocks are enabled). */
    public Uni<Instant> now(String partner) {
        if (!testClocks) {
            return Uni.createFrom().item(Instant.now());
        }
        return clocks.findById(partner).map(clock -> clock == null ? Instant.now()
                : Instant.now().plus(Duration.ofMillis(clock.offsetMillis)));
    }
}
