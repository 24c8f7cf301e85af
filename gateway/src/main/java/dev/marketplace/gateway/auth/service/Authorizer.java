package dev.marketplace.gateway.auth.service;

import java.util.List;
import java.util.Optional;

import jakarta.enterprise.context.ApplicationScoped;

import dev.marketplace.common.error.ApiException;
import dev.marketplace.gateway.config.GatewayConfig;
import dev.marketplace.gateway.identity.domain.CallerIdentity;
import io.vertx.core.http.HttpMethod;

/**
 * What the gateway decides about an authenticated caller on its own, before any service sees the call: vendor
 * credentials only reach their own paths (the configured vendor path prefixes), and read-only tokens only read.
 */
@ApplicationScoped
public class Authorizer {
    private final List<String> vendorPrefixes;

    public Authorizer(GatewayConfig config) {
        this.vendorPrefixes = config.vendorCredentials().allowedPrefixes();
    }

    /** The caller, when it may make this call; 403 otherwise (no caller, a vendor off its paths, a read-only write). */
    public CallerIdentity authorize(Optional<CallerIdentity> caller, HttpMethod method, String path) {
        if (caller.isEmpty()) {
            throw ApiException.forbidden();
        }
        CallerIdentity c = caller.get();
        if (c.isVendor() && vendorPrefixes.stream().noneMatch(path::startsWith)) {
            throw ApiException.forbidden();
        }
        if (c.readOnly() && method != HttpMethod.GET && method != HttpMethod.HEAD) {
            throw ApiException.forbidden();
        }
        return c;
    }
}
