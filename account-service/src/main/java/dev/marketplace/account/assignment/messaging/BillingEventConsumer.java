package dev.marketplace.account.assignment.messaging;

import java.time.Duration;
import java.time.Instant;
import java.util.Set;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;

import org.eclipse.microprofile.reactive.messaging.Incoming;
import org.jboss.logging.Logger;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import dev.marketplace.account.assignment.service.AssignmentProjection;
import dev.marketplace.account.assignment.service.AssignmentProjection.Change;
import dev.marketplace.common.events.EventEnvelope;
import dev.marketplace.common.events.EventTypes;
import dev.marketplace.common.events.payload.SubscriptionVendorEvent;
import io.smallrye.mutiny.Uni;

/**
 * Consumes billing-service's subscription and user-assignment events from the domain-event topic and hands them to
 * {@link AssignmentProjection} (the {@code user_assignment} table behind the assignments listing, the checklist and
 * the membership removal rules). Events of other types or sources are ignored; a malformed one is logged and skipped; a
 * database failure is retried with backoff (about a minute in all) before it is logged as an error.
 * <p>
 * What is read, per billing's payloads (SubscriptionPayloads.vendorEvent for the request events, VendorResults for
 * their results): {@code subscriptionId}, {@code productId}, {@code productName}; the {@code subscription} view of a
 * result (status, companyUuid, userUuid = purchaser, editionName); for a request event {@code companyUuid},
 * {@code creator.uuid} (the purchaser) and, on SUBSCRIPTION_ORDER, {@code order.editionName}; for USER_* events the
 * {@code assignment} view of a result or the request's {@code userUuid}.
 */
@ApplicationScoped
public class BillingEventConsumer {
    public static final String SOURCE = "billing-service";
    /** Billing's requests to vendors; each is followed by {@code <type>_SUCCEEDED} or {@code <type>_FAILED}. */
    public static final Set<String> REQUESTS = EventTypes.SUBSCRIPTION_VENDOR_EVENTS;
    private static final Logger LOG = Logger.getLogger(BillingEventConsumer.class);
    private static final int RETRIES = 8;

    private final ObjectMapper mapper;
    private final AssignmentProjection projection;

    public BillingEventConsumer(ObjectMapper mapper, AssignmentProjection projection) {
        this.mapper = mapper;
        this.projection = projection;
    }

    @Incoming("domain-events")
    public Uni<Void> consume(String message) {
        JsonNode envelope = EventEnvelope.readTree(mapper, message);
        String type = envelope.path("type").asText("");
        if (!SOURCE.equals(envelope.path("source").asText()) || request(type) == null) {
            return Uni.createFrom().voidItem();
        }
        UUID eventId;
        Change change;
        try {
            eventId = UUID.fromString(envelope.path("id").asText());
            change = read(mapper, type, envelope);
        } catch (RuntimeException e) {
            LOG.warnf("Skipping malformed billing event %s: %s", type, e.getMessage());
            return Uni.createFrom().voidItem();
        }
        return Uni.createFrom().deferred(() -> projection.apply(eventId, change))
                .onFailure().invoke(e -> LOG.warnf("Billing event %s (%s) not projected yet, retrying: %s", eventId, type,
                        e.toString()))
                .onFailure().retry().withBackOff(Duration.ofMillis(200), Duration.ofSeconds(10)).atMost(RETRIES)
                .onFailure().recoverWithItem(e -> {
                    LOG.errorf(e, "Billing event %s (%s) could not be projected after %d attempts", eventId, type, RETRIES + 1);
                    return false;
                })
                .replaceWithVoid();
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

    static Change read(ObjectMapper mapper, String type, JsonNode envelope) {
        String request = request(type);
        boolean result = !request.equals(type);
        JsonNode p = envelope.path("payload");
        UUID subscriptionId;
        UUID company;
        UUID owner;
        Long productId;
        String productName;
        String editionName;
        String status;
        UUID assigned = null;
        String assignment = null;
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
            editionName = EventTypes.SUBSCRIPTION_ORDER.equals(type) && event.order() != null ? event.order().editionName() : null;
            status = switch (type) {
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
        long occurredOn = envelope.path("occurredOn").asLong(0);
        if (occurredOn <= 0) {
            throw new IllegalArgumentException("occurredOn is missing");
        }
        return new Change(required(envelope, "partner"), Instant.ofEpochMilli(occurredOn), subscriptionId, company, owner,
                productId, productName, editionName, status, assigned, assignment);
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
