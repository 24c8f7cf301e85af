package dev.marketplace.catalog.bundle.service;

import jakarta.enterprise.context.ApplicationScoped;

import org.jboss.logging.Logger;

import dev.marketplace.catalog.client.BillingClient;
import io.quarkus.cache.CacheResult;
import io.smallrye.mutiny.Uni;

/**
 * billing's discounts of a marketplace as its storefront shows them, indexed by product and kept for a short while
 * ({@code quarkus.cache.caffeine."storefront-discounts".expire-after-write}, 30 s): every listing page needs them, and
 * asking billing on each request added its calls (one per 1,000 discounts) and their parsing to every page; indexing
 * them on each page cost a pass over up to 10,000 discounts. A failed lookup is not kept: the page goes without
 * discount details ({@link #orNone}) and the next one asks billing again.
 */
@ApplicationScoped
public class StorefrontDiscounts {
    public static final String CACHE = "storefront-discounts";
    private static final Logger LOG = Logger.getLogger(StorefrontDiscounts.class);

    private final BillingClient billing;

    public StorefrontDiscounts(BillingClient billing) {
        this.billing = billing;
    }

    /** The marketplace's discounts by product; fails when billing cannot say (nothing is cached then). */
    @CacheResult(cacheName = CACHE)
    Uni<StartingPrices.Offered> of(String partner) {
        return billing.discounts(partner).map(StartingPrices.Offered::of);
    }

    /** A listing stands without discount details when billing cannot say. */
    static Uni<StartingPrices.Offered> orNone(Uni<StartingPrices.Offered> discounts) {
        return discounts.onFailure().recoverWithItem(failure -> {
            LOG.warnf("billing-service discounts call failed, listing without discount details: %s", failure.toString());
            return StartingPrices.Offered.NONE;
        });
    }
}
