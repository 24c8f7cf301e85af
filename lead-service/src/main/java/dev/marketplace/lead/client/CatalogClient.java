package dev.marketplace.lead.client;

import java.util.List;
import java.util.Optional;

import jakarta.enterprise.context.ApplicationScoped;

import org.eclipse.microprofile.faulttolerance.Fallback;
import org.eclipse.microprofile.rest.client.inject.RestClient;
import org.jboss.logging.Logger;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;

import dev.marketplace.common.client.ServiceRejection;
import dev.marketplace.common.client.ServiceUnavailable;
import dev.marketplace.common.error.ApiException;
import dev.marketplace.common.security.Roles;
import io.smallrye.faulttolerance.api.ApplyGuard;
import io.smallrye.faulttolerance.api.AsynchronousNonBlocking;
import io.smallrye.mutiny.Uni;

/**
 * Asks catalog-service for a product of the marketplace: whether it exists, its name, its developers and whether they
 * may see its leads. Through catalog's idempotent guard ({@link Dependencies}): retried once, and a breaker that stops
 * calling a catalogue that keeps failing; unreachable → 503
 * {@code CATALOG_UNAVAILABLE}. An unknown product is an empty answer.
 */
@ApplicationScoped
public class CatalogClient {
    private static final Logger LOG = Logger.getLogger(CatalogClient.class);

    @JsonIgnoreProperties(ignoreUnknown = true)
    public record CatalogEdition(long id, String name, boolean leadGen) {
    }

    /**
     * A product as catalog-service answers it. Its developers see the product's leads when the product says so
     * ({@code leadsVisibleToDevelopers}, when the catalogue carries it) or, failing that, when one of its editions is a
     * lead-generation edition ({@code leadGen}).
     */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record CatalogProduct(long id, String name, String vendorName, List<String> developers,
            List<CatalogEdition> editions, Boolean leadsVisibleToDevelopers) {

        public boolean developersSeeLeads() {
            if (leadsVisibleToDevelopers != null) {
                return leadsVisibleToDevelopers;
            }
            return editions != null && editions.stream().anyMatch(CatalogEdition::leadGen);
        }

        public List<String> developerIds() {
            return developers == null ? List.of() : developers;
        }
    }

    private final CatalogApi catalog;

    public CatalogClient(@RestClient CatalogApi catalog) {
        this.catalog = catalog;
    }

    @AsynchronousNonBlocking
    @ApplyGuard(Dependencies.CATALOG_IDEMPOTENT)
    @Fallback(fallbackMethod = "unavailable", skipOn = ApiException.class)
    public Uni<Optional<CatalogProduct>> product(String partner, long productId) {
        return catalog.product(partner, Roles.PARTNER_READ, productId).map(Optional::of)
                .onFailure(e -> e instanceof ServiceRejection r && r.notFound()).recoverWithItem(Optional.empty());
    }

    Uni<Optional<CatalogProduct>> unavailable(String partner, long productId, Throwable failure) {
        LOG.warnf("catalog-service product call failed: %s", failure.toString());
        return Uni.createFrom().failure(ServiceUnavailable.of("CATALOG_UNAVAILABLE", "The product catalogue"));
    }
}
