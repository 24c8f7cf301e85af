package dev.marketplace.billing.invoice.service;

import jakarta.validation.constraints.NotNull;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;

import dev.marketplace.billing.invoice.domain.InvoiceStatus;
import dev.marketplace.common.input.Violations;

/**
 * The invoice PATCH body: only {@code status} is read, and VOIDED is the only value it takes (the operation exists to void
 * invoices). The other fields of an invoice may be sent back as read and are ignored.
 */
@JsonIgnoreProperties({ "invoiceId", "referenceNumber", "creationDate", "dueDate", "total", "orderIds", "currency", "user",
        "company", "invoiceLines", "delegatedToInvoice", "includedInvoices", "periodStart", "periodEnd", "subscriptionId",
        "links" })
public record InvoicePatch(@NotNull(message = "is required: VOIDED (invoices can only be voided here)") InvoiceStatus status) {

    public InvoicePatch checked() {
        Violations.start().when(status != InvoiceStatus.VOIDED, "status", "must be VOIDED: invoices can only be voided here")
                .throwIfAny();
        return this;
    }
}
