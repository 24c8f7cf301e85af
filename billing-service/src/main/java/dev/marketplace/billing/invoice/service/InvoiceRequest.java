package dev.marketplace.billing.invoice.service;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

import dev.marketplace.billing.invoice.domain.BuyerRole;
import dev.marketplace.billing.invoice.domain.InvoiceLineType;

/**
 * What to invoice: whose, for which order and period, in which currency, with which lines (each total already
 * rounded), and who to notify. {@code carryUnpaid}: the UNPAID invoices of the same subscription are carried into it.
 */
public record InvoiceRequest(String partner, UUID company, UUID user, UUID subscriptionId, Long orderId, String currency,
        List<Line> lines, Instant periodStart, Instant periodEnd, BuyerRole buyerRole, String companyName, String buyerEmail,
        String buyerFirstName, String buyerLocale, boolean carryUnpaid) {

    public record Line(InvoiceLineType type, String description, BigDecimal quantity, BigDecimal price, BigDecimal percentage,
            BigDecimal total, String unit, Long productId, Long editionId, Long planId, Instant periodStart, Instant periodEnd) {
    }
}
