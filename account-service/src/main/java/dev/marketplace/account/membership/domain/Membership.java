package dev.marketplace.account.membership.domain;

import java.time.Instant;
import java.util.List;
import java.util.UUID;

import jakarta.persistence.Convert;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import dev.marketplace.account.support.StringListConverter;
import dev.marketplace.account.user.domain.UserStatus;
import jakarta.persistence.EnumType;
import jakarta.persistence.Enumerated;
import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;

/** A user's membership of a company, with the roles the user holds there. */
@Entity
@Table(name = "membership")
public class Membership extends PanacheEntityBase {
    @Id
    public UUID uuid;
    public UUID companyUuid;
    public UUID userUuid;
    @Convert(converter = StringListConverter.class)
    public List<String> roles;
    public boolean enabled = true;
    @Enumerated(EnumType.STRING)
    public UserStatus status;
    public Instant createdOn;
    public Instant lastUsed;
}
