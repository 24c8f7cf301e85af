package dev.marketplace.billing.exchangerate.rest;

import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.PATCH;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.UriInfo;

import org.eclipse.microprofile.openapi.annotations.Operation;

import org.jboss.resteasy.reactive.RestPath;
import org.jboss.resteasy.reactive.RestQuery;

import dev.marketplace.billing.exchangerate.domain.ExchangeRateSortField;
import dev.marketplace.billing.exchangerate.service.ExchangeRateInputs;
import dev.marketplace.billing.exchangerate.service.ExchangeRateService;
import dev.marketplace.billing.exchangerate.service.ExchangeRateView;
import dev.marketplace.billing.money.CurrencyCode;
import dev.marketplace.common.error.ApiException;
import dev.marketplace.common.input.QueryParams;
import dev.marketplace.common.paging.PageRequest;
import dev.marketplace.common.paging.PagedResponse;
import io.quarkus.security.Authenticated;
import io.smallrye.mutiny.Uni;

/** Currency exchange rates of the marketplace (AppDirect {@code /channel/v1/exchangeRates}). */
@Path("/api/channel/v1/exchangeRates")
@Authenticated
@Produces(MediaType.APPLICATION_JSON)
public class ExchangeRateResource {
    static final int DEFAULT_PAGE_SIZE = 20;

    private final ExchangeRateService rates;

    public ExchangeRateResource(ExchangeRateService rates) {
        this.rates = rates;
    }

    /** Creates a rate: 200 with it (AppDirect answers 200 here). */
    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Create a currency exchange rate between two currencies")
    public Uni<ExchangeRateView> create(@Valid @NotNull ExchangeRateInputs.Create body) {
        return rates.create(body.checked());
    }

    @GET
    @Operation(summary = "List currency exchange rates, filtered by base and counter currency, paged")
    public Uni<PagedResponse<ExchangeRateView>> list(@RestQuery String baseCurrency, @RestQuery String counterCurrency,
            @RestQuery String page, @RestQuery String size, @RestQuery String sortField, @RestQuery String sortOrder,
            @Context UriInfo uri) {
        String base = filterCurrency("baseCurrency", baseCurrency);
        String counter = filterCurrency("counterCurrency", counterCurrency);
        var sort = QueryParams.enumValue("sortField", sortField, ExchangeRateSortField.class,
                ExchangeRateSortField.VALID_FROM);
        return rates.list(base, counter, sort, QueryParams.ascending(sortOrder, false),
                PageRequest.of(page, size, DEFAULT_PAGE_SIZE), uri);
    }

    @GET
    @Path("{currencyExchangeRateUuid}")
    @Operation(summary = "Read one currency exchange rate")
    public Uni<ExchangeRateView> get(@RestPath String currencyExchangeRateUuid) {
        return rates.get(currencyExchangeRateUuid);
    }

    /** Deactivates: the body must be {@code {"active": false}}. */
    @PATCH
    @Path("{currencyExchangeRateUuid}")
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Deactivate a currency exchange rate")
    public Uni<ExchangeRateView> deactivate(@RestPath String currencyExchangeRateUuid,
            @NotNull(message = "the body must be {\"active\": false}") ExchangeRateInputs.Active body) {
        body.checked();
        return rates.deactivate(currencyExchangeRateUuid);
    }

    private static String filterCurrency(String name, String value) {
        CurrencyCode code = QueryParams.enumValue(name, value, CurrencyCode.class, null);
        if (code != null && !CurrencyCode.FILTERABLE.contains(code)) {
            throw ApiException.invalidField(name, "must be one of " + CurrencyCode.FILTERABLE);
        }
        return code == null ? null : code.name();
    }
}
