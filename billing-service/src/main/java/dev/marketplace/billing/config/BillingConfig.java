package dev.marketplace.billing.config;

import java.net.URI;
import java.time.Duration;

import io.smallrye.config.ConfigMapping;

@ConfigMapping(prefix = "marketplace.billing")
public interface BillingConfig {
    /** Public base URL of the marketplace (the gateway); event and return URLs given to vendors start with it. */
    URI baseUrl();

    Catalog catalog();

    interface Catalog {
        /** Base URL of catalog-service. */
        URI url();

        /** Timeout of every call to catalog-service. */
        Duration timeout();
    }
}
