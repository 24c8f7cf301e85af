package dev.marketplace.billing.client;

import java.math.BigDecimal;
import java.util.List;
import java.util.Map;

import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

import org.eclipse.microprofile.rest.client.annotation.RegisterClientHeaders;
import org.eclipse.microprofile.rest.client.inject.RegisterRestClient;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;

import dev.marketplace.common.client.ServiceTokenHeaders;
import io.smallrye.mutiny.Uni;

/**
 * catalog-service as billing calls it, always with a service token of the marketplace concerned (ROLE_SYS_ADMIN). The
 * vendor's consumer secret never comes here: billing reads the integration without it and asks catalog to sign the
 * vendor URLs it needs signed.
 */
@Path("/")
@RegisterRestClient(configKey = "catalog")
@RegisterClientHeaders(ServiceTokenHeaders.class)
@Produces(MediaType.APPLICATION_JSON)
public interface CatalogApi {

    /** A product's vendor integration, without the consumer secret (catalog gives it to notification alone). */
    @GET
    @Path("internal/v1/products/{productId}/integration")
    Uni<Integration> integration(@HeaderParam(ServiceTokenHeaders.PARTNER) String partner,
            @PathParam("productId") long productId);

    /** The edition read of the catalogue, with its payment plans. */
    @GET
    @Path("api/marketplace/v1/products/{productId}/editions/{editionId}")
    Uni<Edition> edition(@HeaderParam(ServiceTokenHeaders.PARTNER) String partner, @PathParam("productId") long productId,
            @PathParam("editionId") long editionId);

    /** One payment plan of an edition. */
    @GET
    @Path("api/marketplace/v1/products/{productId}/editions/{editionId}/paymentPlans/{planId}")
    Uni<Plan> plan(@HeaderParam(ServiceTokenHeaders.PARTNER) String partner, @PathParam("productId") long productId,
            @PathParam("editionId") long editionId, @PathParam("planId") long planId);

    /** Catalog signs a URL with the product's vendor credentials (OAuth 1.0 in URL parameters). */
    @POST
    @Path("internal/v1/products/{productId}/signed-urls")
    @Consumes(MediaType.APPLICATION_JSON)
    Uni<SignedUrl> sign(@HeaderParam(ServiceTokenHeaders.PARTNER) String partner, @PathParam("productId") long productId,
            SignRequest request);

    @JsonIgnoreProperties(ignoreUnknown = true)
    record Integration(long productId, String partner, String applicationUuid, String consumerKey,
            Map<String, String> eventUrls, boolean interactive, String name, String vendor) {
    }

    /** {@code parentProductId}: the product this edition is an add-on of, or null. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    record Edition(long id, String uuid, String code, String name, List<Plan> plans, Long parentProductId) {
        public Edition(long id, String uuid, String code, String name, List<Plan> plans) {
            this(id, uuid, code, name, plans, null);
        }
    }

    @JsonIgnoreProperties(ignoreUnknown = true)
    record Plan(long id, String uuid, String frequency, boolean primaryPrice, List<Cost> costs) {
    }

    /** A price of a plan: {@code amount} per unit, by currency. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    record Cost(String unit, Integer minUnits, Integer maxUnits, boolean meteredUsage, Map<String, BigDecimal> amount) {
    }

    record SignRequest(String method, String url) {
    }

    @JsonIgnoreProperties(ignoreUnknown = true)
    record SignedUrl(String url) {
    }
}
