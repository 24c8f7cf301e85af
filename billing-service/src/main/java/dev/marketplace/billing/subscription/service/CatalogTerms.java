package dev.marketplace.billing.subscription.service;

import java.util.List;

import jakarta.enterprise.context.ApplicationScoped;

import dev.marketplace.billing.client.CatalogClient;
import dev.marketplace.billing.subscription.service.SubscriptionInputs.Item;
import dev.marketplace.common.error.ApiException;
import io.smallrye.mutiny.Uni;

/**
 * Checks an order against catalog-service: the product must exist in the caller's marketplace (its vendor integration)
 * and the edition must belong to it; {@link PlanTerms} then checks the plan and the items. Unknown references are 400
 * with the field.
 */
@ApplicationScoped
public class CatalogTerms {
    private final CatalogClient catalog;

    public CatalogTerms(CatalogClient catalog) {
        this.catalog = catalog;
    }

    public Uni<OrderTerms> resolve(String partner, long productId, long editionId, Long planId, List<Item> items,
            String currency) {
        return catalog.integration(partner, productId).chain(integration -> {
            if (integration.isEmpty()) {
                throw ApiException.invalidField("productId", "no product " + productId + " in this marketplace");
            }
            return catalog.edition(partner, productId, editionId).map(edition -> {
                if (edition.isEmpty()) {
                    throw ApiException.invalidField("editionId", "product " + productId + " has no edition " + editionId);
                }
                return PlanTerms.of(integration.get(), edition.get(), planId, items == null ? List.of() : items, currency);
            });
        });
    }
}
