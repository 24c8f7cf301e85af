package dev.marketplace.catalog.client;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Produces;

import dev.marketplace.common.client.DependencyPolicy;
import io.smallrye.common.annotation.Identifier;
import io.smallrye.faulttolerance.api.Guard;

/**
 * The fault-tolerance policy of each service catalog-service calls, declared once (CONTRIBUTING, "Calls to another
 * service"); client methods apply it with {@code @ApplyGuard}, and all calls through one guard share its breaker.
 */
@ApplicationScoped
public class Dependencies {
    /** account-service: reads (companies, memberships). */
    public static final String ACCOUNT_IDEMPOTENT = "account-idempotent";
    /** billing-service: reads (exchange rates, discount pages, subscriptions, assignments). */
    public static final String BILLING_IDEMPOTENT = "billing-idempotent";

    @Produces
    @Identifier(ACCOUNT_IDEMPOTENT)
    static final Guard ACCOUNT_READS = DependencyPolicy.standard().idempotent(ACCOUNT_IDEMPOTENT);

    @Produces
    @Identifier(BILLING_IDEMPOTENT)
    static final Guard BILLING_READS = DependencyPolicy.standard().idempotent(BILLING_IDEMPOTENT);
}
