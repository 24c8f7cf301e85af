package dev.marketplace.notification.client;

import java.util.LinkedHashMap;
import java.util.Map;

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
 * Reads a product's vendor integration (credentials and event URLs) from catalog-service. The call is a GET, through
 * catalog's idempotent guard ({@link Dependencies}): retried (but not into an open breaker), and a breaker stops
 * calling a catalogue that keeps failing. A product the catalogue does not know or that
 * belongs to another marketplace (404, 403) fails with {@link NotIntegrated}: retrying cannot help. Catalogue
 * unreachable or failing → {@code 503 CATALOG_UNAVAILABLE}, which the dispatcher treats as a failed attempt (retried
 * with backoff). The timeout is {@code CATALOG_TIMEOUT_MS}.
 */
@ApplicationScoped
public class CatalogClient {
    private static final Logger LOG = Logger.getLogger(CatalogClient.class);

    /** The vendor side of a product, as catalog-service's internal view has it. Never stored: it holds a secret. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Integration(long productId, String partner, String consumerKey, String consumerSecret,
            Map<String, String> eventUrls, String name) {

        /** The event URL template of an event type; null when none is configured. */
        public String eventUrl(String eventType) {
            String url = eventUrls == null ? null : eventUrls.get(eventType);
            return url == null || url.isBlank() ? null : url;
        }

        @Override
        public String toString() {
            return "Integration[productId=" + productId + ", consumerKey=" + consumerKey + ", eventUrls="
                    + (eventUrls == null ? Map.of() : new LinkedHashMap<>(eventUrls)) + "]";
        }
    }

    /**
     * The product has no integration (404) or belongs to another marketplace (403): a rejection, so neither retried nor
     * counted by the breaker.
     */
    public static class NotIntegrated extends ServiceRejection {
        private final String reason;

        public NotIntegrated(int status, String reason) {
            super(status);
            this.reason = reason;
        }

        @Override
        public String getMessage() {
            return reason;
        }
    }

    private final CatalogApi catalog;

    public CatalogClient(@RestClient CatalogApi catalog) {
        this.catalog = catalog;
    }

    @AsynchronousNonBlocking
    @ApplyGuard(Dependencies.CATALOG_IDEMPOTENT)
    @Fallback(fallbackMethod = "unavailable", skipOn = ServiceRejection.class)
    public Uni<Integration> integration(String partner, long productId) {
        return catalog.integration(partner, productId)
                .onFailure(ServiceRejection.class).transform(e -> {
                    int status = ((ServiceRejection) e).status();
                    return status == 404 || status == 403
                            ? new NotIntegrated(status, "product " + productId + " has no vendor integration in catalog-service ("
                                    + status + ")")
                            : e;
                })
                .invoke(integration -> {
                    if (integration.consumerKey() == null || integration.consumerSecret() == null) {
                        throw new NotIntegrated(404, "catalog-service returned no vendor credentials for product " + productId);
                    }
                });
    }

    Uni<Integration> unavailable(String partner, long productId, Throwable failure) {
        LOG.warnf("catalog-service integration lookup of product %d failed: %s", productId, failure.toString());
        return Uni.createFrom().failure(ServiceUnavailable.of("CATALOG_UNAVAILABLE",
                "The product catalogue, which holds the vendor's credentials,"));
    }
}
