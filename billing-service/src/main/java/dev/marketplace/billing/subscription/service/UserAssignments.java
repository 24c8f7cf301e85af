package dev.marketplace.billing.subscription.service;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;

import dev.marketplace.billing.subscription.domain.Assignment;
import dev.marketplace.billing.subscription.domain.AssignmentStatus;
import dev.marketplace.billing.subscription.domain.Subscription;
import dev.marketplace.billing.subscription.domain.SubscriptionStatus;
import dev.marketplace.billing.subscription.repository.AssignmentRepository;
import dev.marketplace.billing.subscription.repository.SubscriptionRepository;
import dev.marketplace.billing.subscription.service.SubscriptionInputs.AssignInput;
import dev.marketplace.common.error.ApiException;
import dev.marketplace.common.events.DomainEventPublisher;
import dev.marketplace.common.events.EventTypes;
import dev.marketplace.common.lookup.Ids;
import dev.marketplace.common.security.Caller;
import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.quarkus.hibernate.reactive.panache.common.WithTransaction;
import io.smallrye.mutiny.Uni;

/**
 * The users assigned to an ACTIVE subscription: assigning and unassigning one is a vendor event (USER_ASSIGNMENT,
 * USER_UNASSIGNMENT) whose result settles the assignment. A subscription priced per USER has as many seats as its USER
 * quantity; assigning a user when every seat is taken is refused ({@link SeatLimits}).
 */
@ApplicationScoped
public class UserAssignments {
    private final SubscriptionRepository subscriptions;
    private final AssignmentRepository assignments;
    private final SubscriptionAccess access;
    private final VendorEvents vendorEvents;
    private final DomainEventPublisher events;
    private final Caller caller;
    private final SubscriptionPayloads payloads;

    public UserAssignments(SubscriptionRepository subscriptions, AssignmentRepository assignments,
            SubscriptionAccess access, VendorEvents vendorEvents, DomainEventPublisher events, Caller caller,
            SubscriptionPayloads payloads) {
        this.caller = caller;
        this.payloads = payloads;
        this.subscriptions = subscriptions;
        this.assignments = assignments;
        this.access = access;
        this.vendorEvents = vendorEvents;
        this.events = events;
    }

    @WithTransaction
    public Uni<AssignmentView> assign(String id, AssignInput input) {
        Map<String, Object> creator = events.currentCreator();
        UUID user = UUID.fromString(input.uuid());
        return load(id).map(access::requireManage).chain(s -> {
            if (s.status != SubscriptionStatus.ACTIVE) {
                throw ApiException.conflict("INVALID_STATE", "subscription " + s.id + " is " + s.status
                        + "; users are assigned to ACTIVE subscriptions only");
            }
            return assignments.find(s.id, user).chain(existing -> {
                if (existing != null && existing.status != AssignmentStatus.UNASSIGNED && existing.status != AssignmentStatus.FAILED) {
                    throw ApiException.conflict("ALREADY_ASSIGNED", "uuid: user " + user + " is " + existing.status);
                }
                return seatFree(s).map(free -> existing);
            }).chain(existing -> {
                Assignment a = existing == null ? new Assignment() : existing;
                Instant now = Instant.now();
                if (existing == null) {
                    a.id = UUID.randomUUID();
                    a.subscriptionId = s.id;
                    a.userUuid = user;
                    a.createdOn = now;
                }
                a.email = input.email();
                a.firstName = input.firstName();
                a.lastName = input.lastName();
                a.locale = input.locale();
                a.status = AssignmentStatus.PENDING_REMOTE_ASSIGNMENT;
                a.errorCode = null;
                a.errorMessage = null;
                a.lastModified = now;
                s.eventToken = VendorEvents.newToken();
                s.lastModified = now;
                return (existing == null ? assignments.persist(a) : assignments.flush().replaceWith(a))
                        .call(() -> vendorEvents.publish(EventTypes.USER_ASSIGNMENT, s, null, a, creator, List.of()))
                        .map(AssignmentView::of);
            });
        });
    }

    /** 409 ASSIGNED_USERS_LIMIT when every USER seat the subscription bought is taken (no USER unit: no limit). */
    private Uni<Void> seatFree(Subscription s) {
        Integer seats = SeatLimits.seats(payloads.items(s.items));
        if (seats == null) {
            return Uni.createFrom().voidItem();
        }
        return assignments.countHeld(s.id).invoke(taken -> {
            if (taken >= seats) {
                throw ApiException.conflict(SeatLimits.CODE, "uuid: all " + seats + " USER seats of subscription " + s.id
                        + " are assigned; add seats (PUT the subscription's items) or unassign a user first");
            }
        }).replaceWithVoid();
    }

    @WithTransaction
    public Uni<AssignmentView> unassign(String id, String userRef) {
        Map<String, Object> creator = events.currentCreator();
        UUID user = Ids.uuid("userUuid", userRef);
        return load(id).map(access::requireManage).chain(s -> assignments.find(s.id, user).chain(a -> {
            if (a == null) {
                throw ApiException.notFound("Assignment of user", user);
            }
            if (a.status != AssignmentStatus.ASSIGNED || s.status != SubscriptionStatus.ACTIVE) {
                throw ApiException.conflict("INVALID_STATE", "user " + user + " is " + a.status + " on a " + s.status
                        + " subscription; only an ASSIGNED user of an ACTIVE subscription can be unassigned");
            }
            Instant now = Instant.now();
            a.status = AssignmentStatus.PENDING_REMOTE_UNASSIGNMENT;
            a.lastModified = now;
            s.eventToken = VendorEvents.newToken();
            s.lastModified = now;
            return assignments.flush().call(() -> vendorEvents.publish(EventTypes.USER_UNASSIGNMENT, s, null, a, creator, List.of()))
                    .map(v -> AssignmentView.of(a));
        }));
    }

    @WithSession
    public Uni<List<AssignmentView>> assignments(String id) {
        return load(id).map(access::requireRead).chain(s -> assignments.ofSubscription(s.id))
                .map(list -> list.stream().map(AssignmentView::of).toList());
    }

    /** The caller's marketplace's subscription; another marketplace's is a 404 like an unknown id. */
    private Uni<Subscription> load(String id) {
        UUID uuid = Ids.uuid("subscriptionId", id);
        return subscriptions.inPartner(caller.partner(), uuid).map(s -> {
            if (s == null) {
                throw ApiException.notFound("Subscription", id);
            }
            return s;
        });
    }
}
