package dev.marketplace.reseller.client;

import java.time.Duration;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Produces;

import dev.marketplace.common.client.DependencyPolicy;
import io.smallrye.common.annotation.Identifier;
import io.smallrye.faulttolerance.api.Guard;

/**
 * The fault-tolerance policy of each service reseller-service calls, declared once (CONTRIBUTING, "Calls to another
 * service"); client methods apply it with {@code @ApplyGuard}, and all calls through one guard share its breaker.
 */
@ApplicationScoped
public class Dependencies {
    /**
     * account-service: creating companies and members, idempotent by their {@code Idempotency-Key}, so retried (twice:
     * a creation does more than a read, and its timeout is longer).
     */
    public static final String ACCOUNT_IDEMPOTENT = "account-idempotent";

    @Produces
    @Identifier(ACCOUNT_IDEMPOTENT)
    static final Guard ACCOUNT_PROVISIONING = DependencyPolicy.standard().timeout(Duration.ofSeconds(5))
            .retries(2, Duration.ofMillis(200), Duration.ofMillis(200)).idempotent(ACCOUNT_IDEMPOTENT);
}
