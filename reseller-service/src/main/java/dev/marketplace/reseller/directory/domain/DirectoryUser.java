package dev.marketplace.reseller.directory.domain;

import java.time.Instant;
import java.util.UUID;

import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;

/** An account-service user as reseller-service knows it (read model). */
@Entity
@Table(name = "directory_user")
public class DirectoryUser extends PanacheEntityBase {
    public static final String ACTIVE = "ACTIVE";
    public static final String INVITED = "INVITED";
    public static final String DELETED = "DELETED";

    @Id
    public UUID id;
    public String partner;
    public String email;
    public String firstName;
    public String lastName;
    public String externalId;
    /** account-service's user status: ACTIVE, INVITED, MANAGED or DELETED. */
    public String status;
    public String locale;
    public Instant createdOn;
    public Instant sourceVersion;

    /** Completed registration: the user can log in (account-service's {@code activated}). */
    public boolean activated() {
        return ACTIVE.equals(status);
    }
}
