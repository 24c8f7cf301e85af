package dev.marketplace.billing.subscription.messaging;

import java.util.Set;
import java.util.UUID;
import java.util.stream.Collectors;

import jakarta.inject.Singleton;
import jakarta.validation.Validator;

import org.jboss.logging.Logger;

import dev.marketplace.billing.subscription.service.SubscriptionInputs.ResultInput;
import dev.marketplace.billing.subscription.service.VendorResults;
import dev.marketplace.common.error.ApiException;
import dev.marketplace.common.events.EventEnvelope;
import dev.marketplace.common.events.EventTypes;
import dev.marketplace.common.events.inbox.TypedEventHandler;
import dev.marketplace.common.events.inbox.EventRejected;
import dev.marketplace.common.events.payload.VendorResult;
import io.smallrye.mutiny.Uni;

/**
 * Applies VENDOR_EVENT_RESULT events (from notification-service, payload {@link VendorResult}) to the subscription, on
 * the shared inbox: once per event id, in the inbox's transaction. A malformed result is parked at once; a database
 * failure or a concurrent change of the subscription (optimistic lock) is retried, the transaction having rolled back
 * everything, then parked. A result that does not fit the subscription's state (a late duplicate) is logged and
 * counted as processed.
 */
@Singleton
public class VendorResultHandler extends TypedEventHandler<VendorResult> {
    /** The name its processed events were recorded under before the inbox: kept. */
    static final String NAME = "billing-vendor-results";
    private static final Logger LOG = Logger.getLogger(VendorResultHandler.class);

    private final Validator validator;
    private final VendorResults results;

    public VendorResultHandler(Validator validator, VendorResults results) {
        super(NAME, VendorResult.class, null, Set.of(EventTypes.VENDOR_EVENT_RESULT));
        this.validator = validator;
        this.results = results;
    }

    @Override
    public Uni<Void> handle(EventEnvelope event, VendorResult payload) {
        UUID subscriptionId;
        ResultInput result;
        try {
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
            throw new EventRejected("not a vendor result: " + e.getMessage(), e);
        }
        return results.apply(subscriptionId, event.partner(), result).replaceWithVoid().onFailure(ApiException.class).recoverWithUni(e -> {
            LOG.warnf("Vendor result %s for subscription %s not applied: %s", event.id(), subscriptionId, e.getMessage());
            return Uni.createFrom().voidItem();
        });
    }
}
