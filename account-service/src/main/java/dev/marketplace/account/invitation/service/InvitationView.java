package dev.marketplace.account.invitation.service;

import java.time.Instant;
import java.util.UUID;

import dev.marketplace.account.invitation.domain.Invitation;

/**
 * The invitation record. {@code inviter} is the inviter's UUID (or external id when asked for). Beyond the
 * spec: {@code status} (PENDING, ACCEPTED, REVOKED, or EXPIRED for a pending invitation past its lifetime) and
 * {@code expiresOn}.
 */
public record InvitationView(String email, String role, long createdOn, long lastModified, String inviter, UUID company,
        boolean accepted, String status, Long expiresOn) {

    public static final String EXPIRED = "EXPIRED";

    /** With the inviter's UUID. */
    public static InvitationView of(Invitation i) {
        return of(i, i.inviterUuid == null ? null : i.inviterUuid.toString());
    }

    public static InvitationView of(Invitation i, String inviter) {
        return new InvitationView(i.email, i.role, i.createdOn.toEpochMilli(), i.lastModified.toEpochMilli(), inviter,
                i.companyUuid, i.status == Invitation.Status.ACCEPTED, i.expired(Instant.now()) ? EXPIRED : i.status.name(),
                i.expiresOn == null ? null : i.expiresOn.toEpochMilli());
    }
}
