package dev.marketplace.billing.exchangerate;

import static dev.marketplace.billing.BillingFixtures.as;
import static dev.marketplace.billing.BillingFixtures.asPartner;
import static dev.marketplace.billing.BillingFixtures.newPartner;
import static dev.marketplace.billing.BillingFixtures.vendor;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.notNullValue;

import java.util.Map;
import java.util.UUID;

import org.junit.jupiter.api.Test;

import dev.marketplace.common.security.Roles;
import dev.marketplace.testkit.InternalTokens;
import io.quarkus.test.junit.QuarkusTest;

@QuarkusTest
class ExchangeRateApiTest {
    private static final String RATES = "/api/channel/v1/exchangeRates";
    private final String partner = newPartner();

    private String create(Map<String, Object> body) {
        return asPartner(partner).body(body).post(RATES).then().statusCode(200).extract().path("currencyExchangeRateUuid");
    }

    @Test
    void createsReadsAndListsRatesNewestFirst() {
        long now = System.currentTimeMillis();
        asPartner(partner).body(Map.of("counterCurrency", "CAD", "rate", 1.25)).post(RATES).then().statusCode(200)
                .body("baseCurrency", equalTo("USD")) // the default base
                .body("counterCurrency", equalTo("CAD")).body("rate", equalTo(1.25f)).body("active", equalTo(true))
                .body("authenticationType", equalTo("OAUTH")).body("validFrom", notNullValue())
                .body("currencyExchangeRateUuid", notNullValue());
        String eur = create(Map.of("baseCurrency", "EUR", "counterCurrency", "USD", "rate", "1.1800", "validFrom", now - 86_400_000L));
        create(Map.of("baseCurrency", "EUR", "counterCurrency", "USD", "rate", 1.2, "validFrom", now + 60_000));

        asPartner(partner).get(RATES + "/" + eur).then().statusCode(200).body("rate", equalTo(1.18f))
                .body("validFrom", equalTo(now - 86_400_000L));
        asPartner(partner).get(RATES).then().statusCode(200).body("page.size", equalTo(20))
                .body("page.totalElements", equalTo(3)).body("content", hasSize(3))
                .body("content[0].rate", equalTo(1.2f)) // VALID_FROM descending by default
                .body("content[2].currencyExchangeRateUuid", equalTo(eur)).body("links[0].rel", equalTo("self"));
        asPartner(partner).get(RATES + "?baseCurrency=EUR&sortOrder=ASC").then().statusCode(200)
                .body("page.totalElements", equalTo(2)).body("content[0].currencyExchangeRateUuid", equalTo(eur));
        asPartner(partner).get(RATES + "?counterCurrency=CAD&sortField=BASE_CURRENCY").then().statusCode(200)
                .body("content", hasSize(1)).body("content[0].counterCurrency", equalTo("CAD"));
        asPartner(partner).get(RATES + "?size=1&page=1").then().statusCode(200).body("content", hasSize(1))
                .body("page.number", equalTo(1)).body("page.totalPages", equalTo(3));
        // the read-only partner credentials read
        as(InternalTokens.bearer(partner, Roles.PARTNER_READ)).get(RATES + "/" + eur).then().statusCode(200);
    }

    @Test
    void invalidRatesAndFiltersAreRefusedNamingTheField() {
        asPartner(partner).body(Map.of("counterCurrency", "CAD", "rate", 0)).post(RATES).then().statusCode(400)
                .body("code", equalTo("INVALID_FIELD")).body("message", equalTo("rate: must be greater than 0"));
        asPartner(partner).body(Map.of("counterCurrency", "CAD", "rate", -2)).post(RATES).then().statusCode(400)
                .body("message", containsString("rate"));
        asPartner(partner).body(Map.of("baseCurrency", "XYZ", "counterCurrency", "CAD", "rate", 1)).post(RATES).then()
                .statusCode(400).body("code", equalTo("INVALID_FIELD")).body("message", containsString("baseCurrency: must be one of USD"));
        asPartner(partner).body(Map.of("rate", 1)).post(RATES).then().statusCode(400)
                .body("message", equalTo("counterCurrency: is required"));
        asPartner(partner).body(Map.of("counterCurrency", "USD", "rate", 1)).post(RATES).then().statusCode(400)
                .body("message", containsString("counterCurrency: must differ from baseCurrency"));
        asPartner(partner).body(Map.of("counterCurrency", "CAD", "rate", 1, "spread", 2)).post(RATES).then().statusCode(400)
                .body("message", equalTo("spread: is not a known property"));
        asPartner(partner).get(RATES + "?baseCurrency=IDR").then().statusCode(400).body("message", containsString("baseCurrency"));
        asPartner(partner).get(RATES + "?sortField=RATE").then().statusCode(400).body("message", containsString("sortField"));
        asPartner(partner).get(RATES + "?sortOrder=UP").then().statusCode(400).body("message", containsString("sortOrder"));
        asPartner(partner).get(RATES + "?size=0").then().statusCode(400).body("message", containsString("size"));
        asPartner(partner).get(RATES + "/nope").then().statusCode(400).body("message", containsString("currencyExchangeRateUuid"));
        asPartner(partner).get(RATES + "/" + UUID.randomUUID()).then().statusCode(404);
        asPartner(partner).get(RATES).then().statusCode(200).body("page.totalElements", equalTo(0));
    }

    @Test
    void ratesCanOnlyBeDeactivated() {
        String id = create(Map.of("baseCurrency", "GBP", "counterCurrency", "USD", "rate", 1.3));
        for (Map<String, Object> wrong : java.util.List.<Map<String, Object>>of(Map.of("active", true), Map.of(),
                Map.of("active", false, "rate", 2))) {
            asPartner(partner).body(wrong).patch(RATES + "/" + id).then().statusCode(400)
                    .body("code", equalTo("INVALID_FIELD")).body("message", containsString("active:"));
        }
        asPartner(partner).body("{\"active\": \"no\"}").patch(RATES + "/" + id).then().statusCode(400)
                .body("message", containsString("active"));
        asPartner(partner).get(RATES + "/" + id).then().body("active", equalTo(true)).body("rate", equalTo(1.3f));
        asPartner(partner).body(Map.of("active", false)).patch(RATES + "/" + id).then().statusCode(200)
                .body("active", equalTo(false));
        asPartner(partner).body(Map.of("active", false)).patch(RATES + "/" + id).then().statusCode(200)
                .body("active", equalTo(false));
        asPartner(partner).body(Map.of("active", false)).patch(RATES + "/" + UUID.randomUUID()).then().statusCode(404);
    }

    @Test
    void onlyTheChannelOfTheMarketplaceReachesItsRates() {
        String id = create(Map.of("baseCurrency", "JPY", "counterCurrency", "USD", "rate", 0.0067));
        String reader = InternalTokens.bearer(partner, Roles.PARTNER_READ);
        as(reader).body(Map.of("counterCurrency", "CAD", "rate", 1)).post(RATES).then().statusCode(403)
                .body("code", equalTo("FORBIDDEN"));
        as(reader).body(Map.of("active", false)).patch(RATES + "/" + id).then().statusCode(403);
        for (String stranger : java.util.List.of(InternalTokens.bearerAsUser(partner, UUID.randomUUID(), Roles.USER),
                vendor(partner, 5))) {
            as(stranger).get(RATES + "/" + id).then().statusCode(403);
            as(stranger).body(Map.of("active", false)).patch(RATES + "/" + id).then().statusCode(403);
        }
        as(InternalTokens.bearerAsUser(partner, UUID.randomUUID(), Roles.USER)).get(RATES).then().statusCode(403);
        io.restassured.RestAssured.given().get(RATES).then().statusCode(403);
        asPartner(partner).get(RATES + "/" + id).then().statusCode(200).body("active", equalTo(true));
    }

    /**
     * Another marketplace's rate answers exactly as a rate that does not exist (404 NOT_FOUND, the same message but for
     * the id): a channel cannot tell whether an id is someone else's. Roles it lacks in its own marketplace stay a 403.
     */
    @Test
    void anotherMarketplacesRateIsAsUnknownAsAMissingOne() {
        String id = create(Map.of("baseCurrency", "JPY", "counterCurrency", "USD", "rate", 0.0067));
        String missing = UUID.randomUUID().toString();
        String rival = InternalTokens.bearer(newPartner(), Roles.PARTNER, Roles.CHANNEL_ADMIN);
        for (String rate : java.util.List.of(id, missing)) {
            as(rival).get(RATES + "/" + rate).then().statusCode(404).body("code", equalTo("NOT_FOUND"))
                    .body("message", equalTo("Exchange rate " + rate + " was not found"));
            as(rival).body(Map.of("active", false)).patch(RATES + "/" + rate).then().statusCode(404)
                    .body("code", equalTo("NOT_FOUND")).body("message", equalTo("Exchange rate " + rate + " was not found"));
        }
        asPartner(partner).get(RATES + "/" + id).then().statusCode(200).body("active", equalTo(true));
    }

    /** catalog-service's checkout reads rates as the marketplace (a service token with ROLE_PARTNER_READ), 100 a page. */
    @Test
    void aServiceReadsTheMarketplacesRatesWithTheReaderRole() {
        create(Map.of("baseCurrency", "USD", "counterCurrency", "SEK", "rate", 10.5));
        String catalog = InternalTokens.bearer(new dev.marketplace.common.security.InternalToken.Claims("catalog-service",
                "service", partner, java.util.Set.of(Roles.PARTNER_READ), null, null));
        as(catalog).get(RATES + "?counterCurrency=SEK&size=100").then().statusCode(200)
                .body("content", hasSize(1)).body("content[0].rate", equalTo(10.5f));
        as(catalog).get(RATES + "?baseCurrency=SEK&size=100").then().statusCode(200).body("content", hasSize(0));
    }
}
