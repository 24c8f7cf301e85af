package dev.marketplace.account.user.domain;

import java.time.Instant;
import java.util.UUID;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.EnumType;
import jakarta.persistence.Enumerated;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;

/** A marketplace user; belongs to companies through memberships. */
@Entity
@Table(name = "app_user")
public class AppUser extends PanacheEntityBase {
    @Id
    public UUID uuid;
    @Column(nullable = false)
    public String partner;
    @Column(nullable = false)
    public String email;
    public String firstName;
    public String lastName;
    public String position;
    public String externalId;
    @Enumerated(EnumType.STRING)
    public UserStatus status;
    public String locale;
    public String username;
    public java.util.UUID idpUuid;
    public String title;
    public String passwordHash;
    public boolean passwordTemporary;
    /** Managed by a directory sync (LDAP/SCIM): its memberships cannot be deleted through the API. */
    public boolean externallyManaged;
    /** SHA-256 (hex) of the secret token of the user's pending account activation, if any (never the token). */
    public String activationTokenHash;
    public Instant activationExpiresOn;
    public Instant createdOn;
    public Instant lastModified;
}
