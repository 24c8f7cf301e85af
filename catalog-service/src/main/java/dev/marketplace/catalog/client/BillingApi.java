package dev.marketplace.catalog.client;

import java.util.List;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;

import org.eclipse.microprofile.rest.client.annotation.RegisterClientHeaders;
import org.eclipse.microprofile.rest.client.inject.RegisterRestClient;

import com.fasterxml.jackson.databind.JsonNode;

import dev.marketplace.catalog.client.BillingClient.Assignment;
import dev.marketplace.catalog.client.BillingClient.ExchangeRatePage;
import dev.marketplace.catalog.client.BillingClient.Subscription;
import dev.marketplace.common.client.ServiceTokenHeaders;
import io.smallrye.mutiny.Uni;

/**
 * billing-service's public API as catalog-service calls it: exchange rates and discounts with a service token of the
 * partner carrying ROLE_PARTNER_READ, the role billing asks of a reader (marketplace data any storefront caller needs), a user's subscriptions and their assignments with the
 * caller's own identity (billing decides what the caller may see).
 */
@Path("/api")
@RegisterRestClient(configKey = "billing")
@RegisterClientHeaders(ServiceTokenHeaders.class)
@Produces(MediaType.APPLICATION_JSON)
public interface BillingApi {

    @GET
    @Path("/channel/v1/exchangeRates")
    Uni<ExchangeRatePage> exchangeRates(@HeaderParam(ServiceTokenHeaders.PARTNER) String partner,
            @HeaderParam(ServiceTokenHeaders.ROLE) String role,
            @QueryParam("baseCurrency") String baseCurrency, @QueryParam("counterCurrency") String counterCurrency,
            @QueryParam("size") int size);

    /** A plain array (the reference) or a {@code {start, count, content}} envelope: both are read. */
    @GET
    @Path("/channel/v1/discounts")
    Uni<JsonNode> discounts(@HeaderParam(ServiceTokenHeaders.PARTNER) String partner,
            @HeaderParam(ServiceTokenHeaders.ROLE) String role, @QueryParam("start") int start,
            @QueryParam("count") int count);

    @GET
    @Path("/billing/v1/companies/{company}/users/{user}/subscriptions")
    Uni<List<Subscription>> subscriptions(@PathParam("company") String company, @PathParam("user") String user);

    @GET
    @Path("/billing/v1/subscriptions/{subscription}/assignments")
    Uni<List<Assignment>> assignments(@PathParam("subscription") String subscription);
}
