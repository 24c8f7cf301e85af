package dev.marketplace.billing.paymentmethod.service;

import jakarta.validation.constraints.AssertTrue;
import jakarta.validation.constraints.NotNull;

import com.fasterxml.jackson.annotation.JsonProperty;

/** A change of a card on file: {@code {"default": true}} makes it the default (to change it, make another the default). */
public record PaymentMethodChange(
        @JsonProperty("default") @NotNull(message = "is required: true makes this card the default")
        @AssertTrue(message = "can only be set to true: make another card the default instead") Boolean makeDefault) {
}
