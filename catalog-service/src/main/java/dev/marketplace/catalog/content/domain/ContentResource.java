package dev.marketplace.catalog.content.domain;

import java.time.Instant;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;

/** The latest content event a product's vendor published for one resource (product, instance, resourceId). */
@Entity
@Table(name = "content_resource")
public class ContentResource extends PanacheEntityBase {
    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    public Long id;
    @Column(nullable = false)
    public String partner;
    @Column(nullable = false)
    public Long productId;
    @Column(nullable = false)
    public String instance;
    @Column(nullable = false)
    public String resourceId;
    /** The event as published (JSON). */
    @Column(nullable = false)
    public String event;
    @Column(nullable = false)
    public Instant receivedOn;
}
