package dev.marketplace.billing.invoice.service;

import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.marketplace.billing.invoice.domain.Invoice;
import dev.marketplace.billing.money.Money;
import dev.marketplace.common.events.payload.NotificationRequest;
import dev.marketplace.common.events.payload.NotificationTypes;

/**
 * The buyer's emails about an invoice. {@link #parameters} is public: the payment emails name the invoice the same way
 * (payment depends on invoice, not the reverse).
 */
public final class InvoiceEmails {
    private InvoiceEmails() {
    }

    /** companyName, invoiceNumber, amount and currency: the parameters every email about an invoice carries. */
    public static Map<String, Object> parameters(Invoice invoice, BigDecimal amount, String currency) {
        Map<String, Object> parameters = new LinkedHashMap<>();
        parameters.put("companyName", invoice.companyName);
        parameters.put("invoiceNumber", invoice.invoiceNumber);
        parameters.put("amount", Money.of(amount, currency).toPlainString());
        parameters.put("currency", currency);
        return parameters;
    }

    /** The INVOICE email to the buyer of a new invoice. */
    static List<NotificationRequest> issued(Invoice invoice) {
        if (invoice.buyerEmail == null) {
            return List.of();
        }
        Map<String, Object> parameters = parameters(invoice, invoice.total, invoice.currency);
        parameters.put("dueDate", InvoiceService.DAY.format(invoice.dueDate));
        return List.of(NotificationRequest.email("INVOICE", List.of(invoice.buyerEmail), invoice.buyerLocale, parameters));
    }

    /**
     * The REFUND email to the buyer when money went back to their card (a payment recorded as made elsewhere is refunded
     * elsewhere too: no email for it).
     */
    static List<NotificationRequest> refunded(Invoice invoice, List<Refunds.Refund> made) {
        List<Refunds.Refund> toCard = made.stream().filter(r -> r.transactionId() != null).toList();
        if (invoice.buyerEmail == null || toCard.isEmpty()) {
            return List.of();
        }
        BigDecimal amount = Money.zero(invoice.currency);
        for (Refunds.Refund r : toCard) {
            amount = amount.add(r.amount());
        }
        return List.of(NotificationRequest.email(NotificationTypes.REFUND, List.of(invoice.buyerEmail), invoice.buyerLocale,
                parameters(invoice, amount, invoice.currency)));
    }
}
