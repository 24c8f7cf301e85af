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

    @Produces
    @Identifier(PAYMENT_GATEWAY_NON_IDEMPOTENT)
    static final Guard PAYMENT_METHODS = PAYMENT_GATEWAY.nonIdempotent(PAYMENT_GATEWAY_NON_IDEMPOTENT);
}
