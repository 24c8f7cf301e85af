package dev.marketplace.common.error;

/** The one error shape every service answers with: a machine code and a sentence naming the field and the rule. */
public record ErrorBody(String code, String message) {
}
