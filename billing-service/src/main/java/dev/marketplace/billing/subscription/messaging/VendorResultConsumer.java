package dev.marketplace.billing.subscription.messaging;

import java.time.Duration;
import java.util.UUID;
import java.util.stream.Collectors;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.validation.Validator;

import org.jboss.logging.Logger;

import com.fasterxml.jackson.databind.ObjectMapper;

import dev.marketplace.billing.subscription.service.SubscriptionInputs.ResultInput;
import dev.marketplace.billing.subscription.service.VendorResults;
import dev.marketplace.common.error.ApiException;
import dev.marketplace.common.events.EventEnvelope;
import dev.marketplace.common.events.ProcessedEvents;
import dev.marketplace.common.events.payload.VendorResult;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;

/**
 * Applies VENDOR_EVENT_RESULT envelopes (from notification-service, payload {@link VendorResult}) to the subscription,
 * once per event id (processed_event, same transaction). A malformed event or one that does not fit the subscription's
 * state is logged and skipped; a database failure or a concurrent change is retried with backoff (about a minute in
 * all) before it is logged as an error.
 */
@ApplicationScoped
public class VendorResultConsumer {
    static final String CONSUMER = "billing-vendor-results";
    private static final Logger LOG = Logger.getLogger(VendorResultConsumer.class);
    private static final int RETRIES = 8;
    private static final Duration RETRY_BACKOFF = Duration.ofMillis(200);
    private static final Duration RETRY_MAX_BACKOFF = Duration.ofSeconds(10);

    private final ObjectMapper mapper;
    private final Validator validator;
    private final VendorResults results;
    private final ProcessedEvents processed;

    public VendorResultConsumer(ObjectMapper mapper, Validator validator, VendorResults results, ProcessedEvents processed) {
        this.mapper = mapper;
        this.validator = validator;
        this.results = results;
        this.processed = processed;
    }

    public Uni<Void> consume(EventEnvelope envelope) {
        UUID subscriptionId;
        ResultInput result;
        try {
            VendorResult payload = envelope.payloadAs(mapper, VendorResult.class);
            subscriptionId = UUID.fromString(String.valueOf(payload.subscriptionId()));
            result = new ResultInput(payload.eventType(), payload.success(), payload.accountIdentifier(), payload.errorCode(),
                    payload.message(), payload.userUuid());
            var violations = validator.validate(result);
            if (!violations.isEmpty()) {
                throw new IllegalArgumentException(violations.stream().map(v -> v.getPropertyPath() + ": " + v.getMessage())
                        .collect(Collectors.joining("; ")));
            }
            result.checked();
        } catch (IllegalArgumentException | ApiException e) {
            LOG.warnf("Skipping malformed %s event %s: %s", envelope.type(), envelope.id(), e.getMessage());
            return Uni.createFrom().voidItem();
        }
        UUID eventId = envelope.id();
        String partner = envelope.partner();
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
