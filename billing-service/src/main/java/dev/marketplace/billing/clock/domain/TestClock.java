package dev.marketplace.billing.clock.domain;

import java.time.Instant;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;

/** How far a marketplace's billing time runs ahead of the real time (sandbox marketplaces only). */
@Entity
@Table(name = "test_clock")
public class TestClock extends PanacheEntityBase {
    @Id
    public String partner;
    @Column(nullable = false)
    public long offsetMillis;
    @Column(nullable = false)
    public Instant movedOn;
}
