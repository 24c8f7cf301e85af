package dev.marketplace.lead.client;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Produces;

import dev.marketplace.common.client.DependencyPolicy;
import io.smallrye.common.annotation.Identifier;
import io.smallrye.faulttolerance.api.Guard;

/**
 * The fault-tolerance policy of each service lead-service calls, declared once (CONTRIBUTING, "Calls to another
 * service"); client methods apply it with {@code @ApplyGuard}, and all calls through one guard share its breaker.
 */
@ApplicationScoped
public class Dependencies {
    /** account-service: reads (companies, memberships, first members). */
    public static final String ACCOUNT_IDEMPOTENT = "account-idempotent";
    /** account-service: creating a company, which is not repeated (the conversion finds it by externalId instead). */
    public static final String ACCOUNT_NON_IDEMPOTENT = "account-non-idempotent";
    /** catalog-service: reads (products). */
    public static final String CATALOG_IDEMPOTENT = "catalog-idempotent";

    private static final DependencyPolicy ACCOUNT = DependencyPolicy.standard();

    @Produces
    @Identifier(ACCOUNT_IDEMPOTENT)
    static final Guard ACCOUNT_READS = ACCOUNT.idempotent(ACCOUNT_IDEMPOTENT);

    @Produces
    @Identifier(ACCOUNT_NON_IDEMPOTENT)
    static final Guard ACCOUNT_CREATION = ACCOUNT.nonIdempotent(ACCOUNT_NON_IDEMPOTENT);

    @Produces
    @Identifier(CATALOG_IDEMPOTENT)
    static final Guard CATALOG_READS = DependencyPolicy.standard().idempotent(CATALOG_IDEMPOTENT);
}
