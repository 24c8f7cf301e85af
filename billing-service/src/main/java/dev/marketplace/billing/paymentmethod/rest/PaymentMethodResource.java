package dev.marketplace.billing.paymentmethod.rest;

import java.util.List;
import java.util.UUID;

import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.PATCH;
import jakarta.ws.rs.POST;
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
import org.eclipse.microprofile.openapi.annotations.tags.Tag;
import org.jboss.resteasy.reactive.RestPath;

import dev.marketplace.billing.paymentmethod.service.PaymentMethodChange;
import dev.marketplace.billing.paymentmethod.service.PaymentMethodInput;
import dev.marketplace.billing.paymentmethod.service.PaymentMethodService;
import dev.marketplace.billing.paymentmethod.service.PaymentMethodView;
import dev.marketplace.common.error.ApiException;
import dev.marketplace.common.lookup.CompanyRef;
import dev.marketplace.common.lookup.Ids;
import io.quarkus.security.Authenticated;
import io.smallrye.mutiny.Uni;

/**
 * Cards on file of a user in a company (an extension of AppDirect's billing v1): registered by the token the payment
 * provider gave the browser, never by number. Paying an invoice by {@code CREDIT_CARD} charges the buyer's default card.
 */
@Path("/api/billing/v1/companies/{companyId}/users/{userId}/paymentMethods")
@Authenticated
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "Payment methods", description = "Cards on file, registered by provider token (extension)")
public class PaymentMethodResource {
    private final PaymentMethodService methods;

    public PaymentMethodResource(PaymentMethodService methods) {
        this.methods = methods;
    }

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Put a card on file",
            description = "Body {\"token\": \"tok_...\", \"default\": true?}: the token the "
            + "payment provider gave the browser for the card (in the devstack, the sandbox's POST /v1/tokens). The card is "
            + "attached at the provider; only its brand, last four digits and expiry are kept. The user's first card is "
            + "the default. The user themself, an administrator of the company, or the channel.")
    @APIResponse(responseCode = "201", description = "The card on file; Location names it",
            headers = @Header(name = "Location", description = "URL of the card on file",
            schema = @Schema(type = SchemaType.STRING)), content = @Content(mediaType = "application/json",
            schema = @Schema(implementation = PaymentMethodView.class)))
    @APIResponse(responseCode = "400",
            description = "INVALID_FIELD: token missing, malformed or refused by the provider")
    @APIResponse(responseCode = "404", description = "No such company or user in the caller's marketplace")
    public Uni<Response> register(@RestPath String companyId, @RestPath String userId,
            @Valid @NotNull PaymentMethodInput body, @Context UriInfo uri) {
        UUID company = company(companyId);
        UUID user = Ids.uuid("userId", userId);
        return methods.register(company, user, body).map(view -> Response.created(uri.getAbsolutePathBuilder()
                .path(view.id()).build()).entity(view).build());
    }

    @GET
    @Operation(summary = "List a user's cards on file in a company, newest first (a plain array)")
    public Uni<List<PaymentMethodView>> list(@RestPath String companyId, @RestPath String userId) {
        return methods.list(company(companyId), Ids.uuid("userId", userId));
    }

    @GET
    @Path("{id}")
    @APIResponse(responseCode = "200", description = "The card on file")
    @APIResponse(responseCode = "404",
            description = "No such card of this user and company in the caller's marketplace")
    @Operation(summary = "Read one card on file of a user in a company")
    public Uni<PaymentMethodView> get(@RestPath String companyId, @RestPath String userId, @RestPath String id) {
        return methods.get(company(companyId), Ids.uuid("userId", userId), Ids.uuid("id", id));
    }

    @PATCH
    @Path("{id}")
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Make a card on file the user's default (body {\"default\": true})")
    public Uni<PaymentMethodView> change(@RestPath String companyId, @RestPath String userId, @RestPath String id,
            @Valid @NotNull PaymentMethodChange body) {
        return methods.makeDefault(company(companyId), Ids.uuid("userId", userId), Ids.uuid("id", id), body);
    }

    @DELETE
    @Path("{id}")
    @Operation(summary = "Remove a card from file",
            description = "Detached at the provider; if it was the default, the "
            + "newest other card becomes the default.")
    @APIResponse(responseCode = "204", description = "Removed")
    public Uni<Response> remove(@RestPath String companyId, @RestPath String userId, @RestPath String id) {
        return methods.remove(company(companyId), Ids.uuid("userId", userId), Ids.uuid("id", id))
                .map(v -> Response.noContent().build());
    }

    private static UUID company(String raw) {
        if (!(CompanyRef.parse(raw) instanceof CompanyRef.ById byId)) {
            throw ApiException.invalidField("companyId", "must be a UUID or id:<uuid> here");
        }
        return byId.uuid();
    }
}
