package dev.marketplace.billing.client.stripe;

import java.util.Objects;
import java.util.Optional;

/** {@code cus_.../pm_...} as {@link StripePaymentProvider#attach} makes it, or a bare PaymentMethod id. */
record MethodReference(Optional<String> customer, String paymentMethod) {
    static MethodReference parse(String providerMethodId) {
        String value = Objects.requireNonNull(providerMethodId, "providerMethodId");
        int slash = value.indexOf('/');
        return slash < 0 ? new MethodReference(Optional.empty(), value)
                : new MethodReference(Optional.of(value.substring(0, slash)), value.substring(slash + 1));
    }
}
