package dev.marketplace.account.provisioning.rest;

import jakarta.annotation.security.RolesAllowed;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;

import org.jboss.resteasy.reactive.RestPath;

import dev.marketplace.account.provisioning.service.ProvisioningInputs;
import dev.marketplace.account.provisioning.service.ProvisioningService;
import dev.marketplace.common.error.ApiException;
import dev.marketplace.common.idempotency.Idempotent;
import dev.marketplace.common.input.QueryParams;
import dev.marketplace.common.security.Roles;
import dev.marketplace.common.security.mesh.InternalCallers;
import io.smallrye.mutiny.Uni;

/**
 * Mesh-internal: reseller-service creates companies and members here with a service token of the partner (the gateway
 * never routes {@code /internal/}). Every request carries an {@code Idempotency-Key} (a UUID): 201 with what it created;
 * a retry with the same key gets that first answer again ({@code Idempotent-Replayed: true}); the same key with another
 * request is a 422.
 */
@Path("/internal/v1/companies")
@InternalCallers("reseller")
@RolesAllowed(Roles.SYS_ADMIN)
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
public class InternalProvisioningResource {
    public static final String IDEMPOTENCY_KEY = "Idempotency-Key";

    private final ProvisioningService provisioning;

    public InternalProvisioningResource(ProvisioningService provisioning) {
        this.provisioning = provisioning;
    }

    @POST
    public Uni<Response> company(@HeaderParam(IDEMPOTENCY_KEY) String key, @Valid @NotNull ProvisioningInputs.NewCompany body,
            @Context UriInfo uri) {
        return provisioning.company(key(key), body, uri.getBaseUri()).map(InternalProvisioningResource::answer);
    }

    @POST
    @Path("{companyUuid}/members")
    public Uni<Response> member(@RestPath String companyUuid, @HeaderParam(IDEMPOTENCY_KEY) String key,
            @Valid @NotNull ProvisioningInputs.NewMember body, @Context UriInfo uri) {
        return provisioning.member(key(key), companyUuid, body, uri.getBaseUri()).map(InternalProvisioningResource::answer);
    }

    private static java.util.UUID key(String key) {
        java.util.UUID parsed = QueryParams.uuid(IDEMPOTENCY_KEY, key);
        if (parsed == null) {
            throw ApiException.invalidField(IDEMPOTENCY_KEY, "is required (a UUID)");
        }
        return parsed;
    }

    private static <T> Response answer(Idempotent<T> provisioned) {
        return provisioned.response(view -> Response.status(201).entity(view).build());
    }
}
