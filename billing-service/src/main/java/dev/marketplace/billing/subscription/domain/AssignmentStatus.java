package dev.marketplace.billing.subscription.domain;

/** PENDING_REMOTE_ASSIGNMENT → ASSIGNED or FAILED; ASSIGNED → PENDING_REMOTE_UNASSIGNMENT → UNASSIGNED (or ASSIGNED). */
public enum AssignmentStatus {
    PENDING_REMOTE_ASSIGNMENT, ASSIGNED, FAILED, PENDING_REMOTE_UNASSIGNMENT, UNASSIGNED;

    /** States in which the user still has (or is about to have) access. */
    public static final java.util.List<AssignmentStatus> HELD = java.util.List.of(PENDING_REMOTE_ASSIGNMENT, ASSIGNED,
            PENDING_REMOTE_UNASSIGNMENT);
}
