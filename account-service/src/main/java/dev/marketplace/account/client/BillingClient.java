package dev.marketplace.account.client;

import java.net.URI;
import java.util.UUID;

import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;

import org.jboss.logging.Logger;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import dev.marketplace.account.AccountConfig;
import dev.marketplace.common.error.ApiException;
import dev.marketplace.common.security.Roles;
import dev.marketplace.common.security.ServiceTokens;
import io.quarkus.runtime.Startup;
import io.smallrye.mutiny.Uni;
import io.vertx.ext.web.client.WebClientOptions;
import io.vertx.mutiny.core.Vertx;
import io.vertx.mutiny.core.buffer.Buffer;
import io.vertx.mutiny.ext.web.client.HttpResponse;
import io.vertx.mutiny.ext.web.client.WebClient;

/**
 * Asks billing-service whether a member still holds entitlements in a company
 * ({@code GET /internal/v1/companies/{companyUuid}/users/{userUuid}/entitlements}, service token of the partner with
 * ROLE_SYS_ADMIN). Billing unreachable or failing → 503: a membership is never removed or disabled unchecked. Without
 * {@code marketplace.account.billing.url} (local runs) only account-service's own assignment records are checked.
 */
@ApplicationScoped
@Startup
public class BillingClient {
    private static final Logger LOG = Logger.getLogger(BillingClient.class);

    /** What billing reports: subscriptions the user bought in the company, and their current assignments. */
    public record Entitlements(long activeSubscriptions, long activeAssignments) {
        public static final Entitlements NONE = new Entitlements(0, 0);
    }

    private final WebClient client;
    private final URI base;
    private final long timeoutMillis;
    private final ServiceTokens tokens;
    private final ObjectMapper mapper;

    public BillingClient(Vertx vertx, AccountConfig config, ServiceTokens tokens, ObjectMapper mapper) {
        this.base = config.billing().url().orElse(null);
        this.timeoutMillis = config.billing().timeout().toMillis();
        this.client = WebClient.create(vertx, new WebClientOptions().setConnectTimeout((int) timeoutMillis));
        this.tokens = tokens;
        this.mapper = mapper;
        if (base == null) {
            LOG.warn("marketplace.account.billing.url is not set: membership removal checks only local assignment records");
        }
    }

    public Uni<Entitlements> entitlements(String partner, UUID company, UUID user) {
        if (base == null) {
            return Uni.createFrom().item(Entitlements.NONE);
        }
        String basePath = base.getRawPath() == null ? "" : base.getRawPath().replaceAll("/+$", "");
        String path = basePath + "/internal/v1/companies/" + company + "/users/" + user + "/entitlements";
        return Uni.createFrom().deferred(() -> client.getAbs(base.resolve(path).toString())
                .putHeader("Accept", "application/json")
                .putHeader("Authorization", tokens.bearer(partner, Roles.SYS_ADMIN))
                .timeout(timeoutMillis)
                .send())
                .onFailure().retry().atMost(1)
                .onFailure().transform(e -> {
                    LOG.warnf("billing-service entitlements call failed: %s", e.toString());
                    return unavailable();
                })
                .map(this::read);
    }

    private Entitlements read(HttpResponse<Buffer> response) {
        if (response.statusCode() == 404) {
            return Entitlements.NONE; // billing knows nothing of this company or user
        }
        if (response.statusCode() != 200) {
            LOG.warnf("billing-service entitlements answered %d", response.statusCode());
            throw unavailable();
        }
        try {
            JsonNode body = mapper.readTree(response.bodyAsString());
            return new Entitlements(body.path("activeSubscriptions").asLong(), body.path("activeAssignments").asLong());
        } catch (Exception e) {
            throw unavailable();
        }
    }

    private static ApiException unavailable() {
        return new ApiException(503, "BILLING_UNAVAILABLE",
                "Entitlements cannot be checked right now (billing unreachable); try again later");
    }

    @PreDestroy
    void close() {
        client.close();
    }
}
