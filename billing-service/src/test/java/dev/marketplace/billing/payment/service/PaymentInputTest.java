package dev.marketplace.billing.payment.service;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.math.BigDecimal;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

import dev.marketplace.billing.money.CurrencyCode;
import dev.marketplace.billing.payment.domain.PaymentMethod;
import dev.marketplace.common.error.ApiException;

/** A payment pays its invoice in full and in its currency; PAYPAL has no adapter. */
class PaymentInputTest {
    private static PaymentInput manual(String amount, CurrencyCode currency) {
        return new PaymentInput(PaymentMethod.MANUAL, amount == null ? null : new BigDecimal(amount), currency, null, null);
    }

    private static String refusal(Executable call) {
        ApiException e = assertThrows(ApiException.class, call);
        assertEquals(400, e.status());
        return e.getMessage();
    }

    @Test
    void theAmountGivenMustBeTheInvoicesTotalOnceRounded() {
        BigDecimal stored = new BigDecimal("50.0000");
        assertDoesNotThrow(() -> manual(null, null).paysInFull(stored, "USD"), "no amount: the total");
        assertDoesNotThrow(() -> manual("50", CurrencyCode.USD).paysInFull(stored, "USD"));
        assertDoesNotThrow(() -> manual("50.004", null).paysInFull(stored, "USD"));
        assertDoesNotThrow(() -> manual("50.005", null).paysInFull(stored, "USD"), "50.005 is 50.00 (half to even)");
        assertEquals("amount: must be the invoice's total, 50.00 USD (an invoice is paid in full)",
                refusal(() -> manual("50.015", null).paysInFull(stored, "USD")));
        assertEquals("amount: must be the invoice's total, 50.00 USD (an invoice is paid in full)",
                refusal(() -> manual("49.99", null).paysInFull(stored, "USD")), "no partial payment");
    }

    @Test
    void yenHaveNoDecimals() {
        BigDecimal stored = new BigDecimal("1000.0000");
        assertDoesNotThrow(() -> manual("1000.5", null).paysInFull(stored, "JPY"), "1000.5 yen is 1000");
        assertEquals("amount: must be the invoice's total, 1000 JPY (an invoice is paid in full)",
                refusal(() -> manual("1001", null).paysInFull(stored, "JPY")));
    }

    @Test
    void theCurrencyGivenMustBeTheInvoices() {
        assertEquals("currency: must be the invoice's currency, USD",
                refusal(() -> manual("50.00", CurrencyCode.EUR).paysInFull(new BigDecimal("50.0000"), "USD")));
    }

    @Test
    void payPalHasNoAdapter() {
        assertEquals("method: PAYPAL is not available on this marketplace; pay by CREDIT_CARD",
                refusal(() -> new PaymentInput(PaymentMethod.PAYPAL, null, null, null, null).checked()));
        assertDoesNotThrow(() -> PaymentInput.card().checked());
    }
}
