package dev.marketplace.billing.client;

import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;

import dev.marketplace.common.error.ApiException;
import io.smallrye.mutiny.Uni;

/**
 * Whose company a path names, for reads scoped to the caller's marketplace: another marketplace's company is a 403, as
 * account-service answers it. Such a read stays correct without the answer (its rows are filtered by marketplace), so
 * when account-service cannot say (down, its breaker open), the read goes on rather than failing with it.
 */
@ApplicationScoped
public class CompanyTenancy {
    private final AccountClient account;

    public CompanyTenancy(AccountClient account) {
        this.account = account;
    }

    /** Fails with 403 when the company belongs to another marketplace; an unknown company passes (it has nothing). */
    public Uni<Void> requireNotForeign(String partner, UUID company) {
        return account.purchaseProfile(partner, company, null).replaceWithVoid()
                .onFailure(e -> e instanceof ApiException api && api.status() == 503).recoverWithNull();
    }
}
