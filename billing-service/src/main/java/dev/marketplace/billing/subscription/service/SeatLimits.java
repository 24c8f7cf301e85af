package dev.marketplace.billing.subscription.service;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;

import org.jboss.logging.Logger;

import dev.marketplace.billing.subscription.repository.SubscriptionRepository;
import dev.marketplace.billing.subscription.service.SubscriptionInputs.AssignInput;
import dev.marketplace.common.error.ApiException;
import dev.marketplace.common.events.DomainEventPublisher;
import dev.marketplace.common.events.EventTypes;
import dev.marketplace.common.events.payload.NotificationRequest;
import dev.marketplace.common.security.Caller;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;

/**
 * Seats: a subscription priced per USER has as many seats as its USER quantity, and an assignment takes one until it is
 * undone (the purchaser holds the subscription, not a seat). An assignment refused because every seat is taken (409
 * {@value #CODE}, {@link UserAssignments}) tells the buyer, who can buy more: USER_ASSIGNMENT_REFUSED with the
 * ASSIGNED_USERS_LIMIT email, written in a transaction of its own after the refused one (the refusal changes nothing).
 */
@ApplicationScoped
public class SeatLimits {
    static final String CODE = "ASSIGNED_USERS_LIMIT";
    private static final Logger LOG = Logger.getLogger(SeatLimits.class);

    private final UserAssignments assignments;
    private final SubscriptionRepository subscriptions;
    private final SubscriptionPayloads payloads;
    private final DomainEventPublisher events;
    private final Caller caller;

    public SeatLimits(UserAssignments assignments, SubscriptionRepository subscriptions, SubscriptionPayloads payloads,
            DomainEventPublisher events, Caller caller) {
        this.assignments = assignments;
        this.subscriptions = subscriptions;
        this.payloads = payloads;
        this.events = events;
        this.caller = caller;
    }

    /** The USER quantity of a subscription's items: its seats; null when it is not priced per user. */
    static Integer seats(List<SubscriptionInputs.Item> items) {
        return items.stream().filter(i -> "USER".equals(i.unit()) && i.quantity() != null).map(SubscriptionInputs.Item::quantity)
                .findFirst().orElse(null);
    }

    /** Assigns the user; a refusal for want of a seat is also told to the buyer. */
    public Uni<AssignmentView> assign(String subscriptionId, AssignInput input) {
        return assignments.assign(subscriptionId, input)
                .onFailure(e -> e instanceof ApiException a && CODE.equals(a.code()))
                .call(refused -> tellBuyer(subscriptionId, input)
                        // telling is a courtesy: its own failure must not replace the refusal the caller is owed
                        .onFailure().recoverWithItem(e -> {
                            LOG.warnf("The refused assignment to %s was not told: %s", subscriptionId, e.toString());
                            return null;
                        }));
    }

    private Uni<Void> tellBuyer(String subscriptionId, AssignInput input) {
        String partner = caller.partner();
        return Panache.withTransaction(() -> subscriptions.inPartner(partner, UUID.fromString(subscriptionId)).chain(s -> {
            Map<String, Object> buyer = payloads.object(s.buyer);
            Map<String, Object> parameters = new LinkedHashMap<>();
            parameters.put("firstName", buyer.get("firstName"));
            parameters.put("companyName", payloads.object(s.company).get("name"));
            parameters.put("productName", s.productName);
            parameters.put("editionName", s.editionName);
            parameters.put("usersLimit", String.valueOf(seats(payloads.items(s.items))));
            parameters.put("userEmail", input.email());
            Object email = buyer.get("email");
            Object locale = buyer.get("locale");
            List<NotificationRequest> notices = email == null ? List.of()
                    : List.of(NotificationRequest.email("ASSIGNED_USERS_LIMIT", List.of(email.toString()),
                            locale == null ? null : locale.toString(), parameters));
            Map<String, Object> payload = new LinkedHashMap<>();
            payload.put("subscriptionId", s.id);
            payload.put("userUuid", input.uuid());
            payload.put("code", CODE);
            payload.put("usersLimit", parameters.get("usersLimit"));
            return events.publish(EventTypes.USER_ASSIGNMENT_REFUSED, s.partner, "SUBSCRIPTION", s.id.toString(), payload,
                    notices);
        })).replaceWithVoid();
    }
}
