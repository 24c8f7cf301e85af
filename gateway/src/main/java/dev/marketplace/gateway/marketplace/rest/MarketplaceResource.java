package dev.marketplace.gateway.marketplace.rest;

import java.net.URI;
import java.time.Instant;
import java.util.List;
import java.util.Set;

import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;

import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.headers.Header;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

import dev.marketplace.common.error.ApiException;
import dev.marketplace.common.paging.PageRequest;
import dev.marketplace.common.paging.PagedResponse;
import dev.marketplace.gateway.consumer.service.ChannelConsumerService.IssuedConsumer;
import dev.marketplace.gateway.consumer.service.PlatformOperator;
import dev.marketplace.gateway.identity.domain.CallerIdentity;
import dev.marketplace.gateway.marketplace.domain.Marketplace;
import dev.marketplace.gateway.marketplace.domain.NewConsumer;
import dev.marketplace.gateway.marketplace.domain.NewMarketplace;
import dev.marketplace.gateway.marketplace.service.MarketplaceService;
import io.smallrye.mutiny.Uni;
import io.vertx.ext.web.RoutingContext;

/**
 * The platform operator's API (our extension; AppDirect has no equivalent): marketplaces and their channel consumers.
 * The gateway handler has verified the call's OAuth 1.0 signature and refused every other caller; this resource checks
 * again that the caller is the operator, signing (never a bearer token).
 */
@Path("/api/platform/v1/marketplaces")
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "Platform: marketplaces", description = "Our extension: the platform operator onboards marketplaces and "
        + "their channel consumers (OAuth 1.0 signature of the platform operator credential only)")
public class MarketplaceResource {
    private static final int DEFAULT_PAGE_SIZE = 50;

    private final MarketplaceService service;

    public MarketplaceResource(MarketplaceService service) {
        this.service = service;
    }

    public record MarketplaceBody(String partner, String name, String defaultLocale, String defaultCurrency, boolean enabled,
            Instant createdOn) {
        static MarketplaceBody of(Marketplace m) {
            return new MarketplaceBody(m.partner(), m.name(), m.defaultLocale(), m.defaultCurrency(), m.enabled(), m.createdOn());
        }
    }

    /** A consumer with its secret: the answer of a creation or a rotation, and nothing else. */
    public record IssuedConsumerBody(String consumerKey, String consumerSecret, String name, Set<String> authorities,
            Instant createdOn) {
        static IssuedConsumerBody of(IssuedConsumer c) {
            return new IssuedConsumerBody(c.key(), c.secret(), c.name(), c.authorities(), c.createdOn());
        }

        @Override
        public String toString() {
            return "IssuedConsumerBody[consumerKey=" + consumerKey + ", consumerSecret=***]";
        }
    }

    /** A consumer as listed: never its secret. */
    public record ConsumerBody(String consumerKey, String name, Set<String> authorities, Instant createdOn) {
        static ConsumerBody of(IssuedConsumer c) {
            return new ConsumerBody(c.key(), c.name(), c.authorities(), c.createdOn());
        }
    }

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Creates a marketplace (partner code, name, default locale and currency); enabled at once")
    @APIResponse(responseCode = "201", description = "The marketplace; Location names it",
            headers = @Header(name = "Location", description = "The marketplace's URL", schema = @Schema(type = SchemaType.STRING)),
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = MarketplaceBody.class)))
    @APIResponse(responseCode = "400", description = "INVALID_FIELD naming the field and the rule")
    @APIResponse(responseCode = "403", description = "Not the platform operator's signature")
    @APIResponse(responseCode = "409", description = "CONFLICT: the partner code exists")
    public Uni<Response> create(RoutingContext context, @Valid @NotNull(message = "is required") NewMarketplace body,
            @Context UriInfo uri) {
        operator(context);
        return service.create(body).map(created -> Response
                .created(URI.create("/api/platform/v1/marketplaces/" + created.partner()))
                .entity(MarketplaceBody.of(created)).build());
    }

    @GET
    @Operation(summary = "Lists the marketplaces, oldest first (paged)")
    @APIResponse(responseCode = "200", description = "A page of marketplaces")
    @APIResponse(responseCode = "400", description = "INVALID_FIELD: page or size")
    @APIResponse(responseCode = "403", description = "Not the platform operator's signature")
    public Uni<PagedResponse<MarketplaceBody>> list(RoutingContext context, @QueryParam("page") String page,
            @QueryParam("size") String size, @Context UriInfo uri) {
        operator(context);
        PageRequest request = PageRequest.of(page, size, DEFAULT_PAGE_SIZE);
        return service.list(request).map(found -> PagedResponse.of(found.getItem1(), request, found.getItem2(), uri)
                .map(MarketplaceBody::of));
    }

    @GET
    @Path("/{partner}")
    @Operation(summary = "Shows one marketplace")
    @APIResponse(responseCode = "200", description = "The marketplace")
    @APIResponse(responseCode = "403", description = "Not the platform operator's signature")
    @APIResponse(responseCode = "404", description = "NOT_FOUND: no such partner")
    public Uni<MarketplaceBody> show(RoutingContext context, @PathParam("partner") String partner) {
        operator(context);
        return service.show(partner).map(MarketplaceBody::of);
    }

    @POST
    @Path("/{partner}/disable")
    @Operation(summary = "Disables a marketplace: every consumer of it (signatures and bearer tokens already issued) is "
            + "refused with 403 by every gateway replica within a second")
    @APIResponse(responseCode = "200", description = "The marketplace, enabled false")
    @APIResponse(responseCode = "403", description = "Not the platform operator's signature")
    @APIResponse(responseCode = "404", description = "NOT_FOUND: no such partner")
    @APIResponse(responseCode = "503", description = "STATE_UNAVAILABLE: Redis could not take the change; try again")
    public Uni<MarketplaceBody> disable(RoutingContext context, @PathParam("partner") String partner) {
        operator(context);
        return service.disable(partner).map(MarketplaceBody::of);
    }

    @POST
    @Path("/{partner}/enable")
    @Operation(summary = "Enables a disabled marketplace again: its consumers are let in within a second")
    @APIResponse(responseCode = "200", description = "The marketplace, enabled true")
    @APIResponse(responseCode = "403", description = "Not the platform operator's signature")
    @APIResponse(responseCode = "404", description = "NOT_FOUND: no such partner")
    @APIResponse(responseCode = "503", description = "STATE_UNAVAILABLE: Redis could not take the change (the marketplace "
            + "stays refused); try again")
    public Uni<MarketplaceBody> enable(RoutingContext context, @PathParam("partner") String partner) {
        operator(context);
        return service.enable(partner).map(MarketplaceBody::of);
    }

    @POST
    @Path("/{partner}/consumers")
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Creates a channel consumer of the marketplace; its secret is in this answer only")
    @APIResponse(responseCode = "201", description = "{consumerKey, consumerSecret, name, authorities, createdOn}; Location "
            + "names it", headers = @Header(name = "Location", description = "The consumer's URL",
                    schema = @Schema(type = SchemaType.STRING)), content = @Content(mediaType = MediaType.APPLICATION_JSON,
                    schema = @Schema(implementation = IssuedConsumerBody.class)))
    @APIResponse(responseCode = "400", description = "INVALID_FIELD: name, or an authority a marketplace cannot hold")
    @APIResponse(responseCode = "403", description = "Not the platform operator's signature")
    @APIResponse(responseCode = "404", description = "NOT_FOUND: no such partner")
    public Uni<Response> createConsumer(RoutingContext context, @PathParam("partner") String partner,
            @Valid @NotNull(message = "is required") NewConsumer body, @Context UriInfo uri) {
        operator(context);
        return service.createConsumer(partner, body).map(created -> Response
                .created(URI.create("/api/platform/v1/marketplaces/" + partner + "/consumers/" + created.key()))
                .entity(IssuedConsumerBody.of(created)).build());
    }

    @GET
    @Path("/{partner}/consumers")
    @Operation(summary = "Lists the marketplace's channel consumers, oldest first (never their secrets)")
    @APIResponse(responseCode = "200", description = "[{consumerKey, name, authorities, createdOn}]")
    @APIResponse(responseCode = "403", description = "Not the platform operator's signature")
    @APIResponse(responseCode = "404", description = "NOT_FOUND: no such partner")
    public Uni<List<ConsumerBody>> consumers(RoutingContext context, @PathParam("partner") String partner) {
        operator(context);
        return service.consumers(partner).map(all -> all.stream().map(ConsumerBody::of).toList());
    }

    @POST
    @Path("/{partner}/consumers/{consumerKey}/rotate")
    @Operation(summary = "Gives the consumer a new secret, shown in this answer only; the old one, and every access token "
            + "issued with it, is refused at once")
    @APIResponse(responseCode = "200", description = "{consumerKey, consumerSecret, name, authorities, createdOn}")
    @APIResponse(responseCode = "403", description = "Not the platform operator's signature")
    @APIResponse(responseCode = "404", description = "NOT_FOUND: no such partner, or no such consumer of it")
    public Uni<IssuedConsumerBody> rotate(RoutingContext context, @PathParam("partner") String partner,
            @PathParam("consumerKey") String consumerKey) {
        operator(context);
        return service.rotateConsumer(partner, consumerKey).map(IssuedConsumerBody::of);
    }

    @DELETE
    @Path("/{partner}/consumers/{consumerKey}")
    @Operation(summary = "Revokes the consumer: its signatures and access tokens are refused at once")
    @APIResponse(responseCode = "204", description = "Revoked")
    @APIResponse(responseCode = "403", description = "Not the platform operator's signature")
    @APIResponse(responseCode = "404", description = "NOT_FOUND: no such partner, or no such consumer of it")
    public Uni<Response> revoke(RoutingContext context, @PathParam("partner") String partner,
            @PathParam("consumerKey") String consumerKey) {
        operator(context);
        return service.revokeConsumer(partner, consumerKey).map(done -> Response.noContent().build());
    }

    /** The operator, signing: the gateway handler let nobody else through, and this says so again. */
    private static void operator(RoutingContext context) {
        CallerIdentity caller = context.get(CallerIdentity.CONTEXT_KEY);
        if (caller == null || caller.bearer() || caller.partner() != null || !caller.hasRole(PlatformOperator.ROLE)) {
            throw ApiException.forbidden();
        }
    }
}
