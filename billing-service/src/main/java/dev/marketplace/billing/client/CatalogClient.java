package dev.marketplace.billing.client;

import java.net.URI;

import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;

import org.jboss.logging.Logger;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import dev.marketplace.billing.config.BillingConfig;
import dev.marketplace.common.error.ApiException;
import dev.marketplace.common.security.Roles;
import dev.marketplace.common.security.ServiceTokens;
import io.smallrye.mutiny.Uni;
import io.vertx.ext.web.client.WebClientOptions;
import io.vertx.mutiny.core.Vertx;
import io.vertx.mutiny.ext.web.client.HttpResponse;
import io.vertx.mutiny.ext.web.client.WebClient;

/**
 * Reads products from catalog-service with a service token of the caller's partner (ROLE_SYS_ADMIN, as the internal
 * endpoint requires): the vendor integration of a product and an edition. Every call has a timeout; GETs are idempotent
 * and retried once on a connection failure. Unknown (404) or of another marketplace (403) → {@code null}; catalog unreachable or failing → 503.
 */
@ApplicationScoped
public class CatalogClient {
    private static final Logger LOG = Logger.getLogger(CatalogClient.class);

    private final WebClient client;
    private final URI base;
    private final long timeoutMillis;
    private final ServiceTokens tokens;
    private final ObjectMapper mapper;

    public CatalogClient(Vertx vertx, BillingConfig config, ServiceTokens tokens, ObjectMapper mapper) {
        this.base = config.catalog().url();
        this.timeoutMillis = config.catalog().timeout().toMillis();
        this.client = WebClient.create(vertx, new WebClientOptions().setConnectTimeout((int) timeoutMillis));
        this.tokens = tokens;
        this.mapper = mapper;
    }

    /** {@code GET /internal/v1/products/{productId}/integration}: consumer key/secret, event URLs, interactive, name. */
    public Uni<JsonNode> integration(String partner, long productId) {
        return get(partner, "/internal/v1/products/" + productId + "/integration");
    }

    /** {@code GET /api/marketplace/v1/products/{productId}/editions/{editionId}} (spec edition shape, with plans). */
    public Uni<JsonNode> edition(String partner, long productId, long editionId) {
        return get(partner, "/api/marketplace/v1/products/" + productId + "/editions/" + editionId);
    }

    private Uni<JsonNode> get(String partner, String path) {
        String basePath = base.getRawPath() == null ? "" : base.getRawPath().replaceAll("/+$", "");
        return Uni.createFrom().deferred(() -> client.getAbs(base.resolve(basePath + path).toString())
                .putHeader("Accept", "application/json")
                .putHeader("Authorization", tokens.bearer(partner, Roles.SYS_ADMIN))
                .timeout(timeoutMillis)
                .send())
                .onFailure(e -> !(e instanceof ApiException)).retry().atMost(1)
                .onFailure(e -> !(e instanceof ApiException)).transform(e -> {
                    LOG.warnf("catalog-service call %s failed: %s", path, e.toString());
                    return unavailable();
                })
                .map(this::body);
    }

    private JsonNode body(HttpResponse<io.vertx.mutiny.core.buffer.Buffer> response) {
        if (response.statusCode() == 404 || response.statusCode() == 403) {
            return null;
        }
        if (response.statusCode() != 200) {
            LOG.warnf("catalog-service answered %d", response.statusCode());
            throw unavailable();
        }
        try {
            return mapper.readTree(response.bodyAsString());
        } catch (Exception e) {
            throw unavailable();
        }
    }

    private static ApiException unavailable() {
        return new ApiException(503, "CATALOG_UNAVAILABLE", "The product catalogue cannot be reached; try again later");
    }

    @PreDestroy
    void close() {
        client.close();
    }
}
