package dev.marketplace.notification.template.domain;

import java.time.Instant;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;

/** A common email element (the UNSUBSCRIBE footer); {@code partner == null} marks the default element. */
@Entity
@Table(name = "common_element")
public class CommonElement extends PanacheEntityBase {
    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    public Long id;
    public String partner;
    @Column(nullable = false)
    public String type;
    @Column(nullable = false)
    public String locale;
    @Column(nullable = false)
    public String content;
    public boolean enabled = true;
    @Column(nullable = false)
    public Instant createdOn;
    @Column(nullable = false)
    public Instant lastModified;
}
