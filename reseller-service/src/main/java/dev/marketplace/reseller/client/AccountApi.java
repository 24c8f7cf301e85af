package dev.marketplace.reseller.client;

import java.util.UUID;

import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

import org.eclipse.microprofile.rest.client.annotation.RegisterClientHeaders;
import org.eclipse.microprofile.rest.client.inject.RegisterRestClient;

import com.fasterxml.jackson.databind.JsonNode;

import dev.marketplace.common.client.ServiceTokenHeaders;
import io.smallrye.mutiny.Uni;

/**
 * account-service's internal provisioning API, as reseller-service calls it (service token of the partner,
 * ROLE_SYS_ADMIN). Every call carries an idempotency key: a retry with the same key answers what the first call
 * created. Answers are account-service's company and membership views, read as JSON trees (the directory reads them
 * the same way as account-service's events).
 */
@Path("/internal/v1/companies")
@RegisterRestClient(configKey = "account")
@RegisterClientHeaders(ServiceTokenHeaders.class)
@Consumes(MediaType.APPLICATION_JSON)
@Produces(MediaType.APPLICATION_JSON)
public interface AccountApi {
    String IDEMPOTENCY_KEY = "Idempotency-Key";

    /** A company to create; account-service checks it as it checks any company. */
    record NewCompany(String name, String externalId, String phoneNumber, String companySize, String website,
            boolean reseller, boolean referral) {
    }

    /**
     * A new user who becomes a member of the company. {@code resellerCompanyId}: the reseller company creating the user
     * for its customer (assisted sales: account-service asks the user to activate their account, naming that company);
     * null when the user is not a customer's (account-service invites them).
     */
    record NewMember(String email, String firstName, String lastName, String externalId, UUID resellerCompanyId) {
    }

    @POST
    Uni<JsonNode> createCompany(@HeaderParam(ServiceTokenHeaders.PARTNER) String partner,
            @HeaderParam(IDEMPOTENCY_KEY) UUID key, NewCompany company);

    @POST
    @Path("/{company}/members")
    Uni<JsonNode> createMember(@HeaderParam(ServiceTokenHeaders.PARTNER) String partner,
            @HeaderParam(IDEMPOTENCY_KEY) UUID key, @PathParam("company") UUID company, NewMember member);
}
