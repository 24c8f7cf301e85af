package dev.marketplace.gateway.identity.domain;

import java.util.Set;
import java.util.UUID;

/**
 * Who an authenticated call comes from, as the gateway forwards it inside the mesh.
 *
 * @param subject consumer key (or OAuth 2.0 client id)
 * @param consumerType {@code channel} or {@code vendor}
 * @param readOnly true for tokens that may only read (scope ROLE_PARTNER_READ): GET and HEAD only
 * @param bearer true when the call carried an OAuth 2.0 access token rather than an OAuth 1.0 signature: proof of a
 *        token, not of the secret (the gateway's credentials API wants the latter)
 */
public record CallerIdentity(String subject, String consumerType, String partner, Set<String> roles, UUID user,
        Long product, boolean readOnly, boolean bearer) {

    public static final String CONTEXT_KEY = "marketplace.caller";

    public boolean hasRole(String role) {
        return roles.contains(role);
    }

    public boolean isVendor() {
        return "vendor".equals(consumerType);
    }
}
