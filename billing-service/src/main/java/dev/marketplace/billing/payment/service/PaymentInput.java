package dev.marketplace.billing.payment.service;

import java.math.BigDecimal;
import java.time.YearMonth;

import jakarta.validation.Valid;
import jakarta.validation.constraints.DecimalMin;
import jakarta.validation.constraints.Digits;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;

import dev.marketplace.billing.money.CurrencyCode;
import dev.marketplace.billing.money.Money;
import dev.marketplace.billing.payment.domain.PaymentMethod;
import dev.marketplace.common.error.ApiException;
import dev.marketplace.common.input.Violations;

/**
 * A payment of an invoice (AppDirect's PaymentWS as a request). {@code amount} and {@code currency}, when given, must be
 * the invoice's total and currency (an invoice is paid in full). A card payment carries {@code creditCard}, which is
 * sent to the gateway and never stored (the last four digits are kept). The read-only fields of PaymentWS may be sent
 * and are ignored.
 */
@JsonIgnoreProperties({ "id", "date", "result", "gatewayResponse", "user", "company", "links" })
public record PaymentInput(@NotNull(message = "is required: CREDIT_CARD, MANUAL, EXTERNAL_INVOICE or MARKETPLACE_CREDITS") PaymentMethod method,
        @DecimalMin(value = "0", inclusive = false, message = "must be greater than 0")
        @Digits(integer = 15, fraction = 4, message = "must have at most 4 decimal places") BigDecimal amount,
        CurrencyCode currency, @Valid CreditCard creditCard,
        @Size(max = 128, message = "must be at most 128 characters") String transactionId) {

    public record CreditCard(@NotNull(message = "is required, 12 to 19 digits")
    @Pattern(regexp = "[0-9]{12,19}", message = "must be 12 to 19 digits") String number,
            @NotNull(message = "is required, 1 to 12") @Min(value = 1, message = "must be 1 to 12") @Max(value = 12, message = "must be 1 to 12") Integer expirationMonth,
            @NotNull(message = "is required, such as 2030") @Min(value = 2000, message = "must be a year such as 2030")
            @Max(value = 2100, message = "must be a year such as 2030") Integer expirationYear,
            @Pattern(regexp = "[0-9]{3,4}", message = "must be 3 or 4 digits") String cvv,
            @Size(max = 100, message = "must be at most 100 characters") String holderName) {

        /** Never logged or stored whole. */
        @Override
        public String toString() {
            return "CreditCard[..." + (number == null || number.length() < 4 ? "" : number.substring(number.length() - 4)) + "]";
        }

        public String last4() {
            return number.substring(number.length() - 4);
        }
    }

    public PaymentInput checked(YearMonth now) {
        boolean card = method == PaymentMethod.CREDIT_CARD;
        Violations violations = Violations.start()
                .when(method == PaymentMethod.PAYPAL, "method", "PAYPAL is not available on this marketplace; pay by CREDIT_CARD")
                .when(card && creditCard == null, "creditCard", "is required to pay by CREDIT_CARD")
                .when(!card && creditCard != null, "creditCard", "is only for CREDIT_CARD payments");
        if (card && creditCard != null && creditCard.number() != null && creditCard.number().matches("[0-9]{12,19}")) {
            violations.when(!luhn(creditCard.number()), "creditCard.number", "is not a valid card number (checksum)");
        }
        if (card && creditCard != null && creditCard.expirationMonth() != null && creditCard.expirationYear() != null
                && creditCard.expirationMonth() >= 1 && creditCard.expirationMonth() <= 12) {
            violations.when(YearMonth.of(creditCard.expirationYear(), creditCard.expirationMonth()).isBefore(now),
                    "creditCard.expirationYear", "the card has expired");
        }
        violations.throwIfAny();
        return this;
    }

    /**
     * 400 unless the payment is of the whole invoice: {@code amount}, when given, is its total once rounded to the
     * currency, and {@code currency}, when given, is its currency.
     */
    public void paysInFull(BigDecimal invoiceTotal, String invoiceCurrency) {
        BigDecimal total = Money.of(invoiceTotal, invoiceCurrency);
        if (amount != null && Money.round(amount, invoiceCurrency).compareTo(total) != 0) {
            throw ApiException.invalidField("amount", "must be the invoice's total, " + total.toPlainString() + " "
                    + invoiceCurrency + " (an invoice is paid in full)");
        }
        if (currency != null && !currency.name().equals(invoiceCurrency)) {
            throw ApiException.invalidField("currency", "must be the invoice's currency, " + invoiceCurrency);
        }
    }

    static boolean luhn(String digits) {
        int sum = 0;
        boolean twice = false;
        for (int i = digits.length() - 1; i >= 0; i--) {
            int d = digits.charAt(i) - '0';
            if (twice) {
                d *= 2;
                if (d > 9) {
                    d -= 9;
                }
            }
            sum += d;
            twice = !twice;
        }
        return sum % 10 == 0;
    }
}
