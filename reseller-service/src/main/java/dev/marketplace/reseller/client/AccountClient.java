package dev.marketplace.reseller.client;

import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;

import org.eclipse.microprofile.faulttolerance.Fallback;
import org.eclipse.microprofile.rest.client.inject.RestClient;
import org.jboss.logging.Logger;

import com.fasterxml.jackson.databind.JsonNode;

import dev.marketplace.common.client.ServiceRejection;
import dev.marketplace.common.client.ServiceUnavailable;
import io.smallrye.faulttolerance.api.ApplyGuard;
import io.smallrye.faulttolerance.api.AsynchronousNonBlocking;
import io.smallrye.mutiny.Uni;

/**
 * Creates companies and members in account-service. Both calls are idempotent by their key, so they go through
 * account's idempotent guard ({@link Dependencies}): a timeout or a failure is retried (twice), and one breaker stops
 * calling an account-service that keeps failing. A refusal (4xx) is the caller's
 * to handle ({@link ServiceRejection} with account-service's error code); account-service unreachable or failing →
 * 503 ACCOUNT_UNAVAILABLE.
 */
@ApplicationScoped
public class AccountClient {
    private static final Logger LOG = Logger.getLogger(AccountClient.class);

    private final AccountApi account;

    public AccountClient(@RestClient AccountApi account) {
        this.account = account;
    }

    @AsynchronousNonBlocking
    @ApplyGuard(Dependencies.ACCOUNT_IDEMPOTENT)
    @Fallback(fallbackMethod = "companyUnavailable", skipOn = ServiceRejection.class)
    public Uni<JsonNode> createCompany(String partner, UUID key, AccountApi.NewCompany company) {
        return account.createCompany(partner, key, company);
    }

    @AsynchronousNonBlocking
    @ApplyGuard(Dependencies.ACCOUNT_IDEMPOTENT)
    @Fallback(fallbackMethod = "memberUnavailable", skipOn = ServiceRejection.class)
    public Uni<JsonNode> createMember(String partner, UUID key, UUID company, AccountApi.NewMember member) {
        return account.createMember(partner, key, company, member);
    }

    Uni<JsonNode> companyUnavailable(String partner, UUID key, AccountApi.NewCompany company, Throwable failure) {
        return unavailable(failure);
    }

    Uni<JsonNode> memberUnavailable(String partner, UUID key, UUID company, AccountApi.NewMember member, Throwable failure) {
        return unavailable(failure);
    }

    private static Uni<JsonNode> unavailable(Throwable failure) {
        LOG.warnf("account-service provisioning call failed: %s", failure.toString());
        return Uni.createFrom().failure(ServiceUnavailable.of("ACCOUNT_UNAVAILABLE",
                "The account service, which owns companies and users,"));
    }
}
