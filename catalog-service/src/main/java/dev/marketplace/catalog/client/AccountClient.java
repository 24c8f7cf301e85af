package dev.marketplace.catalog.client;

import java.util.List;

import jakarta.enterprise.context.ApplicationScoped;

import org.eclipse.microprofile.faulttolerance.Fallback;
import org.eclipse.microprofile.rest.client.inject.RestClient;
import org.jboss.logging.Logger;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;

import dev.marketplace.common.client.ServiceRejection;
import dev.marketplace.common.client.ServiceUnavailable;
import io.smallrye.faulttolerance.api.ApplyGuard;
import io.smallrye.faulttolerance.api.AsynchronousNonBlocking;
import io.smallrye.mutiny.Uni;

/**
 * Reads companies and memberships from account-service for checkout. GETs, through account's idempotent guard
 * ({@link Dependencies}): retried once, and one breaker that stops calling an account-service that keeps failing; unreachable or failing → 503 ACCOUNT_UNAVAILABLE (a checkout is never priced for
 * people nobody checked). Its refusals (404 unknown, 403 not visible to the caller) arrive as {@link ServiceRejection}.
 */
@ApplicationScoped
public class AccountClient {
    private static final Logger LOG = Logger.getLogger(AccountClient.class);

    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Company(String uuid, String name, boolean enabled, boolean vendor, boolean reseller, boolean channelAdmin) {
    }

    @JsonIgnoreProperties(ignoreUnknown = true)
    public record User(String uuid, String email, String firstName, String lastName) {
    }

    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Membership(User user, boolean enabled, List<String> roles, String status) {
    }

    private final AccountApi account;

    public AccountClient(@RestClient AccountApi account) {
        this.account = account;
    }

    @AsynchronousNonBlocking
    @ApplyGuard(Dependencies.ACCOUNT_IDEMPOTENT)
    @Fallback(fallbackMethod = "companyUnavailable", skipOn = ServiceRejection.class)
    public Uni<Company> company(String company) {
        return account.company(company, false, false);
    }

    Uni<Company> companyUnavailable(String company, Throwable failure) {
        LOG.warnf("account-service company call failed: %s", failure.toString());
        return Uni.createFrom().failure(unavailable());
    }

    @AsynchronousNonBlocking
    @ApplyGuard(Dependencies.ACCOUNT_IDEMPOTENT)
    @Fallback(fallbackMethod = "membershipUnavailable", skipOn = ServiceRejection.class)
    public Uni<Membership> membership(String company, String user) {
        return account.membership(company, user, false, false);
    }

    Uni<Membership> membershipUnavailable(String company, String user, Throwable failure) {
        LOG.warnf("account-service membership call failed: %s", failure.toString());
        return Uni.createFrom().failure(unavailable());
    }

    private static RuntimeException unavailable() {
        return ServiceUnavailable.of("ACCOUNT_UNAVAILABLE", "The accounts service, which must confirm the owner and the buyer,");
    }
}
