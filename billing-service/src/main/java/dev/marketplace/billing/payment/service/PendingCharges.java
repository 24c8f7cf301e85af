package dev.marketplace.billing.payment.service;

import jakarta.enterprise.context.ApplicationScoped;

import dev.marketplace.billing.invoice.domain.Invoice;
import dev.marketplace.billing.invoice.service.ChargesInFlight;
import dev.marketplace.billing.payment.repository.PaymentRepository;
import io.smallrye.mutiny.Uni;

/**
 * An invoice's PENDING card payment (a charge the provider has not answered definitely), for voiding. A pay call
 * records its PENDING payment with the invoice locked, so that a voiding holding the same lock sees it.
 */
@ApplicationScoped
public class PendingCharges implements ChargesInFlight {
    private final PaymentRepository payments;

    public PendingCharges(PaymentRepository payments) {
        this.payments = payments;
    }

    @Override
    public Uni<Long> pendingPayment(Invoice invoice) {
        return payments.pendingOf(invoice.id).map(p -> p == null ? null : p.id);
    }
}
