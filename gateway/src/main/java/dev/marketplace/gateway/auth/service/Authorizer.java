package dev.marketplace.gateway.auth.service;

import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import dev.marketplace.common.error.ApiException;
import dev.marketplace.gateway.config.GatewayConfig;
import dev.marketplace.gateway.consumer.domain.ConsumerType;
import dev.marketplace.gateway.identity.domain.CallerIdentity;
import dev.marketplace.gateway.marketplace.service.DisabledMarketplaces;
import io.vertx.core.http.HttpMethod;

/**
 * What the gateway decides about an authenticated caller on its own, before any service sees the call: vendor
 * credentials only reach their own paths (the configured vendor path prefixes), content events only with the
 * product's OAuth 2.0 token, and read-only tokens only read. The platform operator signs the marketplaces API
 * ({@value #PLATFORM_PREFIX}) and calls nothing else, and nobody else calls that API; every consumer of a disabled
 * marketplace is refused (a look into memory, see DisabledMarketplaces).
 */
@ApplicationScoped
public class Authorizer {
    /** Content events (catalog-service): the spec takes a product-scoped OAuth 2.0 token there, not a signature. */
    static final String CONTENT_EVENTS_PREFIX = "/api/appwise/";

    /** The platform operator's API (the marketplaces), served by the gateway itself. */
    public static final String PLATFORM_PREFIX = "/api/platform/";
    private static final String PLATFORM = ConsumerType.PLATFORM.claim();

    private final List<String> vendorPrefixes;
    private final boolean oauth1ContentEvents;
    private final Predicate<String> disabledPartner;

    @Inject
    public Authorizer(GatewayConfig config, DisabledMarketplaces disabled) {
        this(config.vendorCredentials().allowedPrefixes(), config.vendorCredentials().oauth1ContentEvents(), disabled::isDisabled);
    }

    Authorizer(List<String> vendorPrefixes, boolean oauth1ContentEvents) {
        this(vendorPrefixes, oauth1ContentEvents, partner -> false);
    }

    Authorizer(List<String> vendorPrefixes, boolean oauth1ContentEvents, Predicate<String> disabledPartner) {
        this.vendorPrefixes = vendorPrefixes;
        this.oauth1ContentEvents = oauth1ContentEvents;
        this.disabledPartner = disabledPartner;
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
        boolean operator = PLATFORM.equals(c.consumerType());
        if (operator != path.startsWith(PLATFORM_PREFIX) || (operator && c.bearer())) {
            // the operator belongs to no marketplace: it reaches the marketplaces API alone, signing, and only it does
            throw ApiException.forbidden();
        }
        if (disabledPartner.test(c.partner())) {
            throw ApiException.forbidden();
        }
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
