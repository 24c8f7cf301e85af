package dev.marketplace.billing.config;

import java.net.URI;

import io.smallrye.config.ConfigMapping;

@ConfigMapping(prefix = "marketplace.billing")
public interface BillingConfig {
    /** Public base URL of the marketplace (the gateway); event and return URLs given to vendors start with it. */
    URI baseUrl();

    Catalog catalog();

    interface Catalog {
        /** Base URL of catalog-service (the REST client {@code client.CatalogApi} calls it). */
        URI url();
    }
}
