package dev.marketplace.billing.config;

import java.net.URI;
import java.time.Duration;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

@ConfigMapping(prefix = "marketplace.billing")
public interface BillingConfig {
    /** Public base URL of the marketplace (the gateway); event and return URLs given to vendors start with it. */
    URI baseUrl();

    Catalog catalog();

    /** Accepted distance between a return URL's oauth_timestamp and now. */
    @WithDefault("300s")
    Duration returnSignatureWindow();

    interface Catalog {
        /** Base URL of catalog-service. */
        URI url();

        /** Timeout of every call to catalog-service. */
        Duration timeout();
    }
}
