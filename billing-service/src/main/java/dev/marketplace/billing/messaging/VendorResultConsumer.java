package dev.marketplace.billing.messaging;

import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;

import org.eclipse.microprofile.reactive.messaging.Incoming;
import org.jboss.logging.Logger;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import dev.marketplace.billing.subscription.service.SubscriptionInputs;
import dev.marketplace.billing.subscription.service.VendorResults;
import dev.marketplace.common.events.ProcessedEvents;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;

/**
 * Consumes VENDOR_EVENT_RESULT envelopes (from notification-service) on the domain-event topic and applies them to the
 * subscription, once per event id (processed_event, same transaction). A malformed event or one that does not fit the
 * subscription's state is logged and skipped; other event types are ignored.
 */
@ApplicationScoped
public class VendorResultConsumer {
    public static final String TYPE = "VENDOR_EVENT_RESULT";
    static final String CONSUMER = "billing-vendor-results";
    private static final Logger LOG = Logger.getLogger(VendorResultConsumer.class);

    private final ObjectMapper mapper;
    private final SubscriptionInputs inputs;
    private final VendorResults results;
    private final ProcessedEvents processed;

    public VendorResultConsumer(ObjectMapper mapper, SubscriptionInputs inputs, VendorResults results, ProcessedEvents processed) {
        this.mapper = mapper;
        this.inputs = inputs;
        this.results = results;
        this.processed = processed;
    }

    @Incoming("domain-events")
    public Uni<Void> consume(String message) {
        JsonNode envelope;
        try {
            envelope = mapper.readTree(message);
        } catch (Exception e) {
            LOG.warn("Skipping a domain event that is not JSON");
            return Uni.createFrom().voidItem();
        }
        if (!TYPE.equals(envelope.path("type").asText())) {
            return Uni.createFrom().voidItem();
        }
        UUID eventId;
        UUID subscriptionId;
        SubscriptionInputs.ResultInput result;
        try {
            eventId = UUID.fromString(envelope.path("id").asText());
            JsonNode payload = envelope.path("payload");
            subscriptionId = UUID.fromString(payload.path("subscriptionId").asText());
            com.fasterxml.jackson.databind.node.ObjectNode body = mapper.createObjectNode();
            for (String field : new String[] { "eventType", "success", "accountIdentifier", "errorCode", "message", "userUuid" }) {
                if (payload.has(field)) {
                    body.set(field, payload.get(field));
                }
            }
            result = inputs.result(body);
        } catch (RuntimeException e) {
            LOG.warnf("Skipping malformed %s event: %s", TYPE, e.getMessage());
            return Uni.createFrom().voidItem();
        }
        String partner = envelope.path("partner").asText(null);
        return Panache.withTransaction(() -> processed.firstDelivery(CONSUMER, eventId).chain(first -> first
                ? results.apply(subscriptionId, partner, result, s -> {
                }).replaceWithVoid()
                : Uni.createFrom().voidItem()))
                .onFailure().recoverWithUni(e -> {
                    LOG.warnf("Vendor result %s for subscription %s not applied: %s", eventId, subscriptionId, e.getMessage());
                    return Uni.createFrom().voidItem();
                });
    }
}
