package dev.marketplace.account.membership.rest;

import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.UriInfo;

import org.jboss.resteasy.reactive.RestPath;
import org.jboss.resteasy.reactive.RestQuery;

import dev.marketplace.account.membership.service.PurchaseProfileService;
import dev.marketplace.account.membership.service.PurchaseProfileService.PurchaseProfile;
import dev.marketplace.common.security.Roles;
import dev.marketplace.common.security.mesh.InternalCallers;
import io.smallrye.mutiny.Uni;

/**
 * Mesh-internal: what billing-service needs at order time and for invoicing — the company (billing day, purchase limits,
 * who may buy) and the buyer's membership. billing's service tokens (ROLE_SYS_ADMIN) of the company's partner.
 */
@Path("/internal/v1/companies/{companyUuid}/purchase-profile")
@InternalCallers("billing")
@RolesAllowed(Roles.SYS_ADMIN)
@Produces(MediaType.APPLICATION_JSON)
public class PurchaseProfileResource {
    private final PurchaseProfileService profiles;

    public PurchaseProfileResource(PurchaseProfileService profiles) {
        this.profiles = profiles;
    }

    @GET
    public Uni<PurchaseProfile> profile(@RestPath String companyUuid, @RestQuery String userUuid, @Context UriInfo uri) {
        return profiles.profile(companyUuid, userUuid, uri.getBaseUri());
    }
}
