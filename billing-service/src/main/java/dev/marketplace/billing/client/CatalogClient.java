package dev.marketplace.billing.client;

import java.util.Optional;

import jakarta.enterprise.context.ApplicationScoped;

import org.eclipse.microprofile.faulttolerance.Fallback;
import org.eclipse.microprofile.rest.client.inject.RestClient;
import org.jboss.logging.Logger;

import dev.marketplace.billing.client.CatalogApi.Edition;
import dev.marketplace.billing.client.CatalogApi.Integration;
import dev.marketplace.billing.client.CatalogApi.Plan;
import dev.marketplace.common.client.ServiceRejection;
import dev.marketplace.common.client.ServiceUnavailable;
import io.smallrye.faulttolerance.api.ApplyGuard;
import io.smallrye.faulttolerance.api.AsynchronousNonBlocking;
import io.smallrye.mutiny.Uni;

/**
 * Reads products from catalog-service for a marketplace. Reads go through catalog's idempotent guard
 * ({@link Dependencies}): retried once, and one breaker for all of them. An unknown product or one of another
 * marketplace (404, 403) is empty; catalog unreachable, failing or refusing otherwise → 503 CATALOG_UNAVAILABLE.
 * Signing a URL is not a read: its guard never retries it, with the same timeout and breaker numbers, and the same
 * fallback.
 */
@ApplicationScoped
public class CatalogClient {
    private static final Logger LOG = Logger.getLogger(CatalogClient.class);

    private final CatalogApi catalog;

    public CatalogClient(@RestClient CatalogApi catalog) {
        this.catalog = catalog;
    }

    @AsynchronousNonBlocking
    @ApplyGuard(Dependencies.CATALOG_IDEMPOTENT)
    @Fallback(fallbackMethod = "integrationUnavailable")
    public Uni<Optional<Integration>> integration(String partner, long productId) {
        return absentWhenUnknown(catalog.integration(partner, productId));
    }

    @AsynchronousNonBlocking
    @ApplyGuard(Dependencies.CATALOG_IDEMPOTENT)
    @Fallback(fallbackMethod = "editionUnavailable")
    public Uni<Optional<Edition>> edition(String partner, long productId, long editionId) {
        return absentWhenUnknown(catalog.edition(partner, productId, editionId));
    }

    @AsynchronousNonBlocking
    @ApplyGuard(Dependencies.CATALOG_IDEMPOTENT)
    @Fallback(fallbackMethod = "planUnavailable")
    public Uni<Optional<Plan>> plan(String partner, long productId, long editionId, long planId) {
        return absentWhenUnknown(catalog.plan(partner, productId, editionId, planId));
    }

    /** The vendor URL signed by catalog with the product's credentials (OAuth 1.0 query parameters). */
    @AsynchronousNonBlocking
    @ApplyGuard(Dependencies.CATALOG_NON_IDEMPOTENT)
    @Fallback(fallbackMethod = "signUnavailable")
    public Uni<String> signedUrl(String partner, long productId, String method, String url) {
        return catalog.sign(partner, productId, new CatalogApi.SignRequest(method, url)).map(CatalogApi.SignedUrl::url);
    }

    private static <T> Uni<Optional<T>> absentWhenUnknown(Uni<T> call) {
        return call.map(Optional::ofNullable).onFailure(e -> e instanceof ServiceRejection r && (r.notFound() || r.status() == 403))
                .recoverWithItem(Optional.empty());
    }

    Uni<Optional<Integration>> integrationUnavailable(String partner, long productId, Throwable failure) {
        return unavailable(failure);
    }

    Uni<Optional<Edition>> editionUnavailable(String partner, long productId, long editionId, Throwable failure) {
        return unavailable(failure);
    }

    Uni<Optional<Plan>> planUnavailable(String partner, long productId, long editionId, long planId, Throwable failure) {
        return unavailable(failure);
    }

    Uni<String> signUnavailable(String partner, long productId, String method, String url, Throwable failure) {
        return unavailable(failure);
    }

    private static <T> Uni<T> unavailable(Throwable failure) {
        LOG.warnf("catalog-service call failed: %s", failure.toString());
        return Uni.createFrom().failure(ServiceUnavailable.of("CATALOG_UNAVAILABLE", "The product catalogue"));
    }
}
