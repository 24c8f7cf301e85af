package dev.marketplace.billing.client;

import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;

import dev.marketplace.common.error.ApiException;
import io.quarkus.cache.Cache;
import io.quarkus.cache.CacheName;
import io.quarkus.cache.CompositeCacheKey;
import io.smallrye.mutiny.Uni;

/**
 * Whose company a path names, for reads scoped to the caller's marketplace: another marketplace's company is a 403, as
 * account-service answers it. Such a read stays correct without the answer (its rows are filtered by marketplace), so
 * when account-service cannot say (down, its breaker open), the read goes on rather than failing with it.
 * <p>
 * A company never changes marketplace, so a company that passed is remembered for a while
 * ({@code quarkus.cache.caffeine."company-tenancy"}) instead of asking account-service on every list read; refusals and
 * failures are not remembered. An unknown company that passed and is created later in another marketplace still passes
 * until then, and its reads still show only the caller's marketplace's rows: nothing.
 */
@ApplicationScoped
public class CompanyTenancy {
    private final AccountClient account;
    private final Cache passed;

    public CompanyTenancy(AccountClient account, @CacheName("company-tenancy") Cache passed) {
        this.account = account;
        this.passed = passed;
    }

    /** Fails with 403 when the company belongs to another marketplace; an unknown company passes (it has nothing). */
    public Uni<Void> requireNotForeign(String partner, UUID company) {
        return passed.getAsync(new CompositeCacheKey(partner, company),
                key -> account.purchaseProfile(partner, company, null).replaceWith(Boolean.TRUE)).replaceWithVoid()
                .onFailure(e -> e instanceof ApiException api && api.status() == 503).recoverWithNull();
    }
}
