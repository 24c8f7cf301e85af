package dev.marketplace.billing.client;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.inject.Any;
import jakarta.enterprise.inject.Default;
import jakarta.enterprise.inject.Instance;
import jakarta.enterprise.inject.Produces;

import dev.marketplace.billing.config.BillingConfig;
import io.quarkus.runtime.StartupEvent;
import io.smallrye.common.annotation.Identifier;

/**
 * The {@code @Default} {@link PaymentProvider}: the implementation whose {@code @Identifier} is
 * {@code marketplace.billing.payment-provider.kind} ({@code PAYMENT_PROVIDER}). The service refuses to start on a kind no
 * implementation has, or on {@code stripe} without its secret key, rather than fail at the first payment.
 */
@ApplicationScoped
public class PaymentProviders {
    private final BillingConfig config;
    private final Instance<PaymentProvider> all;

    public PaymentProviders(BillingConfig config, @Any Instance<PaymentProvider> all) {
        this.config = config;
        this.all = all;
    }

    @Produces
    @Default
    @ApplicationScoped
    PaymentProvider selected() {
        return select(config.paymentProvider(), all);
    }

    void checkAtStart(@Observes StartupEvent start) {
        select(config.paymentProvider(), all);
    }

    static PaymentProvider select(BillingConfig.PaymentProvider settings, Instance<PaymentProvider> all) {
        String kind = settings.kind().trim();
        if ("stripe".equals(kind) && settings.stripe().apiKey().filter(key -> !key.isBlank()).isEmpty()) {
            throw new IllegalStateException("marketplace.billing.payment-provider.kind is stripe but no secret key is set:"
                    + " set STRIPE_API_KEY (marketplace.billing.payment-provider.stripe.api-key)");
        }
        Instance<PaymentProvider> chosen = all.select(Identifier.Literal.of(kind));
        if (!chosen.isResolvable()) {
            throw new IllegalStateException("marketplace.billing.payment-provider.kind (PAYMENT_PROVIDER) is '" + kind
                    + "': no such payment provider; use sandbox or stripe");
        }
        return chosen.get();
    }
}
