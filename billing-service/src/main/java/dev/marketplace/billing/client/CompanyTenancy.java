package dev.marketplace.billing.client;

import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;

import dev.marketplace.common.error.ApiException;
import io.quarkus.cache.Cache;
import io.quarkus.cache.CacheName;
import io.quarkus.cache.CompositeCacheKey;
import io.smallrye.mutiny.Uni;

/**
 * Whether a path's company exists for the caller's marketplace, for reads scoped to it: a company account-service does
 * not know is a 404, as everywhere else in the API, and so is another marketplace's company (account-service looks it
 * up in the caller's marketplace only and answers it exactly as an unknown one), so that its id tells nothing. Such a read stays correct without the answer (its rows are filtered by marketplace), so when account-service
 * cannot say (down, its breaker open), the read goes on rather than failing with it.
 * <p>
 * A company is never deleted and never changes marketplace, so one that passed is remembered for a while
 * ({@code quarkus.cache.caffeine."company-tenancy"}) instead of asking account-service on every list read; refusals
 * (unknown, foreign) and failures are not remembered, so a company created a moment later is found.
 */
@ApplicationScoped
public class CompanyTenancy {
    private final AccountClient account;
    private final Cache passed;

    public CompanyTenancy(AccountClient account, @CacheName("company-tenancy") Cache passed) {
        this.account = account;
        this.passed = passed;
    }

    /** Fails with 404 when account-service knows no such company in the caller's marketplace (unknown, or another's). */
    public Uni<Void> requireKnown(String partner, UUID company) {
        return passed.getAsync(new CompositeCacheKey(partner, company),
                key -> account.purchaseProfile(partner, company, null).map(profile -> {
                    if (profile.isEmpty()) {
                        throw ApiException.notFound("Company", company);
                    }
                    return Boolean.TRUE;
                })).replaceWithVoid()
                .onFailure(e -> e instanceof ApiException api && api.status() == 503).recoverWithNull();
    }
}
