package dev.marketplace.billing.clock.repository;

import jakarta.enterprise.context.ApplicationScoped;

import dev.marketplace.billing.clock.domain.TestClock;
import io.quarkus.hibernate.reactive.panache.PanacheRepositoryBase;
import io.smallrye.mutiny.Uni;

@ApplicationScoped
public class TestClockRepository implements PanacheRepositoryBase<TestClock, String> {

    /** The marketplace's clock, locked until the transaction ends: two advances add up, neither is lost. */
    public Uni<TestClock> lockedFor(String partner) {
        return find("partner", partner).withLock(jakarta.persistence.LockModeType.PESSIMISTIC_WRITE).firstResult();
    }
}
