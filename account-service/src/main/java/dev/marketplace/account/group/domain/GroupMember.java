package dev.marketplace.account.group.domain;

import java.io.Serializable;
import java.time.Instant;
import java.util.Objects;
import java.util.UUID;

import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.IdClass;
import jakarta.persistence.Table;

import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;

/** A company member in a group. */
@Entity
@Table(name = "group_member")
@IdClass(GroupMember.Key.class)
public class GroupMember extends PanacheEntityBase {
    @Id
    public UUID groupUuid;
    @Id
    public UUID userUuid;
    public Instant createdOn;

    public static class Key implements Serializable {
        public UUID groupUuid;
        public UUID userUuid;

        public Key() {
        }

        public Key(UUID groupUuid, UUID userUuid) {
            this.groupUuid = groupUuid;
            this.userUuid = userUuid;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Key k && Objects.equals(groupUuid, k.groupUuid) && Objects.equals(userUuid, k.userUuid);
        }

        @Override
        public int hashCode() {
            return Objects.hash(groupUuid, userUuid);
        }
    }
}
