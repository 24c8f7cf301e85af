package dev.marketplace.gateway.auth.service;

import java.util.List;
import java.util.Optional;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import dev.marketplace.common.error.ApiException;
import dev.marketplace.gateway.config.GatewayConfig;
import dev.marketplace.gateway.identity.domain.CallerIdentity;
import io.vertx.core.http.HttpMethod;

/**
 * What the gateway decides about an authenticated caller on its own, before any service sees the call: vendor
 * credentials only reach their own paths (the configured vendor path prefixes), content events only with the
 * product's OAuth 2.0 token, and read-only tokens only read.
 */
@ApplicationScoped
public class Authorizer {
    /** Content events (catalog-service): the spec takes a product-scoped OAuth 2.0 token there, not a signature. */
    static final String CONTENT_EVENTS_PREFIX = "/api/appwise/";

    private final List<String> vendorPrefixes;
    private final boolean oauth1ContentEvents;

    @Inject
    public Authorizer(GatewayConfig config) {
        this(config.vendorCredentials().allowedPrefixes(), config.vendorCredentials().oauth1ContentEvents());
    }

    Authorizer(List<String> vendorPrefixes, boolean oauth1ContentEvents) {
        this.vendorPrefixes = vendorPrefixes;
        this.oauth1ContentEvents = oauth1ContentEvents;
    }

    /**
     * The caller, when it may make this call; 403 otherwise (no caller, a vendor off its paths or signing content
     * events, a read-only write).
     */
    public CallerIdentity authorize(Optional<CallerIdentity> caller, HttpMethod method, String path) {
        if (caller.isEmpty()) {
            throw ApiException.forbidden();
        }
        CallerIdentity c = caller.get();
        if (c.isVendor() && (vendorPrefixes.stream().noneMatch(path::startsWith)
                // the internal token does not say how the vendor authenticated: only here can the signature be told
                || (!c.bearer() && !oauth1ContentEvents && path.startsWith(CONTENT_EVENTS_PREFIX)))) {
            throw ApiException.forbidden();
        }
        if (c.readOnly() && method != HttpMethod.GET && method != HttpMethod.HEAD) {
            throw ApiException.forbidden();
        }
        return c;
    }
}
