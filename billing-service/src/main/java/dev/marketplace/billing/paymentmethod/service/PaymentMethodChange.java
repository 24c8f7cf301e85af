package dev.marketplace.billing.paymentmethod.service;

import com.fasterxml.jackson.annotation.JsonProperty;

import dev.marketplace.common.input.Violations;

/**
 * A change of a card on file: {@code {"default": true}} makes it the default (to change it, make another the default).
 * Checked by {@link #checked()}, which names the field as the client sent it ({@code default}, a Java keyword).
 */
public record PaymentMethodChange(@JsonProperty("default") Boolean makeDefault) {

    public PaymentMethodChange checked() {
        Violations.start()
                .when(makeDefault == null, "default", "is required: true makes this card the default")
                .when(Boolean.FALSE.equals(makeDefault), "default",
                        "can only be set to true: make another card the default instead")
                .throwIfAny();
        return this;
    }
}
