package dev.marketplace.account.assignment.client;

import java.util.UUID;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

import org.eclipse.microprofile.rest.client.annotation.RegisterClientHeaders;
import org.eclipse.microprofile.rest.client.inject.RegisterRestClient;

import dev.marketplace.account.assignment.client.BillingClient.Entitlements;
import dev.marketplace.common.client.ServiceTokenHeaders;
import io.smallrye.mutiny.Uni;

/** billing-service's internal API, as account-service calls it (service token of the partner, ROLE_SYS_ADMIN). */
@Path("/internal/v1")
@RegisterRestClient(configKey = "billing")
@RegisterClientHeaders(ServiceTokenHeaders.class)
public interface BillingApi {

    @GET
    @Path("/companies/{company}/users/{user}/entitlements")
    @Produces(MediaType.APPLICATION_JSON)
    Uni<Entitlements> entitlements(@HeaderParam(ServiceTokenHeaders.PARTNER) String partner, @PathParam("company") UUID company,
            @PathParam("user") UUID user);
}
