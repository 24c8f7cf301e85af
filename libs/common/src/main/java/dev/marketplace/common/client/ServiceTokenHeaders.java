package dev.marketplace.common.client;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.ws.rs.core.MultivaluedHashMap;
import jakarta.ws.rs.core.MultivaluedMap;

import org.eclipse.microprofile.rest.client.ext.ClientHeadersFactory;

import dev.marketplace.common.observability.RequestIds;
import dev.marketplace.common.security.Roles;
import dev.marketplace.common.security.ServiceTokens;

/**
 * The one way a service authenticates to another: register it on a REST client interface with
 * {@code @RegisterClientHeaders(ServiceTokenHeaders.class)} and give each method a
 * {@code @HeaderParam(ServiceTokenHeaders.PARTNER) String partner} parameter. The partner header never leaves the
 * service: it is replaced by {@code Authorization: Bearer <service token of that partner, ROLE_SYS_ADMIN>}, the
 * identity internal endpoints require. A method without the partner header forwards the {@code Authorization} of the
 * request being served, so that the callee sees the same caller. Every call carries the {@code X-Request-Id} of the
 * request being served, so that the callee's log lines and error bodies name the request the client sent.
 */
@ApplicationScoped
public class ServiceTokenHeaders implements ClientHeadersFactory {
    /** Pseudo-header naming the marketplace a service call acts for; consumed here, never sent. */
    public static final String PARTNER = "X-Marketplace-Service-Partner";
    /**
     * Optional pseudo-header beside {@link #PARTNER}: the role the service token carries instead of ROLE_SYS_ADMIN, for
     * a call to another service's public API as the channel would make it (ROLE_PARTNER_READ to read, ROLE_PARTNER to
     * change). Consumed here, never sent.
     */
    public static final String ROLE = "X-Marketplace-Service-Role";
    private static final String AUTHORIZATION = "Authorization";

    private final ServiceTokens tokens;

    public ServiceTokenHeaders(ServiceTokens tokens) {
        this.tokens = tokens;
    }

    @Override
    public MultivaluedMap<String, String> update(MultivaluedMap<String, String> incoming,
            MultivaluedMap<String, String> outgoing) {
        MultivaluedMap<String, String> headers = new MultivaluedHashMap<>();
        String partner = outgoing.getFirst(PARTNER);
        String role = outgoing.getFirst(ROLE);
        outgoing.remove(ROLE);
        if (partner != null) {
            outgoing.remove(PARTNER);
            headers.putSingle(AUTHORIZATION, tokens.bearer(partner, role == null ? Roles.SYS_ADMIN : role));
        } else if (incoming != null && incoming.getFirst(AUTHORIZATION) != null) {
            headers.putSingle(AUTHORIZATION, incoming.getFirst(AUTHORIZATION));
        }
        String requestId = RequestIds.current();
        if (requestId == null && incoming != null) {
            requestId = incoming.getFirst(RequestIds.HEADER);
        }
        if (requestId != null) {
            headers.putSingle(RequestIds.HEADER, requestId);
        }
        return headers;
    }
}
