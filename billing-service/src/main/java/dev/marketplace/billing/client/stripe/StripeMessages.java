package dev.marketplace.billing.client.stripe;

import java.util.regex.Pattern;

import com.stripe.exception.CardException;
import com.stripe.exception.StripeException;
import com.stripe.model.StripeError;

/** Stripe's codes and messages as we pass them on: never with a card token, method id or API key in them. */
final class StripeMessages {
    /** Stripe ids and keys that must not leave through a message: card tokens, methods, sources, API keys. */
    private static final Pattern SECRETS = Pattern.compile(
            "\\b(?:(?:pm|tok|src|ba|seti|btok)_[A-Za-z0-9_]+|card_(?=[a-z_]*[A-Z0-9])[A-Za-z0-9_]+"
                    + "|(?:sk|rk|pk)_(?:test|live)_[A-Za-z0-9_]+|pi_[A-Za-z0-9]+_secret_[A-Za-z0-9]+)");

    private StripeMessages() {
    }

    /** Stripe's decline code where it gives one ({@code insufficient_funds}), else its error code. */
    static String codeOf(StripeException e) {
        if (e instanceof CardException card && card.getDeclineCode() != null) {
            return card.getDeclineCode();
        }
        StripeError error = e.getStripeError();
        if (error != null) {
            return codeOf(error);
        }
        return e.getCode() == null ? "provider_refused" : e.getCode();
    }

    static String codeOf(StripeError error) {
        if (error.getDeclineCode() != null) {
            return error.getDeclineCode();
        }
        return error.getCode() == null ? "provider_refused" : error.getCode();
    }

    /** Stripe's own message (meant for the card's holder), without any id or key it may quote. */
    static String messageOf(StripeException e) {
        StripeError error = e.getStripeError();
        return scrub(error == null ? null : error.getMessage());
    }

    static String scrub(String message) {
        if (message == null) {
            return null;
        }
        return SECRETS.matcher(message).replaceAll("[redacted]");
    }
}
