package dev.marketplace.billing.payment.service;

import java.time.Instant;
import java.util.UUID;

import dev.marketplace.billing.invoice.domain.Invoice;
import dev.marketplace.billing.money.Money;
import dev.marketplace.billing.payment.domain.Payment;
import dev.marketplace.billing.payment.domain.PaymentMethod;
import dev.marketplace.billing.payment.domain.PaymentResult;

/** Builds the Payment of an invoice, by card or made elsewhere alike. */
final class PaymentRecords {
    private PaymentRecords() {
    }

    /** The invoice paid in full, now; by {@code payer}, or the invoice's buyer when no user is calling. */
    static Payment of(long id, Invoice invoice, UUID payer, PaymentMethod method, PaymentResult result) {
        Payment p = new Payment();
        p.id = id;
        p.partner = invoice.partner;
        p.invoiceId = invoice.id;
        p.invoiceNumber = invoice.invoiceNumber;
        p.companyUuid = invoice.companyUuid;
        p.userUuid = payer == null ? invoice.userUuid : payer;
        p.amount = Money.of(invoice.total, invoice.currency);
        p.currency = invoice.currency;
        p.date = Instant.now();
        p.method = method;
        p.result = result;
        return p;
    }
}
