package dev.marketplace.billing.invoice.service;

import java.time.Instant;
import java.util.UUID;

import dev.marketplace.billing.invoice.domain.BuyerRole;
import dev.marketplace.billing.invoice.domain.InvoiceStatus;

/**
 * What an invoice listing asks for, as the request gives it; null means any. {@code company} narrows to one company's
 * invoices, {@code user} (with {@code company}) to one buyer's. The service adds the caller's marketplace.
 */
public record InvoiceFilter(UUID company, UUID user, InvoiceStatus status, Instant from, Instant to,
        boolean excludeFree, BuyerRole buyerRole) {
}
