package dev.marketplace.billing.paymentmethod.service;

import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;

import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * A card to put on file: the token the provider gave the browser for it ({@code tok_...}), never the card itself.
 * {@code default} makes it the default card (the first card is the default anyway).
 */
public record PaymentMethodInput(
        @NotBlank(message = "is required: the token the payment provider gave for the card (tok_...)")
        @Size(max = 255, message = "must be at most 255 characters")
        @Pattern(regexp = "[A-Za-z0-9_]+", message = "must be a token of the payment provider (tok_...)") String token,
        @JsonProperty("default") Boolean makeDefault) {

    /** Never logged: a token can be attached once, by whoever holds it. */
    @Override
    public String toString() {
        return "PaymentMethodInput[default=" + makeDefault + "]";
    }
}
