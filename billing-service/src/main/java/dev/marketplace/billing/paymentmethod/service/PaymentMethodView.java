package dev.marketplace.billing.paymentmethod.service;

import java.util.List;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;

import dev.marketplace.common.paging.Link;

/** A card on file as the API answers it: never its number, token or security code. */
@JsonPropertyOrder({ "id", "type", "brand", "last4", "expirationMonth", "expirationYear", "default", "createdOn", "links" })
public record PaymentMethodView(String id, String type, String brand, String last4, int expirationMonth, int expirationYear,
        @JsonProperty("default") boolean defaultCard, long createdOn, List<Link> links) {
}
