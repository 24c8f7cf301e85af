package dev.marketplace.notification.template.domain;

import java.time.Instant;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;

/** An SMS template; {@code partner == null} marks a default template shipped with the service. */
@Entity
@Table(name = "sms_template")
public class SmsTemplate extends PanacheEntityBase {
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
    public boolean directSales;
    @Column(nullable = false)
    public Instant createdOn;
    @Column(nullable = false)
    public Instant lastModified;
}
