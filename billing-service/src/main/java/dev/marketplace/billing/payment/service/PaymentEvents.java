package dev.marketplace.billing.payment.service;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import jakarta.enterprise.context.ApplicationScoped;

import dev.marketplace.billing.invoice.domain.Invoice;
import dev.marketplace.billing.invoice.service.InvoiceEmails;
import dev.marketplace.billing.payment.domain.Payment;
import dev.marketplace.billing.support.PublicUrls;
import dev.marketplace.common.events.DomainEventPublisher;
import dev.marketplace.common.events.EventCreator;
import dev.marketplace.common.events.EventTypes;
import dev.marketplace.common.events.payload.NotificationRequest;
import io.smallrye.mutiny.Uni;

/** The events of payments and the buyer's emails they carry (PAYMENT_SUCCESSFUL, PAYMENT_FAILED, CREDIT_CARD_REQUIRED). */
@ApplicationScoped
public class PaymentEvents {
    static final String AGGREGATE = "INVOICE";

    private final DomainEventPublisher events;
    private final PublicUrls urls;

    public PaymentEvents(DomainEventPublisher events, PublicUrls urls) {
        this.events = events;
        this.urls = urls;
    }

    /** The caller's identity, read on the request: later steps may run where it cannot be. */
    Map<String, Object> currentCreator() {
        return events.currentCreator();
    }

    /** The creator of events of work no request asked for (collection, reconciliation): this service. */
    Map<String, Object> system() {
        return EventCreator.system(events.source());
    }

    /** A payment recorded with a definite result: SUCCEEDED or FAILED, and the buyer's email. */
    Uni<Void> recorded(Invoice invoice, Payment p, PaymentView view, Map<String, Object> creator) {
        Map<String, Object> payload = new LinkedHashMap<>();
        payload.put("invoiceNumber", invoice.invoiceNumber);
        payload.put("invoiceStatus", invoice.status.name());
        payload.put("payment", view);
        return events.publish(p.result.settles() ? EventTypes.INVOICE_PAYMENT_SUCCEEDED : EventTypes.INVOICE_PAYMENT_FAILED,
                invoice.partner, AGGREGATE, invoice.invoiceNumber.toString(), payload, paid(invoice, p), creator)
                .replaceWithVoid();
    }

    /** The buyer has no card on file to charge. */
    Uni<Void> cardRequired(Invoice invoice, Map<String, Object> creator) {
        return events.publish(EventTypes.INVOICE_PAYMENT_CARD_REQUIRED, invoice.partner, AGGREGATE,
                invoice.invoiceNumber.toString(), Map.of("invoiceNumber", invoice.invoiceNumber,
                        "invoiceStatus", invoice.status.name()), cardRequired(invoice), creator).replaceWithVoid();
    }

    private static List<NotificationRequest> paid(Invoice invoice, Payment p) {
        if (invoice.buyerEmail == null) {
            return List.of();
        }
        return List.of(NotificationRequest.email(p.result.settles() ? "PAYMENT_SUCCESSFUL" : "PAYMENT_FAILED",
                List.of(invoice.buyerEmail), invoice.buyerLocale, InvoiceEmails.parameters(invoice, p.amount, p.currency)));
    }

    private List<NotificationRequest> cardRequired(Invoice invoice) {
        if (invoice.buyerEmail == null) {
            return List.of();
        }
        Map<String, Object> parameters = InvoiceEmails.parameters(invoice, invoice.total, invoice.currency);
        parameters.put("paymentMethodsUrl", urls.base() + "/api/billing/v1/companies/" + invoice.companyUuid + "/users/"
                + invoice.userUuid + "/paymentMethods");
        return List.of(NotificationRequest.email("CREDIT_CARD_REQUIRED", List.of(invoice.buyerEmail), invoice.buyerLocale,
                parameters));
    }
}
