package dev.marketplace.reseller.directory.domain;

import java.io.Serializable;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.UUID;

import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.IdClass;
import jakarta.persistence.Table;

import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;

/** A user's membership of a company, with its roles, as reseller-service knows it (read model). */
@Entity
@Table(name = "directory_membership")
@IdClass(DirectoryMembership.Key.class)
public class DirectoryMembership extends PanacheEntityBase {
    /** The identifier: company and user. */
    public static class Key implements Serializable {
        public UUID companyId;
        public UUID userId;

        @Override
        public boolean equals(Object other) {
            return other instanceof Key k && Objects.equals(companyId, k.companyId) && Objects.equals(userId, k.userId);
        }

        @Override
        public int hashCode() {
            return Objects.hash(companyId, userId);
        }
    }

    @Id
    public UUID companyId;
    @Id
    public UUID userId;
    public String partner;
    /** Each role between commas: {@code ,ROLE_SYS_ADMIN,ROLE_RESELLER,}. */
    public String roles;
    public boolean enabled;
    public String status;
    public Instant createdOn;
    public boolean deleted;
    public Instant sourceVersion;

    public List<String> roleList() {
        return roles == null ? List.of() : Arrays.stream(roles.split(",")).filter(r -> !r.isBlank()).toList();
    }

    /** The stored form of a role list. */
    public static String encodeRoles(List<String> roles) {
        return "," + String.join(",", roles) + ",";
    }

    /** The pattern matching memberships that hold {@code role}. */
    public static String rolePattern(String role) {
        return "%," + role + ",%";
    }
}
