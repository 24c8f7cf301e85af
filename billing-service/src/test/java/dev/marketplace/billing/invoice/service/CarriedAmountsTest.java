package dev.marketplace.billing.invoice.service;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import dev.marketplace.billing.invoice.domain.Invoice;
import dev.marketplace.billing.invoice.domain.InvoiceLine;
import dev.marketplace.billing.invoice.domain.InvoiceLineType;
import dev.marketplace.billing.invoice.domain.InvoiceStatus;
import dev.marketplace.common.error.ApiException;

/** What voiding an invoice changes in the invoices it was carried into and in those it carried. */
class CarriedAmountsTest {
    private static final Instant NOW = Instant.parse("2026-11-29T11:00:00Z");

    private static BigDecimal d(String value) {
        return new BigDecimal(value);
    }

    private static Invoice invoice(long number, String currency, InvoiceStatus status, Long carrier, String total) {
        Invoice i = new Invoice();
        i.invoiceNumber = number;
        i.currency = currency;
        i.status = status;
        i.delegatedToInvoice = carrier;
        i.total = d(total);
        return i;
    }

    private static InvoiceLine item(String total) {
        InvoiceLine l = new InvoiceLine();
        l.type = InvoiceLineType.ITEM;
        l.total = d(total);
        return l;
    }

    private static InvoiceLine carrying(long number, String total) {
        InvoiceLine l = new InvoiceLine();
        l.type = InvoiceLineType.DELEGATED_INVOICE;
        l.includedInvoice = number;
        l.price = d(total);
        l.total = d(total);
        return l;
    }

    private static CarriedAmounts.Carrier carrier(Invoice invoice, InvoiceLine... lines) {
        return new CarriedAmounts.Carrier(invoice, new ArrayList<>(List.of(lines)));
    }

    @Test
    void theVoidedInvoiceLeavesItsCarrierAndEveryFurtherCarrierTakesTheNewTotal() {
        // 1 (20.00) carried into 2 (20.00 + 20.00 - 5.00 discount), carried into 3 (20.00 + 35.00)
        Invoice second = invoice(2, "USD", InvoiceStatus.CARRIED, 3L, "35.00");
        Invoice third = invoice(3, "USD", InvoiceStatus.UNPAID, null, "55.00");
        InvoiceLine firstLine = carrying(1, "20.00");
        var chain = List.of(carrier(second, item("20.00"), item("-5.00"), firstLine),
                carrier(third, item("20.00"), carrying(2, "35.00")));

        assertSame(firstLine, CarriedAmounts.withdraw(1, chain, NOW));
        assertEquals(2, chain.get(0).lines().size());
        assertEquals(d("15.00"), second.total);
        assertEquals(InvoiceStatus.CARRIED, second.status);
        assertEquals(d("15.00"), chain.get(1).lines().get(1).total);
        assertEquals(d("15.00"), chain.get(1).lines().get(1).price);
        assertEquals(d("35.00"), third.total);
        assertEquals(InvoiceStatus.UNPAID, third.status);
        assertEquals(NOW, second.lastModified);
        assertEquals(NOW, third.lastModified);
    }

    @Test
    void aTopLeftWithNothingToPayIsPaidAsWhenIssuedInItsCurrencysDigits() {
        Invoice carrierOnly = invoice(8, "JPY", InvoiceStatus.UNPAID, null, "1500");
        var chain = List.of(carrier(carrierOnly, carrying(7, "1500")));
        CarriedAmounts.withdraw(7, chain, NOW);
        assertEquals(d("0"), carrierOnly.total);
        assertEquals(InvoiceStatus.PAID, carrierOnly.status);
        assertTrue(chain.get(0).lines().isEmpty());
    }

    @Test
    void aCarrierWithoutTheLineKeepsItsOtherLines() {
        Invoice top = invoice(5, "USD", InvoiceStatus.UNPAID, null, "10.00");
        var chain = List.of(carrier(top, item("10.00")));
        assertNull(CarriedAmounts.withdraw(4, chain, NOW));
        assertEquals(d("10.00"), top.total);
        assertEquals(InvoiceStatus.UNPAID, top.status);
    }

    @Test
    void theChainIsTheOneLockedOrItChangedMeanwhile() {
        Invoice first = invoice(1, "USD", InvoiceStatus.CARRIED, 2L, "20.00");
        Invoice second = invoice(2, "USD", InvoiceStatus.CARRIED, 3L, "40.00");
        Invoice third = invoice(3, "USD", InvoiceStatus.UNPAID, null, "60.00");
        assertTrue(CarriedAmounts.sameChain(first, List.of(second, third)));
        assertTrue(CarriedAmounts.sameChain(third, List.of()));
        // carried meanwhile: the chain read before is too short
        assertFalse(CarriedAmounts.sameChain(first, List.of(second)));
        assertFalse(CarriedAmounts.sameChain(first, List.of()));
        // released or paid meanwhile: the chain read before is too long
        Invoice unpaid = invoice(1, "USD", InvoiceStatus.UNPAID, null, "20.00");
        assertFalse(CarriedAmounts.sameChain(unpaid, List.of(second, third)));
        assertFalse(CarriedAmounts.sameChain(first, List.of(third)));
    }

    @Test
    void onlyATopStillToPayIsChangedAPaidOneRefusesAndAVoidedOneIsKept() {
        Invoice first = invoice(1, "USD", InvoiceStatus.CARRIED, 2L, "20.00");
        assertFalse(CarriedAmounts.withdrawsFromCarriers(first, List.of()));
        assertTrue(CarriedAmounts.withdrawsFromCarriers(first, List.of(invoice(2, "USD", InvoiceStatus.UNPAID, null, "40.00"))));
        assertFalse(CarriedAmounts.withdrawsFromCarriers(first, List.of(invoice(2, "USD", InvoiceStatus.VOIDED, null, "40.00"))));
        ApiException paid = assertThrows(ApiException.class, () -> CarriedAmounts.withdrawsFromCarriers(first,
                List.of(invoice(2, "USD", InvoiceStatus.CARRIED, 3L, "40.00"), invoice(3, "USD", InvoiceStatus.PAID, null, "60.00"))));
        assertEquals(409, paid.status());
        assertEquals("CARRYING_INVOICE_PAID", paid.code());
        assertTrue(paid.getMessage().startsWith("invoice 1 was carried into invoice 3, which is PAID"), paid.getMessage());
    }

    @Test
    void aTopWithAChargeInFlightRefusesNamingThePayment() {
        Invoice first = invoice(1, "USD", InvoiceStatus.CARRIED, 2L, "20.00");
        Invoice top = invoice(2, "USD", InvoiceStatus.UNPAID, null, "40.00");
        CarriedAmounts.requireNoChargeInFlight(first, top, null);
        ApiException e = assertThrows(ApiException.class, () -> CarriedAmounts.requireNoChargeInFlight(first, top, 17L));
        assertEquals(409, e.status());
        assertEquals("CARRYING_INVOICE_PAYMENT_PENDING", e.code());
        assertEquals("invoice 1 was carried into invoice 2, whose payment 17 is waiting for the payment provider's answer: "
                + "its total cannot change under a charge in flight; void invoice 1 again once the payment is settled",
                e.getMessage());
    }

    @Test
    void releasedInvoicesAreUnpaidAgainAndPointNowhere() {
        Invoice first = invoice(1, "USD", InvoiceStatus.CARRIED, 2L, "20.00");
        CarriedAmounts.release(List.of(first), NOW);
        assertEquals(InvoiceStatus.UNPAID, first.status);
        assertNull(first.delegatedToInvoice);
        assertEquals(d("20.00"), first.total);
        assertEquals(NOW, first.lastModified);
    }
}
