package dev.marketplace.billing.invoice.service;

import dev.marketplace.billing.invoice.domain.Invoice;
import io.smallrye.mutiny.Uni;

/**
 * The card charge of an invoice still waiting for the payment provider's answer (implemented by the payment feature):
 * voiding must not change the total of an invoice while a charge of it is in flight.
 */
public interface ChargesInFlight {

    /** The id of the invoice's PENDING payment, or null when it has none. Call it with the invoice locked. */
    Uni<Long> pendingPayment(Invoice invoice);
}
