package dev.marketplace.catalog.checkout;

import static dev.marketplace.catalog.CatalogFixtures.as;
import static dev.marketplace.catalog.CatalogFixtures.asAdmin;
import static dev.marketplace.catalog.CatalogFixtures.createProduct;
import static dev.marketplace.catalog.CatalogFixtures.edition;
import static dev.marketplace.catalog.CatalogFixtures.newPartner;
import static dev.marketplace.catalog.CatalogFixtures.publish;
import static dev.marketplace.catalog.CatalogFixtures.vendor;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.not;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import org.junit.jupiter.api.Test;

import dev.marketplace.catalog.StandIns;
import dev.marketplace.common.security.Roles;
import dev.marketplace.testkit.InternalTokens;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;

@QuarkusTest
class CheckoutApiTest {
    private static final String ITEMS = "/api/v3/checkout/items";
    private final String partner = newPartner();
    private final String company = UUID.randomUUID().toString();
    private final String user = UUID.randomUUID().toString();

    private JsonPath publishedProduct() {
        Map<String, Object> setup = Map.of("frequency", "ONE_TIME", "costs", List.of(Map.of("unit", "SETUP_FEE",
                "amount", Map.of("USD", 30, "EUR", 28))));
        Map<String, Object> basic = new HashMap<>(edition("BASIC"));
        basic.put("expiredTrialGracePeriod", 10);
        JsonPath created = createProduct(partner, Map.of("name", "Cart App", "vendorName", "Acme", "description", "Carts",
                "iconUrl", "https://cdn.example/cart.png", "stacked", true,
                "editions", List.of(basic, Map.of("code", "SETUP", "name", "Setup", "rank", 2, "revenueType", "ONE_TIME", "plans", List.of(setup)),
                        Map.of("code", "HIDDEN", "name", "Hidden", "invisible", true, "plans", List.of(setup)))));
        publish(partner, created.getLong("id"));
        return created;
    }

    private Map<String, Object> request(long productId, String currency) {
        return new HashMap<>(Map.of("ownerUserId", user, "ownerCompanyId", company, "buyerUserId", user,
                "buyerCompanyId", company, "currency", currency, "productIds", List.of(String.valueOf(productId))));
    }

    private void people() {
        StandIns.company(partner, company, "Buyer Co", true, false, false);
        StandIns.membership(company, user, true, "ROLE_USER");
    }

    @Test
    void itemsArePricedInTheAskedCurrencyForAConfirmedOwnerAndBuyer() {
        people();
        JsonPath product = publishedProduct();
        long id = product.getLong("id");
        String asBuyer = InternalTokens.bearerAsUser(partner, UUID.fromString(user), Roles.USER);
        as(asBuyer).body(request(id, "USD")).post(ITEMS).then().statusCode(200)
                .body("id", equalTo(product.getString("uuid"))).body("type", equalTo("PRODUCT")).body("stacked", equalTo(true))
                .body("branding.name", equalTo("Cart App")).body("branding.vendor", equalTo("Acme"))
                .body("branding.desc", equalTo("Carts")).body("branding.iconUrl", equalTo("https://cdn.example/cart.png"))
                .body("branding.href", containsString("/api/marketplace/v1/products/" + id))
                .body("editions", hasSize(2))
                .body("editions[0].id", equalTo(product.getString("editions[0].uuid")))
                .body("editions[0].name", equalTo("Edition BASIC")).body("editions[0].revenueModel", equalTo("RECURRING"))
                .body("editions[0].freeTrialTerms.freeTrialDuration", equalTo(1))
                .body("editions[0].freeTrialTerms.freeTrialDurationPeriod", equalTo("MONTH"))
                .body("editions[0].freeTrialTerms.freeTrialGracePeriod", equalTo(10))
                .body("editions[0].pricingPlans", hasSize(2))
                .body("editions[0].pricingPlans[0].currency", equalTo("USD"))
                .body("editions[0].pricingPlans[0].pricingPeriod", equalTo("MONTHLY"))
                .body("editions[0].pricingPlans[0].pricingSources[0].type", equalTo("CHANNEL_CATALOG"))
                .body("editions[0].pricingPlans[0].pricingSources[0].pricingDefinitions[0].costType", equalTo("RECURRING_PER_UNIT"))
                .body("editions[0].pricingPlans[0].pricingSources[0].pricingDefinitions[0].pricingStrategy", equalTo("UNIT"))
                .body("editions[0].pricingPlans[0].pricingSources[0].pricingDefinitions[0].unit", equalTo("USER"))
                .body("editions[0].pricingPlans[0].pricingSources[0].pricingDefinitions[0].priceRanges[0].min", equalTo(1))
                .body("editions[0].pricingPlans[0].pricingSources[0].pricingDefinitions[0].priceRanges[0].max", equalTo(100))
                .body("editions[0].pricingPlans[0].pricingSources[0].pricingDefinitions[0].priceRanges[0].salePrice",
                        equalTo("10.0000000000"))
                .body("editions[1].revenueModel", equalTo("ONE_TIME"))
                .body("editions[1].pricingPlans[0].pricingSources[0].pricingDefinitions[0].costType", equalTo("SETUP_FEE"))
                .body("editions[1].pricingPlans[0].pricingSources[0].pricingDefinitions[0].costTypeCategory", equalTo("ONE_TIME"))
                .body("editions[1].pricingPlans[0].pricingSources[0].pricingDefinitions[0].salePrice", equalTo("30.0000000000"));
        assertEquals(asBuyer, StandIns.lastAuthorization("account"), "account-service sees the caller's own identity");

        // EUR is a price of the plans: used as it is, no exchange rate asked
        int rates = StandIns.requests("rates");
        as(asBuyer).body(request(id, "eur")).post(ITEMS).then().statusCode(200)
                .body("editions[0].pricingPlans[0].currency", equalTo("EUR"))
                .body("editions[0].pricingPlans[0].pricingSources[0].pricingDefinitions[0].priceRanges[0].salePrice",
                        equalTo("9.0000000000"));
        assertEquals(rates, StandIns.requests("rates"));

        // a plan named by id
        Map<String, Object> onePlan = request(id, "USD");
        onePlan.put("pricingPlanIds", List.of(product.getString("editions[0].plans[1].uuid")));
        as(asBuyer).body(onePlan).post(ITEMS).then().statusCode(200).body("editions", hasSize(1))
                .body("editions[0].pricingPlans", hasSize(1)).body("editions[0].pricingPlans[0].pricingPeriod", equalTo("YEARLY"));
        onePlan.put("pricingPlanIds", List.of("999999"));
        as(asBuyer).body(onePlan).post(ITEMS).then().statusCode(400).body("message", containsString("pricingPlanIds[0]"));
    }

    @Test
    void otherCurrenciesAreConvertedWithBillingsActiveRateAndNeverGuessed() {
        people();
        long id = publishedProduct().getLong("id");
        String asBuyer = InternalTokens.bearerAsUser(partner, UUID.fromString(user), Roles.USER);
        // no rate: refused, naming the currency
        as(asBuyer).body(request(id, "GBP")).post(ITEMS).then().statusCode(400).body("code", equalTo("INVALID_FIELD"))
                .body("message", containsString("currency: no active exchange rate")).body("message", containsString("GBP"));
        // an inactive rate is not used; the active one is
        StandIns.rate(partner, "USD", "GBP", "0.5", false);
        as(asBuyer).body(request(id, "GBP")).post(ITEMS).then().statusCode(400).body("message", containsString("currency"));
        StandIns.rate(partner, "USD", "GBP", "0.8", true);
        as(asBuyer).body(request(id, "GBP")).post(ITEMS).then().statusCode(200)
                .body("editions[0].pricingPlans[0].currency", equalTo("GBP"))
                .body("editions[0].pricingPlans[0].pricingSources[0].pricingDefinitions[0].priceRanges[0].salePrice",
                        equalTo("8.0000000000"))
                .body("editions[1].pricingPlans[0].pricingSources[0].pricingDefinitions[0].salePrice", equalTo("24.0000000000"));
        assertTrue(StandIns.lastAuthorization("rates").startsWith("Bearer ")
                && !StandIns.lastAuthorization("rates").equals(asBuyer), "exchange rates are read with a service token");
        // a rate the other way round (JPY per EUR... here: 1 CHF buys 1.25 EUR): the price is divided
        StandIns.rate(partner, "CHF", "EUR", "1.25", true);
        as(asBuyer).body(request(id, "CHF")).post(ITEMS).then().statusCode(200)
                .body("editions[0].pricingPlans[0].pricingSources[0].pricingDefinitions[0].priceRanges[0].salePrice",
                        equalTo("7.2000000000"));
        // billing down: 503, not a guess
        StandIns.failing("rates", true);
        try {
            as(asBuyer).body(request(id, "SEK")).post(ITEMS).then().statusCode(503).body("code", equalTo("BILLING_UNAVAILABLE"));
        } finally {
            StandIns.failing("rates", false);
        }
    }

    @Test
    void theRequestIsCheckedFieldByField() {
        people();
        long id = publishedProduct().getLong("id");
        as(InternalTokens.bearer(partner, Roles.PARTNER)).body(Map.of("currency", "US", "productIds", List.of()))
                .post(ITEMS).then().statusCode(400).body("code", equalTo("INVALID_FIELD"))
                .body("message", containsString("ownerUserId: is required")).body("message", containsString("ownerCompanyId: is required"))
                .body("message", containsString("buyerUserId: is required")).body("message", containsString("buyerCompanyId: is required"))
                .body("message", containsString("currency: must be exactly 3 characters"))
                .body("message", containsString("productIds: is required"));
        Map<String, Object> r = request(id, "USDX");
        as(InternalTokens.bearer(partner, Roles.PARTNER)).body(r).post(ITEMS).then().statusCode(400)
                .body("message", equalTo("currency: must be exactly 3 characters, a currency code such as USD"));
        r = request(id, "USD");
        r.put("bundleIds", List.of("300"));
        r.put("subscriptionIds", List.of(UUID.randomUUID().toString()));
        as(InternalTokens.bearer(partner, Roles.PARTNER)).body(r).post(ITEMS).then().statusCode(400)
                .body("message", containsString("bundleIds: is currently unsupported"))
                .body("message", containsString("subscriptionIds: is currently unsupported"));
        r = request(id, "USD");
        r.put("productIds", List.of(String.valueOf(id), "2"));
        as(InternalTokens.bearer(partner, Roles.PARTNER)).body(r).post(ITEMS).then().statusCode(400)
                .body("message", containsString("productIds: must hold one product id"));
        r = request(id, "USD");
        r.put("ownerUserId", "bob");
        as(InternalTokens.bearer(partner, Roles.PARTNER)).body(r).post(ITEMS).then().statusCode(400)
                .body("message", containsString("ownerUserId: must be a user UUID"));
        // an unknown product, a draft, another marketplace's product
        as(InternalTokens.bearer(partner, Roles.PARTNER)).body(request(999999999L, "USD")).post(ITEMS).then().statusCode(400)
                .body("message", containsString("productIds[0]: is not a product of this marketplace"));
        long draft = createProduct(partner, Map.of("name", "Draft", "editions", List.of(edition("B")))).getLong("id");
        as(InternalTokens.bearer(partner, Roles.PARTNER)).body(request(draft, "USD")).post(ITEMS).then().statusCode(400)
                .body("message", containsString("productIds[0]: is not for sale"));
        as(InternalTokens.bearer(newPartner(), Roles.PARTNER)).body(request(id, "USD")).post(ITEMS).then().statusCode(400)
                .body("message", containsString("ownerCompanyId"));
    }

    @Test
    void ownerAndBuyerAreCheckedWithAccountService() {
        long id = publishedProduct().getLong("id");
        String channel = InternalTokens.bearer(partner, Roles.PARTNER);
        // unknown company and users
        as(channel).body(request(id, "USD")).post(ITEMS).then().statusCode(400)
                .body("message", containsString("ownerCompanyId: is not a company of this marketplace"))
                .body("message", containsString("buyerCompanyId: is not a company of this marketplace"));
        StandIns.company(partner, company, "Owner Co", true, false, false);
        as(channel).body(request(id, "USD")).post(ITEMS).then().statusCode(400)
                .body("message", containsString("ownerUserId: is not a member of the owner's company"))
                .body("message", containsString("buyerUserId: is not a member of the buyer's company"));
        StandIns.membership(company, user, false, "ROLE_USER");
        as(channel).body(request(id, "USD")).post(ITEMS).then().statusCode(400)
                .body("message", containsString("ownerUserId: the membership is disabled"));
        StandIns.membership(company, user, true, "ROLE_USER");
        as(channel).body(request(id, "USD")).post(ITEMS).then().statusCode(200);

        // another user of the same company buys for the owner: only a company administrator may
        String colleague = UUID.randomUUID().toString();
        StandIns.membership(company, colleague, true, "ROLE_USER");
        Map<String, Object> forColleague = request(id, "USD");
        forColleague.put("buyerUserId", colleague);
        as(channel).body(forColleague).post(ITEMS).then().statusCode(400).body("message", containsString("buyerUserId: may not buy for the owner"));
        StandIns.membership(company, colleague, true, "ROLE_SYS_ADMIN");
        as(channel).body(forColleague).post(ITEMS).then().statusCode(200);

        // assisted sales: a marketplace company's sales support; a reseller
        String channelCompany = UUID.randomUUID().toString();
        String agent = UUID.randomUUID().toString();
        StandIns.company(partner, channelCompany, "Marketplace Co", true, true, false);
        StandIns.membership(channelCompany, agent, true, "ROLE_SALES_SUPPORT");
        Map<String, Object> assisted = request(id, "USD");
        assisted.put("buyerUserId", agent);
        assisted.put("buyerCompanyId", channelCompany);
        as(channel).body(assisted).post(ITEMS).then().statusCode(200);
        String resellerCompany = UUID.randomUUID().toString();
        String reseller = UUID.randomUUID().toString();
        StandIns.company(partner, resellerCompany, "Reseller Co", true, false, true);
        StandIns.membership(resellerCompany, reseller, true, "ROLE_USER");
        Map<String, Object> resold = request(id, "USD");
        resold.put("buyerUserId", reseller);
        resold.put("buyerCompanyId", resellerCompany);
        as(channel).body(resold).post(ITEMS).then().statusCode(400).body("message", containsString("buyerUserId: may not buy"));
        StandIns.membership(resellerCompany, reseller, true, "ROLE_RESELLER");
        as(channel).body(resold).post(ITEMS).then().statusCode(200);

        // a disabled company; account refusing the caller
        StandIns.company(partner, company, "Owner Co", false, false, false);
        as(channel).body(request(id, "USD")).post(ITEMS).then().statusCode(400).body("message", containsString("the company is disabled"));
        StandIns.company(partner, company, "Owner Co", true, false, false);
        StandIns.forbidden(company);
        as(channel).body(request(id, "USD")).post(ITEMS).then().statusCode(403).body("code", equalTo("FORBIDDEN"));
    }

    @Test
    void callersOtherThanChannelOrTheBuyerAreRefused() {
        people();
        long id = publishedProduct().getLong("id");
        Map<String, Object> body = request(id, "USD");
        as(InternalTokens.bearerAsUser(partner, UUID.randomUUID(), Roles.USER)).body(body).post(ITEMS).then().statusCode(403);
        as(InternalTokens.bearer(partner, Roles.USER)).body(body).post(ITEMS).then().statusCode(403);
        as(vendor(partner, id)).body(body).post(ITEMS).then().statusCode(403);
        given().contentType("application/json").body(body).post(ITEMS).then().statusCode(403);
        int before = StandIns.requests("account");
        as(InternalTokens.bearerAsUser(partner, UUID.randomUUID(), Roles.USER)).body(body).post(ITEMS).then().statusCode(403);
        assertEquals(before, StandIns.requests("account"), "a refused caller reaches no other service");
        // account-service down: 503, never an unchecked answer
        StandIns.failing("account", true);
        try {
            asAdmin(partner).body(body).post(ITEMS).then().statusCode(503).body("code", equalTo("ACCOUNT_UNAVAILABLE"))
                    .body("message", not(containsString("Exception")));
        } finally {
            StandIns.failing("account", false);
        }
    }
}
