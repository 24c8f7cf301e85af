package dev.marketplace.billing.invoice.service;

import java.math.BigDecimal;
import java.util.List;

import dev.marketplace.billing.invoice.domain.InvoiceStatus;
import dev.marketplace.billing.money.Money;

/**
 * What an invoice comes to: the sum of its lines (each rounded where it was computed, carried invoices included), in the
 * invoice's currency; an invoice with nothing to pay is PAID when issued, any other UNPAID.
 */
record InvoiceTotal(BigDecimal amount, InvoiceStatus status) {

    static InvoiceTotal of(String currency, List<BigDecimal> lines) {
        BigDecimal amount = Money.zero(currency);
        for (BigDecimal line : lines) {
            amount = amount.add(line);
        }
        return new InvoiceTotal(amount, amount.signum() == 0 ? InvoiceStatus.PAID : InvoiceStatus.UNPAID);
    }
}
