package dev.marketplace.billing.clock.service;

import java.time.Duration;
import java.time.Instant;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Any;
import jakarta.enterprise.inject.Instance;
import jakarta.ws.rs.NotFoundException;

import org.jboss.logging.Logger;

import dev.marketplace.billing.clock.domain.TestClock;
import dev.marketplace.billing.clock.repository.TestClockRepository;
import dev.marketplace.billing.support.ChannelAccess;
import dev.marketplace.common.error.ApiException;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.smallrye.mutiny.Uni;

/**
 * A marketplace's test clock: it only moves forward, and moving it runs every {@link DueWork} for the marketplace, so
 * that what would have happened by then has happened when the call answers. Where test clocks are disabled (every
 * production deployment) the resource does not exist: 404.
 */
@ApplicationScoped
public class TestClockService {
    /** Far enough for any schedule of this service; further is a typo. */
    static final Duration LONGEST_STEP = Duration.ofDays(400);
    private static final Logger LOG = Logger.getLogger(TestClockService.class);

    private final TestClockRepository clocks;
    private final BillingClock clock;
    private final ChannelAccess access;
    private final Instance<DueWork> work;

    public TestClockService(TestClockRepository clocks, BillingClock clock, ChannelAccess access,
            @Any Instance<DueWork> work) {
        this.clocks = clocks;
        this.clock = clock;
        this.access = access;
        this.work = work;
    }

    /** The marketplace's clock as it stands. */
    @WithSession
    public Uni<TestClockView> read() {
        String partner = requireEnabledFor();
        return clocks.findById(partner).map(found -> view(found == null ? 0 : found.offsetMillis));
    }

    /** Moves the clock forward by {@code step}, then runs what became due. */
    public Uni<TestClockView> advance(Duration step) {
        String partner = requireEnabledFor();
        if (step.isNegative() || step.isZero()) {
            throw ApiException.invalidField("by", "must move the clock forward");
        }
        if (step.compareTo(LONGEST_STEP) > 0) {
            throw ApiException.invalidField("by", "must be at most " + LONGEST_STEP.toDays() + " days");
        }
        Uni<TestClockView> moved = Panache.withTransaction(() -> clocks.lockedFor(partner).chain(found -> {
            TestClock c = found;
            if (c == null) {
                c = new TestClock();
                c.partner = partner;
            }
            c.offsetMillis = c.offsetMillis + step.toMillis();
            c.movedOn = Instant.now();
            long offset = c.offsetMillis;
            return clocks.persist(c).replaceWith(view(offset));
        }));
        return moved.call(view -> runDue(partner, Instant.ofEpochMilli(view.now())));
    }

    private Uni<Void> runDue(String partner, Instant now) {
        Uni<Void> all = Uni.createFrom().voidItem();
        for (DueWork each : work) {
            all = all.chain(() -> each.runDue(partner, now).invoke(done -> {
                if (done > 0) {
                    LOG.infof("test clock of %s: %s did %d things due at %s", partner,
                            each.getClass().getSimpleName(), done, now);
                }
            })).replaceWithVoid();
        }
        return all;
    }

    private String requireEnabledFor() {
        if (!clock.testClocksEnabled()) {
            throw new NotFoundException();
        }
        return access.requireWriter();
    }

    private static TestClockView view(long offsetMillis) {
        Instant now = Instant.now().plusMillis(offsetMillis);
        return new TestClockView(now.toEpochMilli(), Duration.ofMillis(offsetMillis).toString());
    }
}
