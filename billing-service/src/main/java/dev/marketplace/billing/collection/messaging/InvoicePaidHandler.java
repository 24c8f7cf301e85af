package dev.marketplace.billing.collection.messaging;

import java.util.Set;

import jakarta.inject.Singleton;

import com.fasterxml.jackson.databind.JsonNode;

import dev.marketplace.billing.collection.service.OverdueReactivation;
import dev.marketplace.common.events.EventEnvelope;
import dev.marketplace.common.events.EventTypes;
import dev.marketplace.common.events.inbox.EventRejected;
import dev.marketplace.common.events.inbox.TypedEventHandler;
import io.smallrye.mutiny.Uni;

/**
 * Billing's own INVOICE_PAYMENT_SUCCEEDED (payload: invoiceNumber, invoiceStatus, payment), written in the transaction
 * that paid the invoice: through the inbox it reaches collection once even if the service stops right after the
 * payment's commit, and the subscriptions an overdue invoice held suspended are reactivated.
 */
@Singleton
public class InvoicePaidHandler extends TypedEventHandler<JsonNode> {
    private final OverdueReactivation reactivation;

    public InvoicePaidHandler(OverdueReactivation reactivation) {
        super("billing-collection-invoice-paid", JsonNode.class, "billing-service", Set.of(EventTypes.INVOICE_PAYMENT_SUCCEEDED));
        this.reactivation = reactivation;
    }

    @Override
    public Uni<Void> handle(EventEnvelope event, JsonNode payment) {
        JsonNode number = payment.path("invoiceNumber");
        if (event.partner() == null || !number.canConvertToLong()) {
            throw new EventRejected("the payment names no invoice of a marketplace");
        }
        return reactivation.invoicePaid(event.partner(), number.asLong()).replaceWithVoid();
    }
}
