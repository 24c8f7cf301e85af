package dev.marketplace.lead.lead.domain;

import java.util.EnumSet;
import java.util.Set;

/** The statuses of a lead (AppDirect's LeadStatus). Transitions are decided by {@code LeadWorkflow}. */
public enum LeadStatus {
    CONVERTED, DISQUALIFIED, DELETED, PENDING_CONVERSION_APPROVAL, CONVERSION_APPROVED, PENDING_SUBMISSION, SUBMITTED,
    ASSIGNED, LEGACY, PENDING_FOR_MANAGERS, ACCEPTED_FOR_MANAGERS;

    /** Statuses after which nothing about the lead changes any more. */
    public static final Set<LeadStatus> CLOSED = EnumSet.of(CONVERTED, DISQUALIFIED, DELETED);

    /**
     * The two filter-only values: PENDING_FOR_MANAGERS lists the leads waiting for a manager (SUBMITTED,
     * PENDING_CONVERSION_APPROVAL), ACCEPTED_FOR_MANAGERS those a manager has dealt with.
     */
    public Set<LeadStatus> matching() {
        return switch (this) {
            case PENDING_FOR_MANAGERS -> EnumSet.of(SUBMITTED, PENDING_CONVERSION_APPROVAL);
            case ACCEPTED_FOR_MANAGERS -> EnumSet.of(ASSIGNED, CONVERSION_APPROVED, CONVERTED, DISQUALIFIED, LEGACY);
            default -> EnumSet.of(this);
        };
    }
}
