package dev.marketplace.billing.client;

import java.util.Optional;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;

import org.eclipse.microprofile.faulttolerance.Fallback;
import org.eclipse.microprofile.rest.client.inject.RestClient;
import org.jboss.logging.Logger;

import dev.marketplace.billing.client.AccountApi.PurchaseProfile;
import dev.marketplace.common.client.ServiceRejection;
import dev.marketplace.common.client.ServiceUnavailable;
import dev.marketplace.common.error.ApiException;
import io.smallrye.faulttolerance.api.ApplyGuard;
import io.smallrye.faulttolerance.api.AsynchronousNonBlocking;
import io.smallrye.mutiny.Uni;

/**
 * Reads companies and memberships from account-service through account's idempotent guard ({@link Dependencies}):
 * retried once, behind a breaker. An unknown company (404) is empty, and so is another marketplace's (account-service
 * answers it 404 too: callers answer it as an unknown company); a refusal (403) is the caller's 403;
 * account unreachable, failing or refusing → 503 ACCOUNT_UNAVAILABLE: an order is never taken, nor an invoice shown to
 * a user, unchecked.
 */
@ApplicationScoped
public class AccountClient {
    private static final Logger LOG = Logger.getLogger(AccountClient.class);

    private final AccountApi account;

    public AccountClient(@RestClient AccountApi account) {
        this.account = account;
    }

    /** The company and, when {@code user} is given, the user's membership in it. */
    @AsynchronousNonBlocking
    @ApplyGuard(Dependencies.ACCOUNT_IDEMPOTENT)
    @Fallback(fallbackMethod = "unavailable", skipOn = ApiException.class)
    public Uni<Optional<PurchaseProfile>> purchaseProfile(String partner, UUID company, UUID user) {
        return account.purchaseProfile(partner, company, user).map(Optional::ofNullable)
                .onFailure(e -> e instanceof ServiceRejection r && r.notFound()).recoverWithItem(Optional.empty())
                // account-service refusing the call: refused exactly like account-service refuses it
                .onFailure(ServiceRejection::refusesTheCaller).transform(ServiceRejection::asCallersRefusal);
    }

    Uni<Optional<PurchaseProfile>> unavailable(String partner, UUID company, UUID user, Throwable failure) {
        LOG.warnf("account-service purchase-profile call failed: %s", failure.toString());
        return Uni.createFrom().failure(ServiceUnavailable.of("ACCOUNT_UNAVAILABLE", "The company directory"));
    }
}
