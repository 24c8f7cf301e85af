package dev.marketplace.billing.invoice.service;

import java.util.List;

import dev.marketplace.billing.invoice.domain.Invoice;
import io.smallrye.mutiny.Uni;

/**
 * Refunds the payments of a PAID invoice being voided (implemented by the payment feature), inside the voiding
 * transaction: a PAID invoice is voided only together with its refund records. Fails (and nothing is voided) when a
 * refund cannot be made.
 */
public interface Refunds {

    /** A refund made: of which payment, how much, and the gateway's transaction if any. */
    record Refund(long paymentId, String method, java.math.BigDecimal amount, String currency, String transactionId) {
    }

    Uni<List<Refund>> refundAll(Invoice invoice);
}
