package dev.marketplace.common.security.mesh;

import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.container.ResourceInfo;
import jakarta.ws.rs.core.UriInfo;

import org.jboss.resteasy.reactive.server.ServerRequestFilter;

import dev.marketplace.common.error.ApiException;
import dev.marketplace.common.security.Caller;
import dev.marketplace.common.security.InternalToken;
import io.quarkus.arc.properties.UnlessBuildProperty;

/**
 * Enforces {@link InternalCallers} on every request matched to a resource method: a declared endpoint takes only
 * service tokens of the issuers it names (and, per marketplace, only tokens that name a partner); an endpoint under
 * {@code /internal/} that declares nothing takes no one. Runs after authentication, before the body is read. Only the
 * gateway, which has no Caller and whose one internal endpoint is public, turns it off
 * ({@code marketplace.internal-callers.enabled=false}, a build property; testkit MeshTrust refuses it in a service).
 */
@UnlessBuildProperty(name = InternalCallerFilter.ENABLED, stringValue = "false", enableIfMissing = true)
public class InternalCallerFilter {
    static final String INTERNAL_PREFIX = "internal/";
    public static final String ENABLED = "marketplace.internal-callers.enabled";

    private final Caller caller;
    /** Issuer of a trusted service token -> the caller's name: the gateway's and each configured peer's. */
    private final Map<String, String> namesByIssuer;
    private final Map<Method, Optional<InternalCallers>> declarations = new ConcurrentHashMap<>();

    public InternalCallerFilter(Caller caller, MeshTokenConfig config) {
        this.caller = caller;
        this.namesByIssuer = namesByIssuer(config);
    }

    static Map<String, String> namesByIssuer(MeshTokenConfig config) {
        Map<String, String> names = new HashMap<>();
        names.put(InternalToken.ISSUER, InternalCallers.GATEWAY);
        PeerTokenIdentityProvider.trustedPeers(config).forEach((name, peer) -> names.put(peer.issuer(), name));
        return names;
    }

    @ServerRequestFilter(priority = Priorities.AUTHORIZATION)
    public void check(ResourceInfo resource, UriInfo uri) {
        Method method = resource.getResourceMethod();
        Optional<InternalCallers> declared = method == null ? Optional.empty()
                : declarations.computeIfAbsent(method, m -> declared(resource.getResourceClass(), m));
        if (declared.isEmpty()) {
            String path = uri.getPath();
            if ((path.startsWith("/") ? path.substring(1) : path).startsWith(INTERNAL_PREFIX)) {
                throw ApiException.forbidden();
            }
            return;
        }
        String name = caller.isService() ? namesByIssuer.get(caller.issuer()) : null;
        if (!allows(declared.get(), name, caller.partnerIfAny().isPresent())) {
            throw ApiException.forbidden();
        }
    }

    /** The method's declaration, else its class's. */
    static Optional<InternalCallers> declared(Class<?> resourceClass, Method method) {
        InternalCallers onMethod = method.getAnnotation(InternalCallers.class);
        if (onMethod != null) {
            return Optional.of(onMethod);
        }
        return Optional.ofNullable(resourceClass == null ? method.getDeclaringClass().getAnnotation(InternalCallers.class)
                : resourceClass.getAnnotation(InternalCallers.class));
    }

    /** {@code caller}: the name of a service token's trusted issuer, null for anything else. */
    static boolean allows(InternalCallers declared, String caller, boolean namesPartner) {
        return caller != null && Arrays.asList(declared.value()).contains(caller)
                && (namesPartner || !declared.perMarketplace());
    }
}
