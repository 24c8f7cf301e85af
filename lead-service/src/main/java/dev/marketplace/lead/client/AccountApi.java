package dev.marketplace.lead.client;

import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;

import org.eclipse.microprofile.rest.client.annotation.RegisterClientHeaders;
import org.eclipse.microprofile.rest.client.inject.RegisterRestClient;

import dev.marketplace.common.client.ServiceTokenHeaders;
import dev.marketplace.lead.client.AccountClient.AccountCompany;
import dev.marketplace.lead.client.AccountClient.AccountMembership;
import dev.marketplace.lead.client.AccountClient.MembershipPage;
import dev.marketplace.lead.client.AccountClient.NewCompany;
import io.smallrye.mutiny.Uni;

/**
 * account-service's Companies API as lead-service calls it: with a service token of the partner carrying the channel
 * role the call needs ({@link ServiceTokenHeaders#ROLE}: ROLE_PARTNER_READ to read, ROLE_PARTNER to create).
 */
@Path("/api/account/v2/companies")
@RegisterRestClient(configKey = "account")
@RegisterClientHeaders(ServiceTokenHeaders.class)
@Produces(MediaType.APPLICATION_JSON)
public interface AccountApi {

    @GET
    @Path("{company}")
    Uni<AccountCompany> company(@HeaderParam(ServiceTokenHeaders.PARTNER) String partner,
            @HeaderParam(ServiceTokenHeaders.ROLE) String role, @PathParam("company") String company,
            @QueryParam("includeCustomAttributes") boolean customAttributes,
            @QueryParam("includePurchaseLimitData") boolean purchaseLimits);

    @GET
    @Path("{company}/memberships/{user}")
    Uni<AccountMembership> membership(@HeaderParam(ServiceTokenHeaders.PARTNER) String partner,
            @HeaderParam(ServiceTokenHeaders.ROLE) String role, @PathParam("company") String company,
            @PathParam("user") String user, @QueryParam("includeCompanies") boolean companies,
            @QueryParam("includeUserCustomAttributes") boolean customAttributes);

    /** The company's members, oldest first: the first is the company's first user. */
    @GET
    @Path("{company}/memberships")
    Uni<MembershipPage> memberships(@HeaderParam(ServiceTokenHeaders.PARTNER) String partner,
            @HeaderParam(ServiceTokenHeaders.ROLE) String role, @PathParam("company") String company,
            @QueryParam("sortField") String sortField, @QueryParam("sortOrder") String sortOrder,
            @QueryParam("size") int size);

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    Uni<AccountCompany> create(@HeaderParam(ServiceTokenHeaders.PARTNER) String partner,
            @HeaderParam(ServiceTokenHeaders.ROLE) String role, NewCompany company);
}
