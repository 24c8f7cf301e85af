package dev.marketplace.common.security.mesh;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Who may call an internal endpoint ({@code /internal/...}, on a resource method or class): the services named, by the
 * name they have in {@code marketplace.internal-token.peers.<name>} ({@link #GATEWAY} for the gateway's own service
 * tokens), each with a service token ({@code ctype=service}) of its own issuer. Every other token is a 403, and so is
 * an {@code /internal/} endpoint that declares nothing ({@link InternalCallerFilter}). docs/architecture.md ("Who trusts
 * whom") lists every declaration; each service's {@code ArchitectureTest} fails when the list and the code differ.
 *
 * <pre>
 * &#64;GET &#64;Path("products/{productId}/integration/with-secret")
 * &#64;InternalCallers("notification")
 * </pre>
 */
@Retention(RetentionPolicy.RUNTIME)
@Target({ ElementType.TYPE, ElementType.METHOD })
public @interface InternalCallers {
    /** The gateway's service tokens (issuer {@code marketplace-gateway}, verified by quarkus-oidc). */
    String GATEWAY = "gateway";

    /** The callers, by peer name ({@code billing}, {@code notification}, ...) or {@link #GATEWAY}. */
    String[] value();

    /**
     * Whether the endpoint serves one marketplace: then the token must name its partner (and the service checks that the
     * resource is that partner's). Only an endpoint that looks across marketplaces (the gateway's look-up of a vendor
     * consumer key) says false.
     */
    boolean perMarketplace() default true;
}
