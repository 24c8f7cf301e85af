package dev.marketplace.notification.client;

import java.time.Duration;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Produces;

import dev.marketplace.common.client.DependencyPolicy;
import io.smallrye.common.annotation.Identifier;
import io.smallrye.faulttolerance.api.Guard;

/**
 * The fault-tolerance policy of each service notification-service calls, declared once (CONTRIBUTING, "Calls to
 * another service"); client methods apply it with {@code @ApplyGuard}, and all calls through one guard share its
 * breaker. Vendors are no dependency of this kind: each has a breaker of its own (vendorevent's VendorBreakers).
 */
@ApplicationScoped
public class Dependencies {
    /**
     * catalog-service: reads (vendor integrations). Its timeout is {@code CATALOG_TIMEOUT_MS}
     * ({@code quarkus.fault-tolerance."catalog-idempotent".timeout.value}); retried twice, since an event waits on it.
     */
    public static final String CATALOG_IDEMPOTENT = "catalog-idempotent";

    @Produces
    @Identifier(CATALOG_IDEMPOTENT)
    static final Guard CATALOG_READS = DependencyPolicy.standard().timeout(Duration.ofSeconds(5))
            .retries(2, Duration.ofMillis(200), Duration.ofMillis(100)).idempotent(CATALOG_IDEMPOTENT);
}
