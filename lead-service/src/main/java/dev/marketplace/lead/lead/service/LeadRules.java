package dev.marketplace.lead.lead.service;

import java.util.EnumSet;
import java.util.Set;

import dev.marketplace.common.error.ApiException;
import dev.marketplace.lead.access.Actor;
import dev.marketplace.lead.access.LeadContext;
import dev.marketplace.lead.lead.domain.Lead;
import dev.marketplace.lead.lead.domain.LeadStatus;
import dev.marketplace.lead.lead.domain.LeadType;
import dev.marketplace.lead.lead.domain.ParticipantType;

/**
 * Who sees a lead, who may act on it, and which status moves are legal. The listing query of {@code LeadRepository}
 * states the same visibility rules in JPQL; the service README states them for people.
 */
final class LeadRules {
    static final Set<LeadStatus> ASSIGNABLE = EnumSet.of(LeadStatus.SUBMITTED, LeadStatus.ASSIGNED,
            LeadStatus.PENDING_SUBMISSION, LeadStatus.LEGACY);
    static final Set<LeadStatus> OPEN = EnumSet.complementOf(EnumSet.copyOf(LeadStatus.CLOSED));
    static final Set<LeadStatus> MANAGER_CONVERTIBLE = EnumSet.of(LeadStatus.SUBMITTED, LeadStatus.ASSIGNED,
            LeadStatus.PENDING_SUBMISSION, LeadStatus.LEGACY, LeadStatus.PENDING_CONVERSION_APPROVAL,
            LeadStatus.CONVERSION_APPROVED);

    private LeadRules() {
    }

    static boolean isCreator(Actor actor, Lead lead) {
        return lead.leadType == LeadType.MANUAL && actor.user() != null && actor.company() != null
                && actor.user().equals(lead.creatorUser) && actor.company().equals(lead.creatorCompany);
    }

    /** The company the lead is assigned to, acting as such (reseller or referral context). */
    static boolean isRecipient(Actor actor, Lead lead) {
        return (actor.context() == LeadContext.RESELLER || actor.context() == LeadContext.REFERRAL)
                && lead.recipientType == ParticipantType.COMPANY && actor.company() != null
                && actor.company().equals(lead.recipientCompany);
    }

    /**
     * A reseller's or referral's own manual lead is assigned to its company from the start, yet stays visible to its
     * creator only.
     */
    static boolean ownManual(Lead lead) {
        return lead.leadType == LeadType.MANUAL && lead.recipientCompany != null
                && lead.recipientCompany.equals(lead.creatorCompany);
    }

    /** {@code developer}: the actor is one of the product's developers recorded on the lead. */
    static boolean canSee(Actor actor, Lead lead, boolean developer) {
        if (!actor.partner().equals(lead.partner) || lead.status == LeadStatus.DELETED) {
            return false;
        }
        if (isCreator(actor, lead) || isRecipient(actor, lead) && !ownManual(lead)) {
            return true;
        }
        return switch (actor.context()) {
            case PARTNER, CHANNEL_ADMIN, RESELLER_MANAGER -> lead.leadType != LeadType.MANUAL;
            case RESELLER -> lead.leadType == LeadType.COMPANY && actor.company() != null
                    && actor.company().equals(lead.profileCompany);
            case DEVELOPER -> lead.leadType == LeadType.PRODUCT && lead.developersSeeLead && developer;
            default -> false;
        };
    }

    /** Update and discard: whoever sees the lead, except developers who only read the product's leads. */
    static void requireChange(Actor actor, Lead lead) {
        if (actor.context() == LeadContext.DEVELOPER && !isCreator(actor, lead)) {
            throw ApiException.forbidden();
        }
    }

    static void requireManager(Actor actor) {
        if (!actor.isManager()) {
            throw ApiException.forbidden();
        }
    }

    /** 409 naming both statuses when {@code from} may not move to {@code to}. */
    static void requireTransition(Lead lead, Set<LeadStatus> allowedFrom, LeadStatus to) {
        if (!allowedFrom.contains(lead.status)) {
            throw illegal(lead.status, to);
        }
    }

    /** The recipient reseller converts once a manager approved it; managers convert open leads directly. */
    static void requireConvertible(Actor actor, Lead lead) {
        if (isRecipient(actor, lead)) {
            requireTransition(lead, Set.of(LeadStatus.CONVERSION_APPROVED), LeadStatus.CONVERTED);
        } else if (actor.isManager()) {
            requireTransition(lead, MANAGER_CONVERTIBLE, LeadStatus.CONVERTED);
        } else {
            throw ApiException.forbidden();
        }
    }

    static ApiException illegal(LeadStatus from, LeadStatus to) {
        return ApiException.conflict("ILLEGAL_TRANSITION",
                "status: a lead in status " + from + " cannot move to " + to);
    }

    /** Discard: an unassigned manual lead is its creator's own and is deleted; any other lead is disqualified. */
    static LeadStatus discardedStatus(Lead lead) {
        boolean assigned = lead.recipientType == ParticipantType.COMPANY && !lead.recipientCompany.equals(lead.creatorCompany);
        return lead.leadType == LeadType.MANUAL && !assigned ? LeadStatus.DELETED : LeadStatus.DISQUALIFIED;
    }
}
