package dev.marketplace.billing.payment.service;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.time.YearMonth;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

import dev.marketplace.billing.money.CurrencyCode;
import dev.marketplace.billing.payment.domain.PaymentMethod;
import dev.marketplace.common.error.ApiException;

/** A payment pays its invoice in full and in its currency; a card must be valid and not expired. */
class PaymentInputTest {
    private static final YearMonth NOW = YearMonth.of(2026, 3);
    private static final String VISA = "4242424242424242";

    private static PaymentInput manual(String amount, CurrencyCode currency) {
        return new PaymentInput(PaymentMethod.MANUAL, amount == null ? null : new BigDecimal(amount), currency, null, null);
    }

    private static PaymentInput card(String number, int month, int year) {
        return new PaymentInput(PaymentMethod.CREDIT_CARD, null, null,
                new PaymentInput.CreditCard(number, month, year, "123", "Ann Buyer"), null);
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
    void aCardExpiringThisMonthStillPaysOneOfLastMonthDoesNot() {
        assertDoesNotThrow(() -> card(VISA, 3, 2026).checked(NOW));
        assertEquals("creditCard.expirationYear: the card has expired", refusal(() -> card(VISA, 2, 2026).checked(NOW)));
        assertEquals("creditCard.expirationYear: the card has expired", refusal(() -> card(VISA, 12, 2025).checked(NOW)));
    }

    @Test
    void aCardNumberMustPassItsChecksum() {
        assertTrue(PaymentInput.luhn(VISA));
        assertTrue(PaymentInput.luhn("5555555555554444"));
        assertFalse(PaymentInput.luhn("4242424242424241"));
        assertEquals("creditCard.number: is not a valid card number (checksum)",
                refusal(() -> card("4242424242424241", 12, 2030).checked(NOW)));
    }

    @Test
    void aCardIsForCardPaymentsOnly() {
        assertEquals("creditCard: is required to pay by CREDIT_CARD", refusal(() -> new PaymentInput(PaymentMethod.CREDIT_CARD,
                null, null, null, null).checked(NOW)));
        assertEquals("creditCard: is only for CREDIT_CARD payments", refusal(() -> new PaymentInput(PaymentMethod.MANUAL, null,
                null, new PaymentInput.CreditCard(VISA, 12, 2030, "123", null), null).checked(NOW)));
        assertEquals("method: PAYPAL is not available on this marketplace; pay by CREDIT_CARD",
                refusal(() -> new PaymentInput(PaymentMethod.PAYPAL, null, null, null, null).checked(NOW)));
    }
}
