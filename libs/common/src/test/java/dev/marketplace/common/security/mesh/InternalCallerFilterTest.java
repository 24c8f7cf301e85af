package dev.marketplace.common.security.mesh;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.util.Map;
import java.util.Optional;

import jakarta.ws.rs.container.ResourceInfo;
import jakarta.ws.rs.core.UriInfo;

import org.eclipse.microprofile.jwt.JsonWebToken;
import org.jose4j.jwt.JwtClaims;
import org.junit.jupiter.api.Test;

import dev.marketplace.common.error.ApiException;
import dev.marketplace.common.security.Caller;
import dev.marketplace.common.security.InternalToken;
import io.quarkus.oidc.runtime.OidcJwtCallerPrincipal;
import io.quarkus.security.runtime.QuarkusSecurityIdentity;

/** An internal endpoint takes the service tokens of the issuers it names only; an undeclared one takes nobody. */
class InternalCallerFilterTest {
    private static final MeshTokenConfig CONFIG = new MeshTokenConfig() {
        @Override
        public Optional<String> issuer() {
            return Optional.empty();
        }

        @Override
        public Optional<String> privateKey() {
            return Optional.empty();
        }

        @Override
        public Map<String, Peer> peers() {
            return Map.of("billing", peer(Optional.empty(), Optional.of("key")),
                    "notification", peer(Optional.of("notifier-issuer"), Optional.of("key")),
                    "lead", peer(Optional.empty(), Optional.of(" ")));
        }
    };

    private static MeshTokenConfig.Peer peer(Optional<String> issuer, Optional<String> key) {
        return new MeshTokenConfig.Peer() {
            @Override
            public Optional<String> issuer() {
                return issuer;
            }

            @Override
            public Optional<String> publicKey() {
                return key;
            }
        };
    }

    @InternalCallers("billing")
    static class Resource {
        public void billingsOfAMarketplace() {
        }

        @InternalCallers(value = InternalCallers.GATEWAY, perMarketplace = false)
        public void gatewaysAcrossMarketplaces() {
        }
    }

    static class Undeclared {
        public void anything() {
        }
    }

    private static Caller caller(String issuer, String consumerType, String partner) {
        JwtClaims claims = new JwtClaims();
        claims.setIssuer(issuer);
        claims.setClaim(InternalToken.CONSUMER_TYPE, consumerType);
        if (partner != null) {
            claims.setClaim(InternalToken.PARTNER, partner);
        }
        JsonWebToken unused = (JsonWebToken) Proxy.newProxyInstance(InternalCallerFilterTest.class.getClassLoader(),
                new Class<?>[] { JsonWebToken.class }, (proxy, method, args) -> null);
        return new Caller(QuarkusSecurityIdentity.builder().setPrincipal(new OidcJwtCallerPrincipal(claims, null)).build(),
                unused);
    }

    private static void check(Caller caller, Class<?> resource, String method, String path) throws Exception {
        Method m = resource.getMethod(method);
        ResourceInfo info = (ResourceInfo) Proxy.newProxyInstance(InternalCallerFilterTest.class.getClassLoader(),
                new Class<?>[] { ResourceInfo.class }, (proxy, called, args) -> called.getName().equals("getResourceMethod")
                        ? m : resource);
        UriInfo uri = (UriInfo) Proxy.newProxyInstance(InternalCallerFilterTest.class.getClassLoader(),
                new Class<?>[] { UriInfo.class }, (proxy, called, args) -> path);
        new InternalCallerFilter(caller, CONFIG).check(info, uri);
    }

    private static void refused(Caller caller, Class<?> resource, String method, String path) {
        ApiException refused = assertThrows(ApiException.class, () -> check(caller, resource, method, path));
        assertEquals(403, refused.status());
    }

    @Test
    void aDeclaredEndpointTakesItsCallersServiceTokensOnly() throws Exception {
        String path = "/internal/v1/x";
        assertDoesNotThrow(() -> check(caller("marketplace-billing", "service", "ACME"), Resource.class,
                "billingsOfAMarketplace", path));
        // another peer, the gateway, a consumer's token under the peer's issuer, a token naming no marketplace
        refused(caller("notifier-issuer", "service", "ACME"), Resource.class, "billingsOfAMarketplace", path);
        refused(caller(InternalToken.ISSUER, "service", "ACME"), Resource.class, "billingsOfAMarketplace", path);
        refused(caller("marketplace-billing", "channel", "ACME"), Resource.class, "billingsOfAMarketplace", path);
        refused(caller("marketplace-billing", "service", null), Resource.class, "billingsOfAMarketplace", path);
        // the method's declaration wins over its class's; across marketplaces, no partner is needed
        assertDoesNotThrow(() -> check(caller(InternalToken.ISSUER, "service", null), Resource.class,
                "gatewaysAcrossMarketplaces", path));
        refused(caller("marketplace-billing", "service", "ACME"), Resource.class, "gatewaysAcrossMarketplaces", path);
    }

    @Test
    void anUndeclaredInternalEndpointTakesNobodyAndOtherEndpointsAreLeftAlone() throws Exception {
        refused(caller(InternalToken.ISSUER, "service", "ACME"), Undeclared.class, "anything", "/internal/v1/x");
        refused(caller(InternalToken.ISSUER, "service", "ACME"), Undeclared.class, "anything", "internal/v1/x");
        assertDoesNotThrow(() -> check(caller(InternalToken.ISSUER, "channel", "ACME"), Undeclared.class, "anything",
                "/api/v1/x"));
    }

    @Test
    void callersAreNamedByTheIssuersOfTheGatewayAndOfEachPeerWithAKey() {
        assertEquals(Map.of(InternalToken.ISSUER, "gateway", "marketplace-billing", "billing", "notifier-issuer", "notification"),
                InternalCallerFilter.namesByIssuer(CONFIG));
    }
}
