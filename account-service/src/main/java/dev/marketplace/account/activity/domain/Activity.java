package dev.marketplace.account.activity.domain;

import java.time.Instant;
import java.util.UUID;

import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;

/** Something that happened in a company: who did it (actor), to whom (subject), on what (object). */
@Entity
@Table(name = "activity")
public class Activity extends PanacheEntityBase {
    @Id
    public UUID uuid;
    public UUID companyUuid;
    public String verb;
    public UUID actorUuid;
    public String actorName;
    public UUID subjectUuid;
    public String subjectName;
    public String subjectEmail;
    public String objectType;
    public UUID objectUuid;
    public String objectName;
    public String origin;
    public Instant createdOn;
}
