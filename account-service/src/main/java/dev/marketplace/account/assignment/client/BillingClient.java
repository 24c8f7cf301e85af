package dev.marketplace.account.assignment.client;

import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;

import org.eclipse.microprofile.faulttolerance.Fallback;
import org.eclipse.microprofile.rest.client.inject.RestClient;
import org.jboss.logging.Logger;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;

import dev.marketplace.account.AccountConfig;
import dev.marketplace.common.client.ServiceRejection;
import dev.marketplace.common.client.ServiceUnavailable;
import io.smallrye.faulttolerance.api.ApplyGuard;
import io.smallrye.faulttolerance.api.AsynchronousNonBlocking;
import io.smallrye.mutiny.Uni;

/**
 * Asks billing-service whether a member still holds entitlements in a company. The call is a GET: billing's idempotent
 * guard ({@link Dependencies}) retries it and its breaker stops calling a billing that keeps failing. Billing unreachable, failing or refusing → 503: a
 * membership is never removed or disabled unchecked. An unknown company or user (404) holds nothing. Without
 * {@code marketplace.account.billing.url} (local runs of account-service alone) only account-service's own assignment
 * records are checked.
 */
@ApplicationScoped
public class BillingClient {
    private static final Logger LOG = Logger.getLogger(BillingClient.class);

    /** What billing reports: subscriptions the user bought in the company, and their current assignments. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Entitlements(long activeSubscriptions, long activeAssignments) {
        public static final Entitlements NONE = new Entitlements(0, 0);
    }

    private final BillingApi billing;
    private final boolean configured;

    public BillingClient(@RestClient BillingApi billing, AccountConfig config) {
        this.billing = billing;
        this.configured = config.billing().url().isPresent();
        if (!configured) {
            LOG.warn("marketplace.account.billing.url is not set: membership removal checks only local assignment records");
        }
    }

    @AsynchronousNonBlocking
    @ApplyGuard(Dependencies.BILLING_IDEMPOTENT)
    @Fallback(fallbackMethod = "unavailable")
    public Uni<Entitlements> entitlements(String partner, UUID company, UUID user) {
        if (!configured) {
            return Uni.createFrom().item(Entitlements.NONE);
        }
        return billing.entitlements(partner, company, user)
                .onFailure(e -> e instanceof ServiceRejection r && r.notFound()).recoverWithItem(Entitlements.NONE);
    }

    Uni<Entitlements> unavailable(String partner, UUID company, UUID user, Throwable failure) {
        LOG.warnf("billing-service entitlements call failed: %s", failure.toString());
        return Uni.createFrom().failure(ServiceUnavailable.of("BILLING_UNAVAILABLE",
                "Billing, which must confirm the member's entitlements,"));
    }
}
