package dev.marketplace.billing.client;

import java.time.Duration;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Produces;

import dev.marketplace.common.client.DependencyPolicy;
import io.smallrye.common.annotation.Identifier;
import io.smallrye.faulttolerance.api.Guard;

/**
 * The fault-tolerance policy of each service billing-service calls, declared once (CONTRIBUTING, "Calls to another
 * service"); client methods apply it with {@code @ApplyGuard}, and all calls through one guard share its breaker.
 */
@ApplicationScoped
public class Dependencies {
    /** account-service: reads (purchase profiles). */
    public static final String ACCOUNT_IDEMPOTENT = "account-idempotent";
    /** catalog-service: reads (integrations, editions, plans). */
    public static final String CATALOG_IDEMPOTENT = "catalog-idempotent";
    /** catalog-service: signing a vendor URL, a POST that is not repeated. */
    public static final String CATALOG_NON_IDEMPOTENT = "catalog-non-idempotent";
    /** The card payment gateway: charges and refunds, each repeatable by its idempotency key. */
    public static final String PAYMENT_GATEWAY_IDEMPOTENT = "payment-gateway-idempotent";
    /**
     * Stripe's API (client.stripe.StripePaymentProvider): charges, refunds and cards on file, each repeatable by its
     * idempotency key, and the lookup of a charge. Its timeout is {@code STRIPE_TIMEOUT_MS}
     * ({@code quarkus.fault-tolerance."stripe-idempotent".timeout.value}, the SDK's read timeout too).
     */
    public static final String STRIPE_IDEMPOTENT = "stripe-idempotent";

    /** The card payment gateway: attaching a token, which the provider takes once. */
    public static final String PAYMENT_GATEWAY_NON_IDEMPOTENT = "payment-gateway-non-idempotent";

    private static final DependencyPolicy CATALOG = DependencyPolicy.standard();
    /** A card payment takes longer than a read of the suite. */
    private static final DependencyPolicy PAYMENT_GATEWAY = DependencyPolicy.standard().timeout(Duration.ofSeconds(5))
            .retries(1, Duration.ofMillis(200), Duration.ofMillis(200));

    @Produces
    @Identifier(ACCOUNT_IDEMPOTENT)
    static final Guard ACCOUNT_READS = DependencyPolicy.standard().idempotent(ACCOUNT_IDEMPOTENT);

    @Produces
    @Identifier(CATALOG_IDEMPOTENT)
    static final Guard CATALOG_READS = CATALOG.idempotent(CATALOG_IDEMPOTENT);

    @Produces
    @Identifier(CATALOG_NON_IDEMPOTENT)
    static final Guard CATALOG_SIGNING = CATALOG.nonIdempotent(CATALOG_NON_IDEMPOTENT);

    @Produces
    @Identifier(PAYMENT_GATEWAY_IDEMPOTENT)
    static final Guard PAYMENTS = PAYMENT_GATEWAY.idempotent(PAYMENT_GATEWAY_IDEMPOTENT);

    /** A retry repeats the same idempotency key, so Stripe answers it with the first call's result and charges once. */
    @Produces
    @Identifier(STRIPE_IDEMPOTENT)
    static final Guard STRIPE = DependencyPolicy.standard().timeout(Duration.ofSeconds(10))
            .retries(1, Duration.ofMillis(200), Duration.ofMillis(200)).idempotent(STRIPE_IDEMPOTENT);

    @Produces
    @Identifier(PAYMENT_GATEWAY_NON_IDEMPOTENT)
    static final Guard PAYMENT_METHODS = PAYMENT_GATEWAY.nonIdempotent(PAYMENT_GATEWAY_NON_IDEMPOTENT);
}
