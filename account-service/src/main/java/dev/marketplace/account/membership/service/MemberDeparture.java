package dev.marketplace.account.membership.service;

import java.util.UUID;

import io.smallrye.mutiny.Uni;

/**
 * What a feature that keeps rows about a company's members does when a member is removed from the company, in the
 * removal's transaction (groups drop the member, pending invitations are revoked). The membership feature calls every
 * implementation; it depends on none of them.
 */
public interface MemberDeparture {
    Uni<Void> memberLeft(UUID company, UUID user);
}
