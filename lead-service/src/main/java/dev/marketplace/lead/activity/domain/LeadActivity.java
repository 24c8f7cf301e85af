package dev.marketplace.lead.activity.domain;

import java.time.Instant;
import java.util.UUID;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.EnumType;
import jakarta.persistence.Enumerated;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import dev.marketplace.lead.access.LeadContext;
import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;

/** One step of a lead's history: what was done (verb), by whom (actor) and when. */
@Entity
@Table(name = "lead_activity")
public class LeadActivity extends PanacheEntityBase {
    @Id
    public UUID id;
    @Column(nullable = false)
    public UUID leadId;
    @Column(nullable = false)
    public String partner;
    @Enumerated(EnumType.STRING)
    @Column(nullable = false)
    public ActivityVerb verb;
    /** PRODUCT_PROFILE, RESELLER_PROFILE, COMPANY or MARKETPLACE: where the actor stood. */
    @Column(nullable = false)
    public String verbContext;
    @Enumerated(EnumType.STRING)
    @Column(nullable = false)
    public LeadContext actorContext;
    /** The consumer key of the credentials used (the gateway's {@code anonymous} for contact forms). */
    public String actorConsumer;
    public UUID actorUser;
    public UUID actorCompany;
    public String actorCompanyName;
    /** The company the step concerns: the recipient of an assignment, the associated or converted company. */
    public UUID contextCompany;
    public String contextCompanyName;
    @Column(nullable = false)
    public Instant createdOn;
}
