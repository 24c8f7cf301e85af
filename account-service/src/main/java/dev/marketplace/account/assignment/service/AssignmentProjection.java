package dev.marketplace.account.assignment.service;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;

import org.jboss.logging.Logger;

import dev.marketplace.account.company.service.CompanyLookup;
import dev.marketplace.account.assignment.domain.UserAssignment;
import dev.marketplace.account.assignment.repository.AssignmentRepository;
import io.smallrye.mutiny.Uni;

/**
 * Keeps {@code user_assignment} current from billing-service's subscription and user-assignment events (read by
 * {@code assignment.messaging.BillingEventHandler}): one row per (subscription, user). The purchaser holds the subscription they
 * bought (their row exists from the first event of the subscription); other members hold it once assigned. Every row
 * of a subscription follows the subscription's status. An add-on subscription is one like any other (its own rows,
 * owned by the member who ordered it), which also records its parent subscription once billing names it.
 * <p>
 * Idempotent: the inbox applies an event id once ({@code processed_event}, same transaction). Ordering: the subscription half
 * and the assignment half of a row each keep the time of the event they came from; an older event does not overwrite
 * them.
 */
@ApplicationScoped
public class AssignmentProjection {
    private static final Logger LOG = Logger.getLogger(AssignmentProjection.class);

    /**
     * What one billing event says: the subscription's state when it occurred and, for USER_ASSIGNMENT /
     * USER_UNASSIGNMENT events, one user's assignment status. Null product or edition fields leave the stored ones.
     * {@code parentSubscriptionId}: the parent of an add-on subscription, when the event names it (null: not said).
     */
    public record Change(String partner, Instant occurredOn, UUID subscriptionId, UUID companyUuid, UUID ownerUuid,
            Long productId, String productName, String editionName, String subscriptionStatus, UUID assignedUser,
            String assignmentStatus, String accountIdentifier, UUID parentSubscriptionId) {
    }

    private final AssignmentRepository assignments;
    private final CompanyLookup companies;
    public AssignmentProjection(AssignmentRepository assignments, CompanyLookup companies) {
        this.assignments = assignments;
        this.companies = companies;
    }

    /**
     * Applies the event, in the caller's transaction (the inbox's, which records the event as processed with it); emits
     * {@code false} for an event about a company unknown here.
     */
    public Uni<Boolean> project(UUID eventId, Change change) {
        return companies.find(change.companyUuid()).chain(company -> {
            if (company == null || !company.partner.equals(change.partner())) {
                LOG.warnf("Billing event %s concerns company %s, unknown to partner %s here: skipped", eventId,
                        change.companyUuid(), change.partner());
                return Uni.createFrom().item(false);
            }
            return assignments.ofSubscription(change.subscriptionId()).chain(found -> {
                List<UserAssignment> rows = new ArrayList<>(found);
                List<UserAssignment> created = new ArrayList<>();
                if (row(rows, change.ownerUuid()) == null) {
                    UserAssignment purchaser = newRow(change, change.ownerUuid());
                    purchaser.assignmentStatus = "ASSIGNED"; // the buyer holds what they bought
                    rows.add(purchaser);
                    created.add(purchaser);
                }
                if (change.assignedUser() != null) {
                    UserAssignment assigned = row(rows, change.assignedUser());
                    if (assigned == null) {
                        assigned = newRow(change, change.assignedUser());
                        rows.add(assigned);
                        created.add(assigned);
                    }
                    if (assigned.assignmentEventOn == null || !change.occurredOn().isBefore(assigned.assignmentEventOn)) {
                        assigned.assignmentStatus = change.assignmentStatus();
                        assigned.assignmentEventOn = change.occurredOn();
                    } else {
                        LOG.debugf("Billing event %s is older than the assignment of %s: assignment kept", eventId,
                                change.assignedUser());
                    }
                }
                Instant now = Instant.now();
                // an add-on's parent never changes: once any event named it, every row of the subscription has it
                UUID parent = change.parentSubscriptionId() != null ? change.parentSubscriptionId()
                        : rows.stream().map(r -> r.parentSubscriptionId).filter(Objects::nonNull).findFirst().orElse(null);
                for (UserAssignment row : rows) {
                    row.parentSubscriptionId = parent;
                    if (row.subscriptionEventOn == null || !change.occurredOn().isBefore(row.subscriptionEventOn)) {
                        row.subscriptionStatus = change.subscriptionStatus();
                        row.subscriptionEventOn = change.occurredOn();
                        row.ownerUuid = change.ownerUuid();
                        if (change.productId() != null) {
                            row.productId = change.productId();
                        }
                        if (change.productName() != null) {
                            row.productName = change.productName();
                        }
                        if (change.editionName() != null) {
                            row.editionName = change.editionName();
                        }
                        if (change.accountIdentifier() != null) {
                            row.accountIdentifier = change.accountIdentifier();
                        }
                    }
                    row.status = status(row.subscriptionStatus, row.assignmentStatus);
                    row.lastModified = now;
                }
                return (created.isEmpty() ? Uni.createFrom().voidItem() : assignments.persist(created)).replaceWith(true);
            });
        });
    }

    /**
     * The status the assignments listing shows (AppDirect's vocabulary): an ended subscription or assignment is FAILED
     * or CANCELLED; a pending (un)assignment is PENDING_REMOTE_CREATION / PENDING_REMOTE_CANCELLATION; otherwise the
     * subscription's own status.
     */
    static String status(String subscription, String assignment) {
        if ("FAILED".equals(subscription) || "CANCELLED".equals(subscription)) {
            return subscription;
        }
        if (assignment != null) {
            switch (assignment) {
                case "FAILED":
                    return "FAILED";
                case "UNASSIGNED":
                    return "CANCELLED";
                case "PENDING_REMOTE_ASSIGNMENT":
                    return "PENDING_REMOTE_CREATION";
                case "PENDING_REMOTE_UNASSIGNMENT":
                    return "PENDING_REMOTE_CANCELLATION";
                default:
                    break;
            }
        }
        return subscription;
    }

    private static UserAssignment row(List<UserAssignment> rows, UUID user) {
        for (UserAssignment row : rows) {
            if (row.userUuid.equals(user)) {
                return row;
            }
        }
        return null;
    }

    private static UserAssignment newRow(Change change, UUID user) {
        UserAssignment row = new UserAssignment();
        // one row per (subscription, user), whoever writes it first
        row.uuid = UUID.nameUUIDFromBytes((change.subscriptionId() + ":" + user).getBytes(StandardCharsets.UTF_8));
        row.subscriptionId = change.subscriptionId();
        row.companyUuid = change.companyUuid();
        row.userUuid = user;
        row.ownerUuid = change.ownerUuid();
        row.createdOn = change.occurredOn();
        return row;
    }
}
