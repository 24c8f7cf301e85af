package dev.marketplace.catalog.client;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;

import org.eclipse.microprofile.rest.client.annotation.RegisterClientHeaders;
import org.eclipse.microprofile.rest.client.inject.RegisterRestClient;

import dev.marketplace.catalog.client.AccountClient.Company;
import dev.marketplace.catalog.client.AccountClient.Membership;
import dev.marketplace.common.client.ServiceTokenHeaders;
import io.smallrye.mutiny.Uni;

/**
 * account-service's companies API as catalog-service calls it, with the caller's own identity (no partner header): what
 * the caller may not see, account refuses, and so does checkout.
 */
@Path("/api/account/v2/companies")
@RegisterRestClient(configKey = "account")
@RegisterClientHeaders(ServiceTokenHeaders.class)
@Produces(MediaType.APPLICATION_JSON)
public interface AccountApi {

    @GET
    @Path("/{company}")
    Uni<Company> company(@PathParam("company") String company, @QueryParam("includeCustomAttributes") boolean customAttributes,
            @QueryParam("includePurchaseLimitData") boolean purchaseLimits);

    @GET
    @Path("/{company}/memberships/{user}")
    Uni<Membership> membership(@PathParam("company") String company, @PathParam("user") String user,
            @QueryParam("includeCompanies") boolean companies, @QueryParam("includeUserCustomAttributes") boolean customAttributes);
}
