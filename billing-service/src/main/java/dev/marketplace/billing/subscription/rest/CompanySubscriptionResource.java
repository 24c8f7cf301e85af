package dev.marketplace.billing.subscription.rest;

import java.util.List;

import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;

import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.headers.Header;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;

import org.jboss.resteasy.reactive.RestHeader;
import org.jboss.resteasy.reactive.RestPath;

import com.fasterxml.jackson.databind.ObjectMapper;

import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;

import dev.marketplace.billing.subscription.service.SubscriptionInputs.ChangeInput;
import dev.marketplace.billing.subscription.service.SubscriptionInputs.OrderInput;
import dev.marketplace.billing.subscription.service.SubscriptionOrders;
import dev.marketplace.billing.subscription.service.SubscriptionService;
import dev.marketplace.billing.subscription.service.SubscriptionService.Owner;
import dev.marketplace.billing.subscription.service.SubscriptionView;
import dev.marketplace.common.idempotency.IdempotentRequest;
import dev.marketplace.common.security.Caller;
import io.quarkus.security.Authenticated;
import io.smallrye.mutiny.Uni;

/** Subscriptions of a company's user (AppDirect billing v1 subscription paths). */
@Path("/api/billing/v1/companies/{companyUuid}/users/{userUuid}/subscriptions")
@Authenticated
@Produces(MediaType.APPLICATION_JSON)
public class CompanySubscriptionResource {
    private final SubscriptionService subscriptions;
    private final SubscriptionOrders orders;
    private final ObjectMapper mapper;
    private final Caller caller;

    public CompanySubscriptionResource(SubscriptionService subscriptions, SubscriptionOrders orders, ObjectMapper mapper,
            Caller caller) {
        this.subscriptions = subscriptions;
        this.orders = orders;
        this.mapper = mapper;
        this.caller = caller;
    }

    /**
     * Orders an edition: 201 with the subscription in PENDING_REMOTE_CREATION (and redirectUrl when interactive). With an
     * {@code Idempotency-Key} header, the same order sent again creates nothing and gets the first answer.
     */
    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Order an edition for a company and user; the subscription waits for the vendor "
            + "(PENDING_REMOTE_CREATION)")
    @APIResponse(responseCode = "201", description = "Created; Location names it", headers = @Header(name = "Location",
            description = "URL of what was created", schema = @Schema(type = SchemaType.STRING)),
            content = @Content(mediaType = "application/json",
            schema = @Schema(implementation = SubscriptionView.class)))
    public Uni<Response> create(@RestPath String companyUuid, @RestPath String userUuid, @Valid @NotNull OrderInput body,
            @RestHeader(IdempotentRequest.HEADER) String idempotencyKey, @Context UriInfo uri) {
        Owner owner = Owner.parse(companyUuid, userUuid);
        IdempotentRequest key = IdempotentRequest.of(idempotencyKey, caller, "POST",
                "/api/billing/v1/companies/" + owner.company() + "/users/" + owner.user() + "/subscriptions", body, mapper);
        return orders.create(owner, body.checked(), key).map(result -> {
            if (result.isReplay()) {
                String id = readId(result.replay().body());
                return Response.status(result.replay().status()).type(MediaType.APPLICATION_JSON_TYPE)
                        .location(uri.getBaseUriBuilder().path("api/billing/v1/subscriptions/{id}").build(id))
                        .entity(result.replay().body()).header(IdempotentRequest.REPLAYED_HEADER, "true").build();
            }
            return Response.created(uri.getBaseUriBuilder().path("api/billing/v1/subscriptions/{id}").build(result.value().id()))
                    .entity(result.value()).build();
        });
    }

    private String readId(String body) {
        try {
            return mapper.readTree(body).path("id").asText();
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException("a stored answer cannot be read", e);
        }
    }

    @GET
    @Operation(summary = "List a user's subscriptions in a company")
    public Uni<List<SubscriptionView>> list(@RestPath String companyUuid, @RestPath String userUuid) {
        return subscriptions.list(Owner.parse(companyUuid, userUuid));
    }

    @GET
    @Path("{subscriptionId}")
    @Operation(summary = "Read one subscription of a user in a company")
    public Uni<SubscriptionView> get(@RestPath String companyUuid, @RestPath String userUuid, @RestPath String subscriptionId) {
        return subscriptions.get(Owner.parse(companyUuid, userUuid), subscriptionId);
    }

    /** Changes edition, plan or items: 202; the change applies when the vendor accepts SUBSCRIPTION_CHANGE. */
    @PUT
    @Path("{subscriptionId}")
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Change a subscription's edition or units; the vendor is told and the answer is "
            + "PENDING_REMOTE_CHANGE")
    @APIResponse(responseCode = "202", description = "Accepted; the change waits for the vendor",
            content = @Content(mediaType = "application/json",
            schema = @Schema(implementation = SubscriptionView.class)))
    public Uni<Response> change(@RestPath String companyUuid, @RestPath String userUuid, @RestPath String subscriptionId,
            @Valid @NotNull ChangeInput body) {
        Owner owner = Owner.parse(companyUuid, userUuid);
        return subscriptions.change(owner, subscriptionId, body.checked()).map(view -> Response.accepted(view).build());
    }

    /** Cancels: 202 with the subscription in PENDING_REMOTE_CANCELLATION. */
    @DELETE
    @Path("{subscriptionId}")
    @Operation(summary = "Cancel a subscription; the vendor is told and the answer is PENDING_REMOTE_CANCELLATION")
    @APIResponse(responseCode = "202", description = "Accepted; the cancellation waits for the vendor",
            content = @Content(mediaType = "application/json",
            schema = @Schema(implementation = SubscriptionView.class)))
    public Uni<Response> cancel(@RestPath String companyUuid, @RestPath String userUuid, @RestPath String subscriptionId) {
        return subscriptions.cancel(Owner.parse(companyUuid, userUuid), subscriptionId)
                .map(view -> Response.accepted(view).build());
    }
}
