package dev.marketplace.gateway.openapi.service;

import java.time.Duration;
import java.util.List;
import java.util.Optional;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

/** Where the combined OpenAPI document of the public API comes from. */
@ConfigMapping(prefix = "marketplace.openapi")
public interface OpenApiSources {
    /**
     * {@code name=url} of each OpenAPI document to combine, in order, e.g.
     * {@code gateway=http://localhost:9000/q/openapi,account=http://account-service:9000/q/openapi}. A document that
     * cannot be read is left out (and named in {@code x-unavailable}) until the next refresh.
     */
    Optional<List<String>> sources();

    /** How long a combined document is served before the sources are read again. */
    @WithDefault("5m")
    Duration refreshAfter();

    /** How long one source may take to answer. */
    @WithDefault("5s")
    Duration timeout();

    /** The public URL of the API (the gateway), the document's server. */
    @WithDefault("${marketplace.public-base-url:${MARKETPLACE_PUBLIC_BASE_URL:http://localhost:8080}}")
    String publicBaseUrl();
}
