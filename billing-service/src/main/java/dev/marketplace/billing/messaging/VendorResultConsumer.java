package dev.marketplace.billing.messaging;

import java.time.Duration;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;

import org.eclipse.microprofile.reactive.messaging.Incoming;
import org.jboss.logging.Logger;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import dev.marketplace.billing.subscription.service.SubscriptionInputs;
import dev.marketplace.billing.subscription.service.VendorResults;
import dev.marketplace.common.error.ApiException;
import dev.marketplace.common.events.EventEnvelope;
import dev.marketplace.common.events.ProcessedEvents;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;

/**
 * Consumes VENDOR_EVENT_RESULT envelopes (from notification-service) on the domain-event topic and applies them to the
 * subscription, once per event id (processed_event, same transaction). A malformed event or one that does not fit the
 * subscription's state is logged and skipped; a database failure or a concurrent change is retried with backoff (about
 * a minute in all) before it is logged as an error; other event types are ignored.
 */
@ApplicationScoped
public class VendorResultConsumer {
    public static final String TYPE = "VENDOR_EVENT_RESULT";
    static final String CONSUMER = "billing-vendor-results";
    private static final Logger LOG = Logger.getLogger(VendorResultConsumer.class);
    private static final int RETRIES = 8;
    private static final Duration RETRY_BACKOFF = Duration.ofMillis(200);
    private static final Duration RETRY_MAX_BACKOFF = Duration.ofSeconds(10);

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
        JsonNode envelope = EventEnvelope.readTree(mapper, message);
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
                // database trouble or a concurrent change of the subscription (optimistic lock): try again, the
                // transaction rolled back everything, processed_event included
                .onFailure(e -> !(e instanceof ApiException)).retry().withBackOff(RETRY_BACKOFF, RETRY_MAX_BACKOFF)
                .atMost(RETRIES)
                .onFailure().recoverWithUni(e -> {
                    if (e instanceof ApiException) {
                        LOG.warnf("Vendor result %s for subscription %s not applied: %s", eventId, subscriptionId, e.getMessage());
                    } else {
                        LOG.errorf(e, "Vendor result %s for subscription %s could not be applied after %d attempts",
                                eventId, subscriptionId, RETRIES + 1);
                    }
                    return Uni.createFrom().voidItem();
                });
    }
}
