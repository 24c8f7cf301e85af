package dev.marketplace.gateway.consumer.rest;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;

import dev.marketplace.common.error.ApiException;
import dev.marketplace.common.security.Roles;
import dev.marketplace.gateway.consumer.domain.Consumer;
import dev.marketplace.gateway.consumer.service.ChannelConsumerService;
import dev.marketplace.gateway.identity.domain.CallerIdentity;
import io.smallrye.mutiny.Uni;
import io.vertx.ext.web.RoutingContext;

/**
 * Channel OAuth credentials of the calling consumer (a marketplace may have several, see the marketplaces API). The gateway handler has authenticated the call and left the
 * caller in the routing context; only channel administrators get past this resource, and only with an OAuth 1.0
 * signature made with the current secret. A bearer token is refused here: it proves a token, not the secret, and
 * reading or rotating the secret with a token would let whoever holds a leaked token (or a leaked secret, through a
 * token) learn every new secret after each rotation.
 */
@Path("/api/channel/v1/settings/oauth/credentials")
@Produces(MediaType.APPLICATION_JSON)
public class ChannelCredentialsResource {
    private final ChannelConsumerService service;

    public ChannelCredentialsResource(ChannelConsumerService service) {
        this.service = service;
    }

    public record Credentials(String consumerKey, String consumerSecret) {
        static Credentials of(Consumer consumer) {
            return new Credentials(consumer.key(), consumer.secret());
        }
    }

    @GET
    @Operation(summary = "Key and secret of the caller's own channel consumer (ROLE_CHANNEL_ADMIN, OAuth 1.0 "
            + "signature only)")
    @APIResponse(responseCode = "200", description = "The credentials",
            content = @Content(mediaType = MediaType.APPLICATION_JSON,
            schema = @Schema(implementation = Credentials.class)))
    @APIResponse(responseCode = "403", description = "Not a channel administrator, or a bearer token")
    public Uni<Credentials> read(RoutingContext context) {
        return service.credentialsOf(admin(context).subject()).map(Credentials::of);
    }

    @POST
    @Path("/secret")
    @Operation(summary = "Regenerates the caller's own channel consumer secret; the old secret and every access token issued with it "
            + "are refused at once (ROLE_CHANNEL_ADMIN, OAuth 1.0 signature only)")
    @APIResponse(responseCode = "200", description = "The credentials with the new secret",
            content = @Content(mediaType = MediaType.APPLICATION_JSON,
            schema = @Schema(implementation = Credentials.class)))
    @APIResponse(responseCode = "403", description = "Not a channel administrator, or a bearer token")
    public Uni<Credentials> regenerate(RoutingContext context) {
        return service.regenerateSecret(admin(context).subject()).map(Credentials::of);
    }

    private static CallerIdentity admin(RoutingContext context) {
        CallerIdentity caller = context.get(CallerIdentity.CONTEXT_KEY);
        if (caller == null || caller.bearer() || caller.isVendor() || !caller.hasRole(Roles.CHANNEL_ADMIN)) {
            throw ApiException.forbidden();
        }
        return caller;
    }
}
