package dev.marketplace.billing.payment.service;

import java.util.List;

import jakarta.enterprise.context.ApplicationScoped;

import dev.marketplace.billing.money.Money;
import dev.marketplace.billing.payment.domain.Payment;
import dev.marketplace.billing.payment.domain.PaymentMethod;
import dev.marketplace.billing.support.PublicUrls;
import dev.marketplace.common.paging.Link;

/** A Payment as clients read it. */
@ApplicationScoped
public class PaymentViews {
    private final PublicUrls urls;

    public PaymentViews(PublicUrls urls) {
        this.urls = urls;
    }

    PaymentView view(Payment p) {
        return new PaymentView(p.id, p.date.toEpochMilli(), Money.of(p.amount, p.currency), p.currency, p.result.name(),
                p.method.name(), p.transactionId,
                p.userUuid == null ? null : new PaymentView.Ref(p.userUuid.toString(), urls.user(p.userUuid)),
                new PaymentView.Ref(p.companyUuid.toString(), urls.company(p.companyUuid)),
                p.method == PaymentMethod.CREDIT_CARD ? new PaymentView.GatewayResponse(p.gatewayCode, p.gatewayMessage) : null,
                p.invoiceNumber, List.of(new Link("self", urls.payment(p.id)), new Link("invoice", urls.invoice(p.invoiceNumber))));
    }
}
