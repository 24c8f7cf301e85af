package dev.marketplace.billing.client;

import java.util.Optional;

import jakarta.enterprise.context.ApplicationScoped;

import org.eclipse.microprofile.faulttolerance.CircuitBreaker;
import org.eclipse.microprofile.faulttolerance.Fallback;
import org.eclipse.microprofile.faulttolerance.Retry;
import org.eclipse.microprofile.faulttolerance.Timeout;
import org.eclipse.microprofile.rest.client.inject.RestClient;
import org.jboss.logging.Logger;

import dev.marketplace.billing.client.CatalogApi.Edition;
import dev.marketplace.billing.client.CatalogApi.Integration;
import dev.marketplace.billing.client.CatalogApi.Plan;
import dev.marketplace.common.client.ServiceRejection;
import dev.marketplace.common.client.ServiceUnavailable;
import io.smallrye.faulttolerance.api.AsynchronousNonBlocking;
import io.smallrye.mutiny.Uni;

/**
 * Reads products from catalog-service for a marketplace. Reads are retried once and share a breaker; an unknown product
 * or one of another marketplace (404, 403) is empty; catalog unreachable, failing or refusing otherwise → 503
 * CATALOG_UNAVAILABLE. Signing a URL is not retried (it is not a read), but it has the same timeout and fallback.
 */
@ApplicationScoped
public class CatalogClient {
    private static final Logger LOG = Logger.getLogger(CatalogClient.class);

    private final CatalogApi catalog;

    public CatalogClient(@RestClient CatalogApi catalog) {
        this.catalog = catalog;
    }

    @AsynchronousNonBlocking
    @Timeout(3000)
    @Retry(maxRetries = 1, delay = 100, abortOn = ServiceRejection.class)
    @CircuitBreaker(requestVolumeThreshold = 10, failureRatio = 0.5, delay = 10_000, successThreshold = 2,
            skipOn = ServiceRejection.class)
    @Fallback(fallbackMethod = "integrationUnavailable")
    public Uni<Optional<Integration>> integration(String partner, long productId) {
        return absentWhenUnknown(catalog.integration(partner, productId, false));
    }

    @AsynchronousNonBlocking
    @Timeout(3000)
    @Retry(maxRetries = 1, delay = 100, abortOn = ServiceRejection.class)
    @CircuitBreaker(requestVolumeThreshold = 10, failureRatio = 0.5, delay = 10_000, successThreshold = 2,
            skipOn = ServiceRejection.class)
    @Fallback(fallbackMethod = "editionUnavailable")
    public Uni<Optional<Edition>> edition(String partner, long productId, long editionId) {
        return absentWhenUnknown(catalog.edition(partner, productId, editionId));
    }

    @AsynchronousNonBlocking
    @Timeout(3000)
    @Retry(maxRetries = 1, delay = 100, abortOn = ServiceRejection.class)
    @CircuitBreaker(requestVolumeThreshold = 10, failureRatio = 0.5, delay = 10_000, successThreshold = 2,
            skipOn = ServiceRejection.class)
    @Fallback(fallbackMethod = "planUnavailable")
    public Uni<Optional<Plan>> plan(String partner, long productId, long editionId, long planId) {
        return absentWhenUnknown(catalog.plan(partner, productId, editionId, planId));
    }

    /** The vendor URL signed by catalog with the product's credentials (OAuth 1.0 query parameters). */
    @AsynchronousNonBlocking
    @Timeout(3000)
    @CircuitBreaker(requestVolumeThreshold = 10, failureRatio = 0.5, delay = 10_000, successThreshold = 2,
            skipOn = ServiceRejection.class)
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
