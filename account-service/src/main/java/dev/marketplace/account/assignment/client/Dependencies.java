package dev.marketplace.account.assignment.client;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Produces;

import dev.marketplace.common.client.DependencyPolicy;
import io.smallrye.common.annotation.Identifier;
import io.smallrye.faulttolerance.api.Guard;

/**
 * The fault-tolerance policy of each service account-service calls, declared once (CONTRIBUTING, "Calls to another
 * service"); client methods apply it with {@code @ApplyGuard}, and all calls through one guard share its breaker.
 */
@ApplicationScoped
public class Dependencies {
    /** billing-service: reads (entitlements). */
    public static final String BILLING_IDEMPOTENT = "billing-idempotent";

    @Produces
    @Identifier(BILLING_IDEMPOTENT)
    static final Guard BILLING = DependencyPolicy.standard().idempotent(BILLING_IDEMPOTENT);
}
