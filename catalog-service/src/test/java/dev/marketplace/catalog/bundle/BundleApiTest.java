package dev.marketplace.catalog.bundle;

import static dev.marketplace.catalog.CatalogFixtures.as;
import static dev.marketplace.catalog.CatalogFixtures.asAdmin;
import static dev.marketplace.catalog.CatalogFixtures.createProduct;
import static dev.marketplace.catalog.CatalogFixtures.developer;
import static dev.marketplace.catalog.CatalogFixtures.edition;
import static dev.marketplace.catalog.CatalogFixtures.newPartner;
import static dev.marketplace.catalog.CatalogFixtures.publish;
import static dev.marketplace.catalog.CatalogFixtures.vendor;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.notNullValue;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import jakarta.inject.Inject;

import org.junit.jupiter.api.Test;

import dev.marketplace.catalog.StandIns;
import dev.marketplace.catalog.bundle.service.StorefrontDiscounts;
import dev.marketplace.common.security.Roles;
import dev.marketplace.testkit.DomainEvents;
import dev.marketplace.testkit.InternalTokens;
import io.quarkus.cache.Cache;
import io.quarkus.cache.CacheName;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;

@QuarkusTest
class BundleApiTest {
    @Inject
    @CacheName(StorefrontDiscounts.CACHE)
    Cache discountCache;

    private static final String BUNDLES = "/api/marketplace/v1/bundles";
    private final String partner = newPartner();

    private String buyer() {
        return InternalTokens.bearerAsUser(partner, UUID.randomUUID(), Roles.USER);
    }

    private static Map<String, Object> plan(String frequency, int usd, int eur) {
        return Map.of("frequency", frequency, "costs", List.of(Map.of("unit", "USER", "minUnits", 1, "maxUnits", 100,
                "amount", Map.of("USD", usd, "EUR", eur))));
    }

    private static Map<String, Object> paidEdition(String code, Map<String, Object> plan) {
        Map<String, Object> e = new HashMap<>(edition(code));
        e.remove("trial");
        e.remove("freeTrialDuration");
        e.remove("freeTrialType");
        e.put("plans", List.of(plan));
        return e;
    }

    private long product(String name, Map<String, Object> extra, List<Map<String, Object>> editions) {
        Map<String, Object> body = new HashMap<>(Map.of("name", name, "vendorName", "Acme Software", "editions", editions));
        body.putAll(extra);
        return createProduct(partner, body).getLong("id");
    }

    @Test
    void publicationDecidesWhatBuyersSee() {
        long id = product("Draft Tool", Map.of(), List.of(paidEdition("BASIC", plan("MONTHLY", 10, 9))));
        String path = BUNDLES + "/" + id;
        as(buyer()).get(BUNDLES).then().statusCode(200).body("id", not(hasItem((int) id)));
        as(buyer()).get(path).then().statusCode(404).body("code", equalTo("NOT_FOUND"));
        asAdmin(partner).get(BUNDLES).then().statusCode(200).body("find { it.id == " + id + " }.status", equalTo("DRAFT"));
        asAdmin(partner).get(path).then().statusCode(200).body("status", equalTo("DRAFT")).body("buyable", equalTo(false))
                .body("publishedOn", nullValue());

        // only a channel administrator publishes
        as(developer(partner, UUID.randomUUID())).post("/api/marketplace/v1/products/" + id + "/publication").then().statusCode(403);
        as(vendor(partner, id)).post("/api/marketplace/v1/products/" + id + "/publication").then().statusCode(403);
        as(InternalTokens.bearer(partner, Roles.PARTNER_READ)).post("/api/marketplace/v1/products/" + id + "/publication")
                .then().statusCode(403);
        // another marketplace's administrator: as unknown as a missing product (ProductApiTest)
        as(InternalTokens.bearer(newPartner(), Roles.CHANNEL_ADMIN)).post("/api/marketplace/v1/products/" + id + "/publication")
                .then().statusCode(404).body("message", equalTo("Product " + id + " was not found"));
        asAdmin(partner).post("/api/marketplace/v1/products/" + id + "/publication").then().statusCode(200)
                .body("status", equalTo("PUBLISHED")).body("publishedOn", notNullValue());
        DomainEvents.await(e -> "PRODUCT_PUBLISHED".equals(e.path("type").asText())
                && String.valueOf(id).equals(e.path("aggregate").path("id").asText()), Duration.ofSeconds(20));

        as(buyer()).get(BUNDLES).then().statusCode(200).body("id", hasItem((int) id))
                .body("find { it.id == " + id + " }.status", nullValue());
        as(buyer()).get(path).then().statusCode(200).body("name", equalTo("Draft Tool")).body("buyable", equalTo(true))
                .body("publishedOn", notNullValue()).body("href", containsString(path));

        asAdmin(partner).delete("/api/marketplace/v1/products/" + id + "/publication").then().statusCode(200)
                .body("status", equalTo("UNPUBLISHED"));
        asAdmin(partner).delete("/api/marketplace/v1/products/" + id + "/publication").then().statusCode(409)
                .body("code", equalTo("NOT_PUBLISHED"));
        as(buyer()).get(path).then().statusCode(404);
        as(buyer()).get(BUNDLES).then().statusCode(200).body("id", not(hasItem((int) id)));
        asAdmin(partner).queryParam("status", "UNPUBLISHED").get(BUNDLES).then().statusCode(200).body("id", hasItem((int) id));
        as(buyer()).queryParam("status", "UNPUBLISHED").get(BUNDLES).then().statusCode(403);

        // nothing to buy: not publishable
        long empty = product("Empty", Map.of(), List.of());
        asAdmin(partner).post("/api/marketplace/v1/products/" + empty + "/publication").then().statusCode(409)
                .body("code", equalTo("NOT_PUBLISHABLE")).body("message", containsString("editions"));

        // tenancy and authentication
        asAdmin(partner).post("/api/marketplace/v1/products/" + id + "/publication").then().statusCode(200);
        // another marketplace's bundle, a hidden one and an unknown id: one answer but for the id
        as(InternalTokens.bearer(newPartner(), Roles.USER)).get(path).then().statusCode(404)
                .body("message", equalTo("Bundle " + id + " was not found"));
        as(InternalTokens.bearer(newPartner(), Roles.CHANNEL_ADMIN)).get(path).then().statusCode(404)
                .body("message", equalTo("Bundle " + id + " was not found"));
        as(buyer()).get(BUNDLES + "/999999999").then().statusCode(404).body("code", equalTo("NOT_FOUND"))
                .body("message", equalTo("Bundle 999999999 was not found"));
        as(InternalTokens.bearer(newPartner(), Roles.CHANNEL_ADMIN)).get(BUNDLES).then().statusCode(200)
                .body("id", not(hasItem((int) id)));
        given().get(BUNDLES).then().statusCode(403);
        given().get(path).then().statusCode(403);
    }

    @Test
    void everyFieldComesFromTheProductItsEditionsAndSettings() {
        UUID vendorCompany = UUID.randomUUID();
        Map<String, Object> trial = new HashMap<>(edition("TRIAL"));
        trial.put("plans", List.of(plan("MONTHLY", 20, 18)));
        long id = product("Task Board", Map.ofEntries(Map.entry("blurb", "Boards for tasks"), Map.entry("overview", "Long text"),
                Map.entry("iconUrl", "https://cdn.example/icon.png"), Map.entry("profileLogoUrl", "https://cdn.example/logo.png"),
                Map.entry("overviewImageUrl", "https://cdn.example/overview.png"), Map.entry("vendorUrl", "https://acme.example"),
                Map.entry("vendorCompanyUuid", vendorCompany.toString()), Map.entry("downloadFileSize", 2048),
                Map.entry("referable", true), Map.entry("tags", List.of("tasks", "boards")),
                Map.entry("supportedLanguages", List.of("en", "fr_CA")),
                Map.entry("merchandising", Map.of("featured", true, "featuredSliderPosition", 2, "staffPick", true,
                        "staffPickSliderPosition", 1, "popular", true, "popularity", 77))),
                List.of(paidEdition("PRO", plan("MONTHLY", 10, 9)), paidEdition("PRO_YEAR", plan("YEARLY", 100, 99)), trial));
        publish(partner, id);
        String path = BUNDLES + "/" + id;

        // the cheapest plan per month is the yearly one (100/12 < 10)
        as(buyer()).get(path).then().statusCode(200)
                .body("id", equalTo((int) id)).body("name", equalTo("Task Board")).body("productType", equalTo("WEB_APP"))
                .body("startingPrice.amount.USD", equalTo(100)).body("startingPrice.amount.EUR", equalTo(99))
                .body("startingPrice.billingFrequency", equalTo("YEARLY")).body("startingPrice.unit", equalTo("USER"))
                .body("billingFrequency", equalTo("YEARLY"))
                .body("free", equalTo(false)).body("freeTrialOrEditionPresent", equalTo(true)).body("buyable", equalTo(true))
                .body("newSubscriptionEnabled", equalTo(true)).body("changeSubscriptionAllowed", equalTo(true))
                .body("collectLeads", equalTo(false)).body("collectLeadsWithPurchaseEnabled", equalTo(false))
                .body("blurb", equalTo("Boards for tasks")).body("overview", equalTo("Long text"))
                .body("iconUrl", equalTo("https://cdn.example/icon.png")).body("profileLogoUrl", equalTo("https://cdn.example/logo.png"))
                .body("overviewImageUrl", equalTo("https://cdn.example/overview.png"))
                .body("provider.uuid", equalTo(vendorCompany.toString())).body("provider.name", equalTo("Acme Software"))
                .body("provider.url", equalTo("https://acme.example"))
                .body("referable", equalTo(true)).body("downloadFileSize", equalTo(2048))
                .body("featured", equalTo(true)).body("featuredSliderPosition", equalTo(2)).body("staffPick", equalTo(true))
                .body("staffPickSliderPosition", equalTo(1)).body("popular", equalTo(true)).body("popularity", equalTo(77))
                .body("tags", equalTo(List.of("tasks", "boards"))).body("supportedLanguages", equalTo(List.of("en", "fr_CA")))
                .body("rating", nullValue()).body("numRatings", nullValue()).body("discountDetails", nullValue())
                .body("bundledProducts", hasSize(0)).body("lastModified", notNullValue()).body("publishedOn", notNullValue());
        as(buyer()).queryParam("searchText", "task board").get(BUNDLES).then().statusCode(200)
                .body("find { it.id == " + id + " }.startingPrice", equalTo("$100.00/User/Yr"))
                .body("find { it.id == " + id + " }.developerName", equalTo("Acme Software"));
        as(buyer()).queryParam("searchText", "task board").queryParam("currency", "EUR").get(BUNDLES).then().statusCode(200)
                .body("find { it.id == " + id + " }.startingPrice", equalTo("€99.00/User/Yr"));

        // a free product: a FREE edition without plans
        Map<String, Object> freeEdition = new HashMap<>(Map.of("code", "FREE", "name", "Free", "revenueType", "FREE"));
        long free = product("Free Notes", Map.of(), List.of(freeEdition));
        publish(partner, free);
        as(buyer()).get(BUNDLES + "/" + free).then().statusCode(200).body("free", equalTo(true))
                .body("freeTrialOrEditionPresent", equalTo(true)).body("buyable", equalTo(true))
                .body("startingPrice", nullValue()).body("changeSubscriptionAllowed", equalTo(false));

        // settings: leads instead of purchase, no self-service, hidden pricing, not visible on the marketplace
        String settings = "/api/v3/marketplaceProduct/productSettings/" + id;
        asAdmin(partner).body(Map.of("general", Map.of("settings", Map.of("collectLeads",
                Map.of("enabled", true, "selectedOption", "insteadOfPurchase"))))).put(settings).then().statusCode(200);
        as(buyer()).get(path).then().statusCode(200).body("collectLeads", equalTo(true))
                .body("collectLeadsWithPurchaseEnabled", equalTo(false)).body("buyable", equalTo(false))
                .body("newSubscriptionEnabled", equalTo(false));
        asAdmin(partner).body(Map.of("general", Map.of("settings", Map.of("hideAllPricing", true,
                "collectLeads", Map.of("enabled", true, "selectedOption", "inAdditionToPurchase"))))).put(settings).then().statusCode(200);
        as(buyer()).get(path).then().statusCode(200).body("startingPrice", nullValue()).body("billingFrequency", nullValue())
                .body("collectLeadsWithPurchaseEnabled", equalTo(true)).body("buyable", equalTo(true));
        as(buyer()).queryParam("searchText", "task board").get(BUNDLES).then().statusCode(200)
                .body("find { it.id == " + id + " }.hidePricings", equalTo(true));
        asAdmin(partner).body(Map.of("general", Map.of("settings", Map.of("disableSelfServe", true)))).put(settings).then().statusCode(200);
        as(buyer()).get(path).then().statusCode(200).body("buyable", equalTo(false));
        asAdmin(partner).body(Map.of("general", Map.of("settings", Map.of("visibleOnMarketplace", false)))).put(settings).then().statusCode(200);
        as(buyer()).get(path).then().statusCode(404);
        as(buyer()).queryParam("searchText", "task board").get(BUNDLES).then().statusCode(200).body("id", not(hasItem((int) id)));
        asAdmin(partner).get(path).then().statusCode(200);
    }

    @Test
    void aBundleGroupsProductsOfItsMarketplace() {
        long a = product("Mail Basic", Map.of("blurb", "Mail"), List.of(paidEdition("STD", plan("MONTHLY", 5, 4))));
        long b = product("Chat Basic", Map.of(), List.of(paidEdition("STD", plan("MONTHLY", 7, 6))));
        long bEdition = asAdmin(partner).get("/api/marketplace/v1/products/" + b).then().statusCode(200).extract().jsonPath()
                .getLong("editions[0].id");
        Map<String, Object> body = new HashMap<>(Map.of("name", "Office Bundle", "productType", "BUNDLE",
                "bundledProducts", List.of(Map.of("productId", a), Map.of("productId", b, "editionId", bEdition)),
                "editions", List.of(paidEdition("ALL", plan("MONTHLY", 11, 10)))));
        long bundle = createProduct(partner, body).getLong("id");
        publish(partner, bundle);
        as(buyer()).get(BUNDLES + "/" + bundle).then().statusCode(200).body("productType", equalTo("BUNDLE"))
                .body("bundledProducts.id", equalTo(List.of((int) a, (int) b)))
                .body("bundledProducts.name", equalTo(List.of("Mail Basic", "Chat Basic")))
                .body("bundledProducts[0].blurb", equalTo("Mail")).body("bundledProducts[0].editionName", nullValue())
                .body("bundledProducts[1].editionName", equalTo("Edition STD"));
        asAdmin(partner).get("/api/marketplace/v1/products/" + bundle).then().statusCode(200)
                .body("bundledProducts.productId", equalTo(List.of((int) a, (int) b)));

        // what a bundle may group
        long foreign = createProduct(newPartner(), Map.of("name", "Elsewhere")).getLong("id");
        Map<String, Object> bad = new HashMap<>(Map.of("name", "Bad Bundle", "productType", "BUNDLE", "bundledProducts",
                List.of(Map.of("productId", foreign), Map.of("productId", bundle), Map.of("productId", a, "editionId", bEdition),
                        Map.of("productId", a))));
        asAdmin(partner).body(bad).post("/api/marketplace/v1/products").then().statusCode(400)
                .body("code", equalTo("INVALID_FIELD"))
                .body("message", containsString("bundledProducts[0].productId: is not a product of this marketplace"))
                .body("message", containsString("bundledProducts[1].productId: a bundle cannot group another bundle"))
                .body("message", containsString("bundledProducts[2].editionId: is not an edition of that product"))
                .body("message", containsString("bundledProducts[3].productId: is grouped twice"));
        asAdmin(partner).body(Map.of("name", "Not A Bundle", "bundledProducts", List.of(Map.of("productId", a))))
                .post("/api/marketplace/v1/products").then().statusCode(400)
                .body("message", containsString("bundledProducts: only a product of type BUNDLE groups products"));
        long emptyBundle = createProduct(partner, Map.of("name", "Empty Bundle", "productType", "BUNDLE",
                "editions", List.of(paidEdition("ALL", plan("MONTHLY", 1, 1))))).getLong("id");
        asAdmin(partner).post("/api/marketplace/v1/products/" + emptyBundle + "/publication").then().statusCode(409)
                .body("message", containsString("bundledProducts"));
    }

    @Test
    void discountDetailsComeFromBillingAndALookupFailureDegrades() {
        long id = product("Discounted CRM", Map.of(), List.of(paidEdition("STD", plan("MONTHLY", 50, 45))));
        long other = product("Other CRM", Map.of(), List.of(paidEdition("STD", plan("MONTHLY", 30, 27))));
        publish(partner, id);
        publish(partner, other);
        long now = System.currentTimeMillis();
        String discounts = "[{\"id\":1,\"uuid\":\"" + UUID.randomUUID() + "\",\"code\":null,\"redemptions\":0,\"maxRedemptions\":null,"
                + "\"createdOn\":" + now + ",\"startDate\":null,\"expirationDate\":null,\"type\":\"PERCENTAGE\",\"percentage\":20,"
                + "\"price\":null,\"description\":\"Launch\",\"applicationName\":\"Discounted CRM\",\"applicationId\":" + id + ","
                + "\"applicationUuid\":null,\"editionId\":null,\"editionUuid\":null,\"paymentPlanId\":null,\"paymentPlanUuid\":null,"
                + "\"autoApply\":true,\"billingCycles\":null,\"retainable\":false,\"redemptionRestriction\":\"NONE\","
                + "\"vendorSharePercentage\":null,\"partnerSharePercentage\":null,\"basePartnerSharePercentage\":null,"
                + "\"unit\":\"USER\",\"minUnits\":0,\"maxUnits\":0,\"industryId\":null},"
                + "{\"id\":2,\"type\":\"FIXED_PRICE\",\"price\":5,\"description\":\"Five off\",\"applicationId\":" + id
                + ",\"autoApply\":true,\"expirationDate\":" + (now + 86_400_000L) + "},"
                + "{\"id\":3,\"type\":\"PERCENTAGE\",\"percentage\":90,\"description\":\"Expired\",\"applicationId\":" + id
                + ",\"autoApply\":true,\"expirationDate\":" + (now - 1000) + "}]";
        StandIns.discounts(partner, discounts);
        discountCache.invalidateAll().await().indefinitely();
        as(buyer()).get(BUNDLES + "/" + id).then().statusCode(200)
                .body("discountDetails.highestPercentageDiscount", equalTo(20))
                .body("discountDetails.startingPricePercentageDiscount", equalTo(20))
                .body("discountDetails.highestFixedDiscount.USD", equalTo(5))
                .body("discountDetails.discountedStartingPrice", equalTo("$40.00/User/Mo"));
        as(buyer()).get(BUNDLES + "/" + other).then().statusCode(200).body("discountDetails", nullValue());
        assertTrue(StandIns.lastAuthorization("discounts").startsWith("Bearer "), "a service token of the marketplace");

        // a marketplace's discounts are asked of billing once, then kept for a short while
        int asked = StandIns.requests("discounts");
        as(buyer()).queryParam("searchText", "crm").get(BUNDLES).then().statusCode(200);
        as(buyer()).get(BUNDLES + "/" + id).then().statusCode(200).body("discountDetails.highestPercentageDiscount", equalTo(20));
        assertEquals(asked, StandIns.requests("discounts"), "the cached discounts served both pages");

        // the envelope form is read as well
        StandIns.discounts(partner, "{\"start\":0,\"count\":1,\"content\":[{\"id\":4,\"type\":\"PERCENTAGE\",\"percentage\":10,"
                + "\"applicationId\":" + id + ",\"autoApply\":true,\"description\":\"Ten\"}]}");
        discountCache.invalidateAll().await().indefinitely();
        as(buyer()).get(BUNDLES + "/" + id).then().statusCode(200).body("discountDetails.highestPercentageDiscount", equalTo(10))
                .body("discountDetails.discountedStartingPrice", equalTo("$45.00/User/Mo"));

        // billing failing: the listing stands, without discount details, and the failure is not kept
        StandIns.failing("discounts", true);
        discountCache.invalidateAll().await().indefinitely();
        try {
            as(buyer()).queryParam("searchText", "crm").get(BUNDLES).then().statusCode(200)
                    .body("find { it.id == " + id + " }.discountDetails", nullValue())
                    .body("find { it.id == " + id + " }.startingPrice", equalTo("$50.00/User/Mo"));
        } finally {
            StandIns.failing("discounts", false);
        }
        as(buyer()).get(BUNDLES + "/" + id).then().statusCode(200).body("discountDetails.highestPercentageDiscount", equalTo(10));
    }

    @Test
    void theListFiltersSortsPagesAndSpeaksXml() {
        String mine = UUID.randomUUID().toString().substring(0, 6);
        long alpha = product("Alpha " + mine + " CRM", Map.of("tags", List.of("sales")), List.of(paidEdition("S", plan("MONTHLY", 1, 1))));
        long beta = product("Beta " + mine + " Mail", Map.of("productType", "DOWNLOADABLE",
                "merchandising", Map.of("featured", true)), List.of(paidEdition("S", plan("MONTHLY", 2, 2))));
        long gamma = product("Gamma " + mine + " Suite", Map.of("blurb", "CRM and more"), List.of(paidEdition("S", plan("MONTHLY", 3, 3))));
        publish(partner, alpha);
        publish(partner, beta);
        publish(partner, gamma);

        as(buyer()).queryParam("searchText", mine).get(BUNDLES).then().statusCode(200)
                .body("id", equalTo(List.of((int) alpha, (int) beta, (int) gamma)));
        as(buyer()).queryParam("searchText", mine).queryParam("sortOrder", "DESC").get(BUNDLES).then().statusCode(200)
                .body("id", equalTo(List.of((int) gamma, (int) beta, (int) alpha)));
        as(buyer()).queryParam("searchText", "crm").get(BUNDLES).then().statusCode(200)
                .body("id", hasItem((int) alpha)).body("id", hasItem((int) gamma)).body("id", not(hasItem((int) beta)));
        as(buyer()).queryParam("searchText", "SALES").get(BUNDLES).then().statusCode(200).body("id", hasItem((int) alpha));
        as(buyer()).queryParam("searchText", "100%_\\").get(BUNDLES).then().statusCode(200).body("$", hasSize(0));
        as(buyer()).queryParam("searchText", mine).queryParam("productType", "DOWNLOADABLE").get(BUNDLES).then().statusCode(200)
                .body("id", equalTo(List.of((int) beta)));
        as(buyer()).queryParam("searchText", mine).queryParam("featured", "true").get(BUNDLES).then().statusCode(200)
                .body("id", equalTo(List.of((int) beta)));
        as(buyer()).queryParam("searchText", mine).queryParam("sortField", "PUBLISHED_ON").queryParam("sortOrder", "DESC")
                .get(BUNDLES).then().statusCode(200).body("id", equalTo(List.of((int) gamma, (int) beta, (int) alpha)));

        Response first = as(buyer()).queryParam("searchText", mine).queryParam("size", 2).get(BUNDLES);
        first.then().statusCode(200).body("id", equalTo(List.of((int) alpha, (int) beta)))
                .header("Link", containsString("rel=\"next\"")).header("Link", containsString("page=1"));
        as(buyer()).queryParam("searchText", mine).queryParam("size", 2).queryParam("page", 1).get(BUNDLES).then()
                .statusCode(200).body("id", equalTo(List.of((int) gamma)))
                .header("Link", containsString("rel=\"prev\"")).header("Link", not(containsString("rel=\"next\"")));

        for (String[] bad : new String[][] { { "sortField", "PRICE" }, { "size", "0" }, { "size", "251" }, { "featured", "maybe" },
                { "status", "GONE" }, { "currency", "usdx" }, { "page", "-1" }, { "productType", "web app" } }) {
            as(buyer()).queryParam(bad[0], bad[1]).get(BUNDLES).then().statusCode(400)
                    .body("code", equalTo("INVALID_FIELD")).body("message", containsString(bad[0]));
        }

        String xml = as(buyer()).accept("application/xml").queryParam("searchText", mine).get(BUNDLES).then().statusCode(200)
                .contentType(containsString("xml")).extract().asString();
        assertTrue(xml.startsWith("<bundles>"), xml);
        assertTrue(xml.contains("<bundle><href>"), xml);
        assertTrue(xml.contains("<name>Alpha " + mine + " CRM</name>"), xml);
        assertEquals(3, xml.split("<bundle>", -1).length - 1, xml);
        as(buyer()).accept("application/xml").get(BUNDLES + "/" + alpha).then().statusCode(200)
                .contentType(containsString("xml")).body(containsString("<startingPrice><amount><EUR>1</EUR><USD>1</USD></amount>"));
        as(buyer()).accept("application/json").get(BUNDLES + "/" + alpha).then().statusCode(200)
                .contentType(containsString("json"));
    }

    @Test
    void withoutACompanyTheStatusIsTheMarketplacesView() {
        long id = product("Marketplace View App", Map.of(), List.of(new HashMap<>(edition("TRIAL"))));
        publish(partner, id);
        UUID user = UUID.randomUUID();
        String status = BUNDLES + "/" + id + "/status";
        int billingCalls = StandIns.requests("billing");

        // a user acting through the marketplace, channel credentials, a read-only reader: one entry, nothing bought
        for (String caller : List.of(InternalTokens.bearerAsUser(partner, user, Roles.USER),
                InternalTokens.bearer(partner, Roles.CHANNEL_ADMIN), InternalTokens.bearer(partner, Roles.PARTNER_READ),
                InternalTokens.bearer(partner, Roles.USER))) {
            as(caller).get(status).then().statusCode(200).body("$", hasSize(1)).body("[0].assigned", equalTo(false))
                    .body("[0].pending", equalTo(false)).body("[0].companyEntitlementId", nullValue())
                    .body("[0].freeTrialAllowed", equalTo(true)).body("[0].freeTrialDaysLeft", equalTo(30));
        }
        asAdmin(partner).queryParam("userId", user.toString()).get(status).then().statusCode(200)
                .body("[0].freeTrialAllowed", equalTo(true));
        String xml = asAdmin(partner).accept("application/xml").get(status).then().statusCode(200).extract().asString();
        assertTrue(xml.startsWith("<userAppInfos><userAppInfo>") && xml.contains("<assigned>false</assigned>"), xml);
        assertEquals(billingCalls, StandIns.requests("billing"), "billing is not asked: no company, no subscriptions");

        // a bundle without a trial offers none
        long plain = product("Marketplace View Plain", Map.of(), List.of(paidEdition("STD", plan("MONTHLY", 10, 9))));
        publish(partner, plain);
        asAdmin(partner).get(BUNDLES + "/" + plain + "/status").then().statusCode(200)
                .body("[0].freeTrialAllowed", equalTo(false)).body("[0].freeTrialDaysLeft", equalTo(0));

        // unknown or unseen bundles, and other users' status, are refused as before
        asAdmin(partner).get(BUNDLES + "/999999999/status").then().statusCode(404).body("code", equalTo("NOT_FOUND"));
        long draft = product("Marketplace View Draft", Map.of(), List.of(edition("STD")));
        as(InternalTokens.bearerAsUser(partner, user, Roles.USER)).get(BUNDLES + "/" + draft + "/status").then()
                .statusCode(404);
        as(InternalTokens.bearer(newPartner(), Roles.CHANNEL_ADMIN)).get(status).then().statusCode(404);
        as(InternalTokens.bearerAsUser(partner, user, Roles.USER)).queryParam("userId", UUID.randomUUID().toString())
                .get(status).then().statusCode(403);
        asAdmin(partner).get(BUNDLES + "/abc/status").then().statusCode(400).body("message", containsString("bundleId"));
        asAdmin(partner).queryParam("userId", "nope").get(status).then().statusCode(400).body("message", containsString("userId"));
    }

    @Test
    void statusIsTheUsersApplicationInfoFromBilling() {
        Map<String, Object> trial = new HashMap<>(edition("TRIAL"));
        long id = product("Trial App", Map.of(), List.of(trial));
        publish(partner, id);
        long editionId = asAdmin(partner).get("/api/marketplace/v1/products/" + id).then().extract().jsonPath()
                .getLong("editions[0].id");
        UUID company = UUID.randomUUID();
        UUID user = UUID.randomUUID();
        String asUser = InternalTokens.bearerAsUser(partner, user, Roles.USER);
        String status = BUNDLES + "/" + id + "/status";

        as(asUser).queryParam("companyId", company.toString()).get(status).then().statusCode(200)
                .body("$", hasSize(1)).body("[0].assigned", equalTo(false)).body("[0].pending", equalTo(false))
                .body("[0].freeTrialAllowed", equalTo(true)).body("[0].freeTrialDaysLeft", equalTo(30))
                .body("[0].companyEntitlementId", nullValue());
        assertTrue(StandIns.lastAuthorization("billing").equals(asUser), "billing sees the caller's own identity");

        String subscription = UUID.randomUUID().toString();
        StandIns.subscriptions(company.toString(), user.toString(), "[{\"id\":\"" + subscription + "\",\"orderId\":42,"
                + "\"status\":\"ACTIVE\",\"companyUuid\":\"" + company + "\",\"userUuid\":\"" + user + "\",\"productId\":" + id
                + ",\"applicationUuid\":\"" + UUID.randomUUID() + "\",\"productName\":\"Trial App\",\"editionId\":" + editionId
                + ",\"editionCode\":\"TRIAL\",\"editionName\":\"Edition TRIAL\",\"paymentPlanId\":7,\"pricingDuration\":\"MONTHLY\","
                + "\"items\":[{\"unit\":\"USER\",\"quantity\":3}],\"accountIdentifier\":\"acc-1\",\"interactive\":false,"
                + "\"createdOn\":" + (System.currentTimeMillis() - Duration.ofDays(10).toMillis()) + ",\"lastModified\":1}]");
        StandIns.assignments(subscription, "[{\"subscriptionId\":\"" + subscription + "\",\"userUuid\":\"" + user
                + "\",\"email\":\"a@example.com\",\"status\":\"ASSIGNED\",\"createdOn\":1,\"lastModified\":1}]");
        as(asUser).queryParam("companyId", company.toString()).get(status).then().statusCode(200)
                .body("$", hasSize(1)).body("[0].assigned", equalTo(true)).body("[0].pending", equalTo(false))
                .body("[0].companyEntitlementId", equalTo(42)).body("[0].editionId", equalTo((int) editionId))
                .body("[0].editionName", equalTo("Edition TRIAL")).body("[0].editionPricingId", equalTo(7))
                .body("[0].ownerUuid", equalTo(user.toString())).body("[0].freeTrialAllowed", equalTo(false))
                .body("[0].freeTrialDaysLeft", equalTo(20)).body("[0].partOfExistingBundle", equalTo(false));
        // channel credentials ask about a user
        asAdmin(partner).queryParam("companyId", company.toString()).queryParam("userId", user.toString()).get(status)
                .then().statusCode(200).body("[0].assigned", equalTo(true));
        String xml = as(asUser).accept("application/xml").queryParam("companyId", company.toString()).get(status).then()
                .statusCode(200).extract().asString();
        assertTrue(xml.startsWith("<userAppInfos><userAppInfo>") && xml.contains("<assigned>true</assigned>"), xml);

        // refusals
        as(asUser).queryParam("companyId", company.toString()).queryParam("userId", UUID.randomUUID().toString()).get(status)
                .then().statusCode(403);
        asAdmin(partner).queryParam("companyId", company.toString()).get(status).then().statusCode(400)
                .body("code", equalTo("INVALID_FIELD"))
                .body("message", equalTo("userId: is required with companyId when the caller does not act as a user"));
        as(asUser).queryParam("companyId", "nope").get(status).then().statusCode(400).body("message", containsString("companyId"));
        as(InternalTokens.bearerAsUser(newPartner(), user, Roles.USER)).queryParam("companyId", company.toString()).get(status)
                .then().statusCode(404);
        given().queryParam("companyId", company.toString()).get(status).then().statusCode(403);
    }
}
