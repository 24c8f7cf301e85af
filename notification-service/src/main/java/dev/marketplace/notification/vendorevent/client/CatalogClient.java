package dev.marketplace.notification.vendorevent.client;

import java.net.URI;
import java.util.LinkedHashMap;
import java.util.Map;

import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import dev.marketplace.common.security.Roles;
import dev.marketplace.common.security.ServiceTokens;
import dev.marketplace.notification.NotificationConfig;
import io.smallrye.mutiny.Uni;
import io.vertx.ext.web.client.WebClientOptions;
import io.vertx.mutiny.core.Vertx;
import io.vertx.mutiny.core.buffer.Buffer;
import io.vertx.mutiny.ext.web.client.HttpResponse;
import io.vertx.mutiny.ext.web.client.WebClient;

/**
 * Reads a product's vendor integration from catalog-service ({@code GET /internal/v1/products/{id}/integration}) with a
 * service token of the event's partner carrying ROLE_SYS_ADMIN, as that internal endpoint requires.
 */
@ApplicationScoped
public class CatalogClient {
    private final WebClient client;
    private final URI base;
    private final long timeoutMillis;
    private final ServiceTokens tokens;
    private final ObjectMapper mapper;

    public CatalogClient(Vertx vertx, NotificationConfig config, ServiceTokens tokens, ObjectMapper mapper) {
        this.base = config.vendor().catalogUrl();
        this.timeoutMillis = config.vendor().catalogTimeout().toMillis();
        this.client = WebClient.create(vertx, new WebClientOptions().setConnectTimeout((int) timeoutMillis)
                .setUserAgent("marketplace-notification-service"));
        this.tokens = tokens;
        this.mapper = mapper;
    }

    /** The vendor side of a product: its credentials and its event URL templates by event type. */
    public record Integration(long productId, String partner, String consumerKey, String consumerSecret,
            Map<String, String> eventUrls, String productName) {
    }

    /** Thrown when the product has no integration (404) or belongs to another marketplace (403): retrying is useless. */
    public static class NotIntegrated extends RuntimeException {
        public NotIntegrated(String message) {
            super(message);
        }
    }

    public Uni<Integration> integration(String partner, long productId) {
        String path = (base.getRawPath() == null ? "" : base.getRawPath().replaceAll("/+$", ""))
                + "/internal/v1/products/" + productId + "/integration";
        return Uni.createFrom().deferred(() -> client.getAbs(base.resolve(path).toString())
                .putHeader("Accept", "application/json")
                .putHeader("Authorization", tokens.bearer(partner, Roles.SYS_ADMIN))
                .timeout(timeoutMillis)
                .send())
                .onFailure().transform(e -> new IllegalStateException("catalog-service unreachable: " + e.getMessage()))
                .map(response -> read(response, productId));
    }

    private Integration read(HttpResponse<Buffer> response, long productId) {
        int status = response.statusCode();
        if (status == 404 || status == 403) {
            throw new NotIntegrated("product " + productId + " has no vendor integration in catalog-service (" + status + ")");
        }
        if (status != 200) {
            throw new IllegalStateException("catalog-service answered " + status);
        }
        JsonNode json;
        try {
            json = mapper.readTree(response.bodyAsString());
        } catch (Exception e) {
            throw new IllegalStateException("catalog-service answer is not JSON");
        }
        Map<String, String> urls = new LinkedHashMap<>();
        json.path("eventUrls").fields().forEachRemaining(f -> {
            if (f.getValue().isTextual() && !f.getValue().asText().isBlank()) {
                urls.put(f.getKey(), f.getValue().asText());
            }
        });
        String key = json.path("consumerKey").asText(null);
        String secret = json.path("consumerSecret").asText(null);
        if (key == null || secret == null) {
            throw new IllegalStateException("catalog-service returned no vendor credentials for product " + productId);
        }
        return new Integration(json.path("productId").asLong(productId), json.path("partner").asText(null), key, secret,
                urls, json.path("name").asText(null));
    }

    @PreDestroy
    void close() {
        client.close();
    }
}
