package dev.marketplace.account.assignment.messaging;

import java.time.Instant;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import jakarta.inject.Singleton;


import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import dev.marketplace.account.assignment.service.AssignmentProjection;
import dev.marketplace.account.assignment.service.AssignmentProjection.Change;
import dev.marketplace.common.events.EventEnvelope;
import dev.marketplace.common.events.EventTypes;
import dev.marketplace.common.events.inbox.TypedEventHandler;
import dev.marketplace.common.events.inbox.EventRejected;
import dev.marketplace.common.events.payload.SubscriptionVendorEvent;
import io.smallrye.mutiny.Uni;

/**
 * billing-service's subscription and user-assignment events, handed to {@link AssignmentProjection} (the
 * {@code user_assignment} table behind the assignments listing, the checklist and the membership removal rules) on the
 * shared inbox (libs/common {@code EventHandler}): each once, in the inbox's transaction; a malformed one is parked at
 * once, a failing one after its attempts. Events of other sources are not this handler's.
 * <p>
 * What is read, per billing's payloads (SubscriptionPayloads.vendorEvent for the request events, VendorResults for
 * their results): {@code subscriptionId}, {@code productId}, {@code productName}; the {@code subscription} view of a
 * result (status, companyUuid, userUuid = purchaser, editionName); for a request event {@code companyUuid},
 * {@code creator.uuid} (the purchaser) and, on SUBSCRIPTION_ORDER, {@code order.editionName}; for USER_* events the
 * {@code assignment} view of a result or the request's {@code userUuid}.
 * <p>
 * Add-on subscriptions (billing's AddonSubscriptions) are subscriptions of their own: ADDON_ORDER, ADDON_CHANGE and
 * ADDON_CANCEL (and their results) are read as SUBSCRIPTION_ORDER, _CHANGE and _CANCEL of the add-on's id
 * ({@link EventTypes#subscriptionTypeOf}); the parent is read from the result's {@code subscription.parentSubscriptionId}
 * (a request names only the parent's vendor account).
 */
@Singleton
public class BillingEventHandler extends TypedEventHandler<JsonNode> {
    public static final String SOURCE = "billing-service";
    /** Billing's requests to vendors; each is followed by {@code <type>_SUCCEEDED} or {@code <type>_FAILED}. */
    public static final Set<String> REQUESTS = EventTypes.SUBSCRIPTION_VENDOR_EVENTS;
    /** The name the projection's processed events were recorded under before the inbox: kept, so none is redone. */
    static final String NAME = "account-assignments";
    private static final Set<String> TYPES = REQUESTS.stream()
            .flatMap(r -> Stream.of(r, EventTypes.succeeded(r), EventTypes.failed(r))).collect(Collectors.toUnmodifiableSet());

    private final ObjectMapper mapper;
    private final AssignmentProjection projection;

    public BillingEventHandler(ObjectMapper mapper, AssignmentProjection projection) {
        super(NAME, JsonNode.class, SOURCE, TYPES);
        this.mapper = mapper;
        this.projection = projection;
    }

    @Override
    public Uni<Void> handle(EventEnvelope event, JsonNode payload) {
        Change change;
        try {
            change = read(mapper, event);
        } catch (IllegalArgumentException e) {
            throw new EventRejected("not a billing event the projection can read: " + e.getMessage(), e);
        }
        return projection.project(event.id(), change).replaceWithVoid();
    }

    /** The request an event type is about ({@code USER_ASSIGNMENT_FAILED} → {@code USER_ASSIGNMENT}), or null. */
    static String request(String type) {
        for (String request : REQUESTS) {
            if (type.equals(request) || type.equals(EventTypes.succeeded(request)) || type.equals(EventTypes.failed(request))) {
                return request;
            }
        }
        return null;
    }

    static Change read(ObjectMapper mapper, EventEnvelope envelope) {
        String type = envelope.type();
        String request = request(type);
        boolean result = !request.equals(type);
        // an add-on's ADDON_ORDER / _CHANGE / _CANCEL moves its subscription as an order, change, cancellation does
        String lifeCycle = EventTypes.subscriptionTypeOf(request);
        UUID parent = null;
        JsonNode p = envelope.payload();
        UUID subscriptionId;
        UUID company;
        UUID owner;
        Long productId;
        String productName;
        String editionName;
        String status;
        UUID assigned = null;
        String assignment = null;
        String account;
        if (result) {
            // the outcome billing applied: {subscription: <subscription view>, assignment: <assignment view>}
            JsonNode subscription = p.path("subscription");
            subscriptionId = uuid(p, "subscriptionId");
            company = uuid(subscription, "companyUuid");
            owner = uuid(subscription, "userUuid");
            productId = p.hasNonNull("productId") ? p.get("productId").asLong() : null;
            productName = text(p, "productName");
            editionName = text(subscription, "editionName");
            status = required(subscription, "status");
            account = text(subscription, "accountIdentifier") != null ? text(subscription, "accountIdentifier")
                    : text(p.path("result"), "accountIdentifier");
            String parentId = text(subscription, "parentSubscriptionId");
            parent = parentId == null || parentId.isBlank() ? null : UUID.fromString(parentId);
            if (request.startsWith("USER_")) {
                assigned = uuid(p.path("assignment"), "userUuid");
                assignment = required(p.path("assignment"), "status");
            }
        } else {
            SubscriptionVendorEvent event = EventEnvelope.payloadAs(mapper, p, SubscriptionVendorEvent.class);
            subscriptionId = UUID.fromString(required(event.subscriptionId(), "subscriptionId"));
            company = UUID.fromString(required(event.companyUuid(), "companyUuid"));
            owner = UUID.fromString(required(event.creator() == null ? null : event.creator().uuid(), "creator.uuid"));
            productId = event.productId();
            productName = event.productName();
            account = event.account() == null ? null : event.account().accountIdentifier();
            editionName = EventTypes.SUBSCRIPTION_ORDER.equals(lifeCycle) && event.order() != null
                    ? event.order().editionName() : null;
            status = switch (lifeCycle) {
                case EventTypes.SUBSCRIPTION_ORDER -> "PENDING_REMOTE_CREATION";
                case EventTypes.SUBSCRIPTION_CANCEL -> "PENDING_REMOTE_CANCELLATION";
                // billing changes, assigns and unassigns ACTIVE subscriptions only
                default -> "ACTIVE";
            };
            if (request.startsWith("USER_")) {
                assigned = UUID.fromString(required(event.userUuid(), "userUuid"));
                assignment = EventTypes.USER_ASSIGNMENT.equals(type) ? "PENDING_REMOTE_ASSIGNMENT" : "PENDING_REMOTE_UNASSIGNMENT";
            }
        }
        long occurredOn = envelope.occurredOn();
        if (occurredOn <= 0) {
            throw new IllegalArgumentException("occurredOn is missing");
        }
        return new Change(required(envelope.partner(), "partner"), Instant.ofEpochMilli(occurredOn), subscriptionId, company, owner,
                productId, productName, editionName, status, assigned, assignment, account == null || account.isBlank() ? null : account,
                parent);
    }

    private static UUID uuid(JsonNode node, String field) {
        return UUID.fromString(required(node, field));
    }

    private static String required(JsonNode node, String field) {
        String value = text(node, field);
        if (value == null || value.isBlank()) {
            throw new IllegalArgumentException(field + " is missing");
        }
        return value;
    }

    private static String required(String value, String field) {
        if (value == null || value.isBlank()) {
            throw new IllegalArgumentException(field + " is missing");
        }
        return value;
    }

    private static String text(JsonNode node, String field) {
        JsonNode value = node.get(field);
        return value == null || value.isNull() ? null : value.asText();
    }
}
