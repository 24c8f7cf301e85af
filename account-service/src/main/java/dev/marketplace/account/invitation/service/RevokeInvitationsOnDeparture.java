package dev.marketplace.account.invitation.service;

import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;

import dev.marketplace.account.invitation.repository.InvitationRepository;
import dev.marketplace.account.membership.service.MemberDeparture;
import io.smallrye.mutiny.Uni;

/** A member removed from a company can no longer accept the company's pending invitations. */
@ApplicationScoped
public class RevokeInvitationsOnDeparture implements MemberDeparture {
    private final InvitationRepository invitations;

    public RevokeInvitationsOnDeparture(InvitationRepository invitations) {
        this.invitations = invitations;
    }

    @Override
    public Uni<Void> memberLeft(UUID company, UUID user) {
        return invitations.revokePending(company, user).replaceWithVoid();
    }
}
