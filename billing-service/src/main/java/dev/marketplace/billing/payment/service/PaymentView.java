package dev.marketplace.billing.payment.service;

import java.math.BigDecimal;
import java.util.List;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;

import dev.marketplace.common.paging.Link;

/** A payment as the API answers it (AppDirect's PaymentWS), with the invoice it pays. */
@JsonPropertyOrder({ "id", "date", "amount", "currency", "result", "method", "transactionId", "user", "company",
        "gatewayResponse", "invoiceNumber", "links" })
public record PaymentView(long id, long date, BigDecimal amount, String currency, String result, String method,
        String transactionId, Ref user, Ref company, GatewayResponse gatewayResponse, long invoiceNumber, List<Link> links) {

    public record Ref(String id, String href) {
    }

    /** What the payment provider said: its decline (or no-answer) code and message. */
    public record GatewayResponse(String code, String message) {
    }
}
