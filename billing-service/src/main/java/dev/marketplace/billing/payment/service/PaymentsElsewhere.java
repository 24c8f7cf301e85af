package dev.marketplace.billing.payment.service;

import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;

import dev.marketplace.billing.invoice.service.InvoiceService;
import dev.marketplace.billing.payment.domain.Payment;
import dev.marketplace.billing.payment.domain.PaymentMethod;
import dev.marketplace.billing.payment.domain.PaymentResult;
import dev.marketplace.billing.payment.repository.PaymentRepository;
import dev.marketplace.common.idempotency.Idempotent;
import dev.marketplace.common.idempotency.IdempotentRequest;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;

/** Records a payment made elsewhere (marketplace credits, manual): one transaction, the invoice PAID. */
@ApplicationScoped
public class PaymentsElsewhere {
    private final PaymentRepository payments;
    private final InvoiceService invoices;
    private final RequestKeys keys;
    private final PaymentEvents events;
    private final PaymentViews views;

    public PaymentsElsewhere(PaymentRepository payments, InvoiceService invoices, RequestKeys keys, PaymentEvents events,
            PaymentViews views) {
        this.payments = payments;
        this.invoices = invoices;
        this.keys = keys;
        this.events = events;
        this.views = views;
    }

    Uni<Idempotent<PaymentView>> record(long number, PaymentInput input, UUID payer, IdempotentRequest key) {
        return Panache.withTransaction(() -> keys.claim(key).chain(stored -> stored.isPresent()
                ? Uni.createFrom().item(Idempotent.<PaymentView>replayed(stored.get()))
                : invoices.lockForPayment(number).map(InvoiceService::requireUnpaid).chain(invoice -> {
                    input.paysInFull(invoice.total, invoice.currency);
                    Uni<Payment> pendingCheck = payments.pendingOf(invoice.id);
                    return pendingCheck.chain(pending -> {
                        if (pending != null) {
                            throw PaymentService.pendingConflict(views.view(pending));
                        }
                        return payments.nextId();
                    }).chain(id -> {
                        Payment p = PaymentRecords.of(id, invoice, payer, input.method(),
                                input.method() == PaymentMethod.MARKETPLACE_CREDITS ? PaymentResult.SUCCESSFUL
                                        : PaymentResult.MANUAL);
                        p.transactionId = input.transactionId();
                        PaymentView view = views.view(p);
                        return payments.persist(p).chain(() -> invoices.markPaid(invoice))
                                .chain(() -> events.recorded(invoice, p, view, null)).call(() -> keys.complete(key, view))
                                .replaceWith(view);
                    });
                }).map(Idempotent::fresh)));
    }
}
