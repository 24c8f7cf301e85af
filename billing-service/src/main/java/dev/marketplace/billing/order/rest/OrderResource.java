package dev.marketplace.billing.order.rest;

import java.util.List;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;

import org.jboss.resteasy.reactive.RestQuery;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.dataformat.xml.XmlMapper;
import com.fasterxml.jackson.dataformat.xml.annotation.JacksonXmlElementWrapper;
import com.fasterxml.jackson.dataformat.xml.annotation.JacksonXmlProperty;
import com.fasterxml.jackson.dataformat.xml.annotation.JacksonXmlRootElement;

import dev.marketplace.billing.order.service.OrderService;
import dev.marketplace.billing.order.service.OrderView;
import dev.marketplace.billing.subscription.domain.SubscriptionStatus;
import dev.marketplace.billing.support.StartCount;
import dev.marketplace.common.input.QueryParams;
import io.quarkus.security.Authenticated;
import io.smallrye.mutiny.Uni;

/**
 * {@code GET /api/billing/v1/orders}: the orders of the marketplace for signed-fetch (channel) callers. JSON by default;
 * XML ({@code <orders><order>...</order></orders>}) when the caller accepts application/xml and not JSON.
 * A plain array with start/count paging and an X-Total-Count header, like the other billing lists.
 */
@Path("/api/billing/v1/orders")
@Authenticated
public class OrderResource {
    static final int DEFAULT_COUNT = 250;
    static final int MAX_COUNT = 1000;
    private static final XmlMapper XML = new XmlMapper();

    private final OrderService orders;

    public OrderResource(OrderService orders) {
        this.orders = orders;
    }

    @JacksonXmlRootElement(localName = "orders")
    public record Orders(@JacksonXmlElementWrapper(useWrapping = false) @JacksonXmlProperty(localName = "order") List<OrderView> order) {
    }

    @GET
    @Produces({ MediaType.APPLICATION_JSON, MediaType.APPLICATION_XML })
    @Operation(summary = "List the marketplace's subscription orders, as JSON or XML, with start/count paging and "
            + "X-Total-Count")
    @APIResponse(responseCode = "200",
            description = "The orders (a plain array, or XML with Accept: application/xml); X-Total-Count gives the total",
            content = @Content(mediaType = "application/json",
                    schema = @Schema(type = SchemaType.ARRAY, implementation = OrderView.class)))
    public Uni<Response> list(@RestQuery String start, @RestQuery String count, @RestQuery String status,
            @RestQuery String companyId, HttpHeaders headers) {
        int first = StartCount.start(start);
        int size = QueryParams.intInRange("count", count, 1, MAX_COUNT, DEFAULT_COUNT);
        SubscriptionStatus state = QueryParams.enumValue("status", status, SubscriptionStatus.class, null);
        java.util.UUID company = QueryParams.uuid("companyId", companyId);
        boolean xml = wantsXml(headers);
        return orders.list(company, state, first, size).map(page -> {
            Response.ResponseBuilder ok = StartCount.withTotal(Response.ok(), page.total());
            if (!xml) {
                return ok.type(MediaType.APPLICATION_JSON_TYPE).entity(page.orders()).build();
            }
            try {
                return ok.type(MediaType.APPLICATION_XML_TYPE).entity(XML.writeValueAsString(new Orders(page.orders()))).build();
            } catch (JsonProcessingException e) {
                throw new IllegalStateException("orders cannot be written as XML", e);
            }
        });
    }

    private static boolean wantsXml(HttpHeaders headers) {
        for (MediaType type : headers.getAcceptableMediaTypes()) {
            if (type.isCompatible(MediaType.APPLICATION_JSON_TYPE) && !type.isWildcardType()) {
                return false;
            }
            if (type.getSubtype().equals("xml") && !type.isWildcardSubtype()) {
                return true;
            }
        }
        return false;
    }
}
