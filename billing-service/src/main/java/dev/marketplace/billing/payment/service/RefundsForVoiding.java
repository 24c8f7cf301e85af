package dev.marketplace.billing.payment.service;

import java.util.ArrayList;
import java.util.List;

import jakarta.enterprise.context.ApplicationScoped;

import org.jboss.logging.Logger;

import dev.marketplace.billing.client.PaymentProvider;
import dev.marketplace.billing.invoice.domain.Invoice;
import dev.marketplace.billing.invoice.service.Refunds;
import dev.marketplace.billing.money.Money;
import dev.marketplace.billing.payment.domain.Payment;
import dev.marketplace.billing.payment.domain.PaymentMethod;
import dev.marketplace.billing.payment.repository.PaymentRepository;
import dev.marketplace.billing.payment.repository.RefundRepository;
import dev.marketplace.common.client.ServiceUnavailable;
import dev.marketplace.common.error.ApiException;
import io.smallrye.mutiny.Uni;

/**
 * Refunds every payment that settled an invoice being voided, in the voiding transaction: a card payment through the
 * {@link PaymentProvider} that charged it (key {@code refund-<partner>-<paymentId>}: asking again is the same refund), a
 * payment made elsewhere as a record only. A refund that is not made leaves
 * everything as it was (the voiding fails, the invoice stays PAID, no refund is recorded): one the provider refused is a
 * 502 {@value #REFUSED} with its reason, one without an answer (unreachable, failing) a 503 that may be retried — the
 * retry asks for the same refund.
 */
@ApplicationScoped
public class RefundsForVoiding implements Refunds {
    static final String REFUSED = "PAYMENT_PROVIDER_REFUSED";
    private static final Logger LOG = Logger.getLogger(RefundsForVoiding.class);

    private final PaymentRepository payments;
    private final RefundRepository refunds;
    private final PaymentProvider provider;

    public RefundsForVoiding(PaymentRepository payments, RefundRepository refunds, PaymentProvider provider) {
        this.payments = payments;
        this.refunds = refunds;
        this.provider = provider;
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
                ? provider.refund("refund-" + p.partner + "-" + p.id, p.transactionId, amount, p.currency)
                        .map(result -> refundMade(p.id, result))
                : Uni.createFrom().nullItem();
        return transaction.call(id -> refunds.record(p.partner, p.invoiceId, p.id, p.amount, p.currency, id))
                .map(id -> new Refund(p.id, p.method.name(), Money.of(p.amount, p.currency), p.currency, id));
    }

    /**
     * What the provider's answer means for the voiding: the refund's id when the money went back; else nothing is voided
     * — a refusal is a 502 with the provider's reason, no definite answer a 503 (the refund may be asked again: same key).
     */
    static String refundMade(long paymentId, PaymentProvider.RefundResult result) {
        switch (result == null || result.status() == null ? PaymentProvider.Status.UNKNOWN : result.status()) {
            case SUCCEEDED:
                return result.refundId();
            case DECLINED:
                LOG.warnf("refund of payment %d refused by the payment provider: %s", paymentId, result.code());
                throw new ApiException(502, REFUSED, "The payment provider refused to refund payment " + paymentId + ": "
                        + reason(result) + "; the invoice was not voided");
            default: // UNKNOWN, or no answer at all
                throw ServiceUnavailable.of("PAYMENT_GATEWAY_UNAVAILABLE",
                        "The payment gateway, which must refund the invoice's card payment,");
        }
    }

    /** The provider's code and message, as it gave them (bounded: a provider's text, never ours). */
    private static String reason(PaymentProvider.RefundResult result) {
        String code = result.code() == null || result.code().isBlank() ? "no code" : result.code();
        String text = result.message() == null || result.message().isBlank() ? code : code + " (" + result.message() + ")";
        return text.length() > 300 ? text.substring(0, 300) : text;
    }
}
