package dev.marketplace.common.security;

import java.util.Optional;
import java.util.UUID;

import jakarta.enterprise.context.RequestScoped;

import org.eclipse.microprofile.jwt.JsonWebToken;

import dev.marketplace.common.error.ApiException;
import io.quarkus.security.identity.SecurityIdentity;

/**
 * Who is calling, as the gateway's internal token says. Services use it for tenancy: every query is scoped to
 * {@link #partner()}, and {@link #requirePartner(String)} refuses anything of another marketplace.
 */
@RequestScoped
public class Caller {
    private final SecurityIdentity identity;
    private final JsonWebToken token;

    public Caller(SecurityIdentity identity, JsonWebToken token) {
        this.identity = identity;
        this.token = token;
    }

    public String partner() {
        String partner = token.getClaim(InternalToken.PARTNER);
        if (partner == null || partner.isBlank()) {
            throw ApiException.forbidden();
        }
        return partner;
    }

    public String consumerKey() {
        return token.getSubject();
    }

    public boolean hasRole(String role) {
        return identity.hasRole(role);
    }

    public boolean hasAnyRole(String... roles) {
        for (String role : roles) {
            if (identity.hasRole(role)) {
                return true;
            }
        }
        return false;
    }

    /** The user the caller acts as ({@code xoauth_requestor_id}), if any. */
    public Optional<UUID> user() {
        Object user = token.getClaim(InternalToken.USER);
        return user == null ? Optional.empty() : Optional.of(UUID.fromString(user.toString()));
    }

    /** The product of vendor credentials, if any. */
    public Optional<Long> product() {
        Object product = token.getClaim(InternalToken.PRODUCT);
        return product == null ? Optional.empty() : Optional.of(Long.valueOf(product.toString()));
    }

    public void requirePartner(String partnerOfResource) {
        if (!partner().equals(partnerOfResource)) {
            throw ApiException.forbidden();
        }
    }
}
