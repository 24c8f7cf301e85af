package dev.marketplace.billing.payment.service;

import java.util.ArrayList;
import java.util.List;

import jakarta.enterprise.context.ApplicationScoped;

import dev.marketplace.billing.client.PaymentGatewayApi;
import dev.marketplace.billing.client.PaymentGatewayClient;
import dev.marketplace.billing.invoice.domain.Invoice;
import dev.marketplace.billing.invoice.service.Refunds;
import dev.marketplace.billing.money.Money;
import dev.marketplace.billing.payment.domain.Payment;
import dev.marketplace.billing.payment.domain.PaymentMethod;
import dev.marketplace.billing.payment.repository.PaymentRepository;
import dev.marketplace.billing.payment.repository.RefundRepository;
import io.smallrye.mutiny.Uni;

/**
 * Refunds every payment that settled an invoice being voided, in the voiding transaction: a card payment through the
 * gateway (idempotent per payment), a payment made elsewhere as a record only. If the gateway cannot refund, the whole
 * voiding fails and the invoice stays PAID.
 */
@ApplicationScoped
public class RefundsForVoiding implements Refunds {
    private final PaymentRepository payments;
    private final RefundRepository refunds;
    private final PaymentGatewayClient gateway;

    public RefundsForVoiding(PaymentRepository payments, RefundRepository refunds, PaymentGatewayClient gateway) {
        this.payments = payments;
        this.refunds = refunds;
        this.gateway = gateway;
    }

    @Override
    public Uni<List<Refund>> refundAll(Invoice invoice) {
        return payments.settling(invoice.id).chain(settled -> {
            Uni<List<Refund>> all = Uni.createFrom().item(new ArrayList<>());
            for (Payment p : settled) {
                all = all.call(made -> refund(p).invoke(made::add));
            }
            return all;
        });
    }

    private Uni<Refund> refund(Payment p) {
        String amount = Money.of(p.amount, p.currency).toPlainString();
        Uni<String> transaction = p.method == PaymentMethod.CREDIT_CARD && p.transactionId != null
                ? gateway.refund("refund-" + p.partner + "-" + p.id, new PaymentGatewayApi.Refund(p.transactionId, amount,
                        p.currency)).map(PaymentGatewayApi.RefundAnswer::id)
                : Uni.createFrom().nullItem();
        return transaction.call(id -> refunds.record(p.partner, p.invoiceId, p.id, p.amount, p.currency, id))
                .map(id -> new Refund(p.id, p.method.name(), Money.of(p.amount, p.currency), p.currency, id));
    }
}
