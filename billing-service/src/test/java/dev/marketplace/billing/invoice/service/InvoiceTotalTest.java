package dev.marketplace.billing.invoice.service;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigDecimal;
import java.util.List;

import org.junit.jupiter.api.Test;

import dev.marketplace.billing.invoice.domain.InvoiceStatus;

/** What an invoice comes to, and whether it is issued PAID (nothing to pay) or UNPAID. */
class InvoiceTotalTest {

    private static BigDecimal d(String value) {
        return new BigDecimal(value);
    }

    @Test
    void theTotalIsTheSumOfTheLinesDiscountsAndCarriedInvoicesIncluded() {
        // a period, its discount, usage, and an unpaid invoice carried in
        InvoiceTotal total = InvoiceTotal.of("USD", List.of(d("35.00"), d("-3.50"), d("0.01"), d("120.00")));
        assertEquals(d("151.51"), total.amount());
        assertEquals(InvoiceStatus.UNPAID, total.status());
    }

    @Test
    void anInvoiceWithNothingToPayIsPaidWhenIssued() {
        InvoiceTotal free = InvoiceTotal.of("USD", List.of(d("35.00"), d("-35.00")));
        assertEquals(d("0.00"), free.amount());
        assertEquals(InvoiceStatus.PAID, free.status());
        InvoiceTotal empty = InvoiceTotal.of("JPY", List.of());
        assertEquals(d("0"), empty.amount(), "in the currency's digits");
        assertEquals(InvoiceStatus.PAID, empty.status());
    }

    @Test
    void aSingleCentIsStillToPay() {
        InvoiceTotal cent = InvoiceTotal.of("EUR", List.of(d("0.01")));
        assertEquals(d("0.01"), cent.amount());
        assertEquals(InvoiceStatus.UNPAID, cent.status());
    }
}
