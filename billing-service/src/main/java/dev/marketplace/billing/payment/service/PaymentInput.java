package dev.marketplace.billing.payment.service;

import java.io.IOException;
import java.math.BigDecimal;

import jakarta.validation.constraints.DecimalMin;
import jakarta.validation.constraints.Digits;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Null;
import jakarta.validation.constraints.Size;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.JsonDeserializer;
import com.fasterxml.jackson.databind.annotation.JsonDeserialize;

import dev.marketplace.billing.money.CurrencyCode;
import dev.marketplace.billing.money.Money;
import dev.marketplace.billing.payment.domain.PaymentMethod;
import dev.marketplace.common.error.ApiException;
import dev.marketplace.common.input.Violations;

/**
 * A payment of an invoice (AppDirect's PaymentWS as a request). {@code amount} and {@code currency}, when given, must be
 * the invoice's total and currency (an invoice is paid in full). A CREDIT_CARD payment charges the buyer's default card
 * on file: card data is never taken here. A {@code creditCard} member is refused before anything reads it: its content is
 * skipped by the parser ({@link CardDataRefused}), so it is in no record, log, idempotency fingerprint or row. The
 * read-only fields of PaymentWS may be sent and are ignored.
 */
@JsonIgnoreProperties({ "id", "date", "result", "gatewayResponse", "user", "company", "links" })
public record PaymentInput(@NotNull(message = "is required: CREDIT_CARD, MANUAL, EXTERNAL_INVOICE or MARKETPLACE_CREDITS") PaymentMethod method,
        @DecimalMin(value = "0", inclusive = false, message = "must be greater than 0")
        @Digits(integer = 15, fraction = 4, message = "must have at most 4 decimal places") BigDecimal amount,
        CurrencyCode currency,
        @JsonDeserialize(using = CardDataRefused.class)
        @Null(message = "card data is not accepted: register the card instead (POST /api/billing/v1/companies/<companyId>/"
                + "users/<userId>/paymentMethods with a token from the payment provider), then pay with method CREDIT_CARD")
        Boolean creditCard,
        @Size(max = 128, message = "must be at most 128 characters") String transactionId) {

    public PaymentInput checked() {
        Violations.start()
                .when(method == PaymentMethod.PAYPAL, "method", "PAYPAL is not available on this marketplace; pay by CREDIT_CARD")
                .throwIfAny();
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

    /** A CREDIT_CARD payment of the whole invoice, as collection makes it. */
    public static PaymentInput card() {
        return new PaymentInput(PaymentMethod.CREDIT_CARD, null, null, null, null);
    }

    /**
     * Reads a {@code creditCard} member as a mere "was sent" flag: its content is skipped unread, so card data is kept
     * nowhere, not even in this request's record; the flag is then refused by {@code @Null}.
     */
    public static final class CardDataRefused extends JsonDeserializer<Boolean> {
        @Override
        public Boolean deserialize(JsonParser parser, DeserializationContext context) throws IOException {
            parser.skipChildren();
            return Boolean.TRUE;
        }

        /** {@code "creditCard": null} was sent: refused as well. */
        @Override
        public Boolean getNullValue(DeserializationContext context) {
            return Boolean.TRUE;
        }

        /** Not sent at all: nothing to refuse. */
        @Override
        public Object getAbsentValue(DeserializationContext context) {
            return null;
        }
    }
}
