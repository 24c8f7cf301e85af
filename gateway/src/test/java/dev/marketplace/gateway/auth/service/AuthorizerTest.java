package dev.marketplace.gateway.auth.service;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.Optional;
import java.util.Set;

import org.junit.jupiter.api.Test;

import dev.marketplace.common.error.ApiException;
import dev.marketplace.common.security.Roles;
import dev.marketplace.gateway.identity.domain.CallerIdentity;
import io.vertx.core.http.HttpMethod;

/** What a vendor's credentials reach, by OAuth 1.0 signature and by OAuth 2.0 token. */
class AuthorizerTest {
    private static final List<String> VENDOR_PATHS = List.of("/api/integration/", "/api/appwise/", "/api/billing/v1/usage");
    private static final String CONTENT_EVENTS = "/api/appwise/v2/data";

    private static Optional<CallerIdentity> vendor(boolean bearer) {
        return Optional.of(new CallerIdentity("vendor-1", "vendor", "P", Set.of(Roles.VENDOR), null, 1L, false, bearer));
    }

    private static int status(Authorizer authorizer, Optional<CallerIdentity> caller, String path) {
        try {
            authorizer.authorize(caller, HttpMethod.POST, path);
            return 200;
        } catch (ApiException e) {
            return e.status();
        }
    }

    @Test
    void contentEventsTakeAProductScopedTokenNotASignature() {
        Authorizer authorizer = new Authorizer(VENDOR_PATHS, false);
        assertEquals(403, status(authorizer, vendor(false), CONTENT_EVENTS));
        assertEquals(200, status(authorizer, vendor(true), CONTENT_EVENTS));
        // the vendor's other paths take either
        assertEquals(200, status(authorizer, vendor(false), "/api/integration/v1/events/e-1"));
        assertEquals(200, status(authorizer, vendor(false), "/api/billing/v1/usage"));
        assertEquals(403, status(authorizer, vendor(true), "/api/account/v2/companies"));
    }

    @Test
    void theCompatibilitySettingLetsTheSignatureThrough() {
        Authorizer authorizer = new Authorizer(VENDOR_PATHS, true);
        assertEquals(200, status(authorizer, vendor(false), CONTENT_EVENTS));
        assertEquals(200, status(authorizer, vendor(true), CONTENT_EVENTS));
        assertThrows(ApiException.class, () -> authorizer.authorize(Optional.empty(), HttpMethod.POST, CONTENT_EVENTS));
    }
}
