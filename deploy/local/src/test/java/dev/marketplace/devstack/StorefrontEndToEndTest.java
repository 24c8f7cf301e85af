package dev.marketplace.devstack;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.anEmptyMap;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.not;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.UUID;

import org.junit.jupiter.api.Test;

import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;

/**
 * The catalogue family through the gateway, against the real account-service and billing-service: the storefront
 * (publication, bundle list with a text filter in JSON and XML, one bundle, a user's status), product settings,
 * checkout item details for a company and user account-service knows, shipping zones, and content events published
 * with a product-scoped OAuth 2.0 token.
 */
class StorefrontEndToEndTest {
    private final GatewayClient client = GatewayClient.bootstrapConsumer();

    private JsonPath createProduct(String name) {
        Map<String, Object> plan = Map.of("frequency", "MONTHLY", "costs", List.of(Map.of("unit", "USER", "minUnits", 1,
                "maxUnits", 50, "amount", Map.of("USD", 12, "EUR", 11))));
        return client.signed("POST", "/api/marketplace/v1/products").contentType(ContentType.JSON)
                .body(Map.of("name", name, "vendorName", "E2E Vendor", "blurb", "Storefront e2e",
                        "editions", List.of(Map.of("code", "STD", "name", "Standard", "trial", Map.of("length", 14, "unit", "DAY"),
                                "plans", List.of(plan)))))
                .post(client.url("/api/marketplace/v1/products")).then().statusCode(201).extract().jsonPath();
    }

    @Test
    void theStorefrontListsPublishedProductsWithATextFilter() {
        String word = "e2e" + UUID.randomUUID().toString().substring(0, 8);
        JsonPath product = createProduct("Storefront " + word);
        long id = product.getLong("id");
        String list = "/api/marketplace/v1/bundles?searchText=" + word;
        client.signed("GET", list).get(client.url(list)).then().statusCode(200)
                .body("find { it.id == " + id + " }.status", equalTo("DRAFT"));
        String publication = "/api/marketplace/v1/products/" + id + "/publication";
        client.signed("POST", publication).post(client.url(publication)).then().statusCode(200).body("status", equalTo("PUBLISHED"));
        client.signed("GET", list).get(client.url(list)).then().statusCode(200).body("id", equalTo(List.of((int) id)))
                .body("[0].startingPrice", equalTo("$12.00/User/Mo")).body("[0].billingFrequency", equalTo("MONTHLY"))
                .body("[0].freeTrialOrEditionPresent", equalTo(true)).body("[0].buyable", equalTo(true));
        String xml = client.signed("GET", list).accept("application/xml").get(client.url(list)).then().statusCode(200)
                .contentType(containsString("xml")).extract().asString();
        assertTrue(xml.startsWith("<bundles><bundle>") && xml.contains("<name>Storefront " + word + "</name>"), xml);
        String one = "/api/marketplace/v1/bundles/" + id;
        client.signed("GET", one).get(client.url(one)).then().statusCode(200).body("startingPrice.amount.USD", equalTo(12))
                .body("discountDetails", equalTo(null));

        // a user's status: billing (real) knows no subscription of theirs in their company (account-service's)
        String company = client.signed("POST", "/api/account/v2/companies").contentType(ContentType.JSON)
                .body(Map.of("name", "Status Co " + word, "countryCode", "US",
                        "firstUser", Map.of("email", "stan-" + word + "@e2e.example", "firstName", "Stan")))
                .post(client.url("/api/account/v2/companies")).then().statusCode(201).extract().path("uuid");
        String memberships = "/api/account/v2/companies/" + company + "/memberships";
        String user = client.signed("GET", memberships).get(client.url(memberships)).then().statusCode(200)
                .extract().path("content[0].user.uuid");
        String status = one + "/status?companyId=" + company + "&userId=" + user;
        client.signed("GET", status).get(client.url(status)).then().statusCode(200).body("$", hasSize(1))
                .body("[0].assigned", equalTo(false)).body("[0].freeTrialAllowed", equalTo(true))
                .body("[0].freeTrialDaysLeft", equalTo(14));

        // settings through the gateway: hidden from the marketplace, then shown again
        String settings = "/api/v3/marketplaceProduct/productSettings/" + id;
        client.signed("PUT", settings).contentType(ContentType.JSON)
                .body(Map.of("general", Map.of("settings", Map.of("visibleOnMarketplace", false))))
                .put(client.url(settings)).then().statusCode(200).body("[0].general.settings.visibleOnMarketplace", equalTo(false));
        String active = "/api/v3/marketplaceProduct/activeSettings/" + id;
        client.signed("GET", active).get(client.url(active)).then().statusCode(200).body("showBillingTab", equalTo(true))
                .body("productInformation.productName", equalTo("Storefront " + word));
        client.signed("PUT", settings + "?addToCatalog=true").contentType(ContentType.JSON)
                .body(Map.of("general", Map.of("settings", Map.of("visibleOnMarketplace", true))))
                .put(client.url(settings + "?addToCatalog=true")).then().statusCode(200);
        client.signed("GET", settings).get(client.url(settings)).then().statusCode(200)
                .body("general.settings.visibleOnMarketplace", equalTo(true));
        given().get(client.url(list)).then().statusCode(403);
    }

    @Test
    void checkoutPricesAProductForAnOwnerAccountServiceKnows() {
        String externalId = "checkout-e2e-" + UUID.randomUUID();
        String company = client.signed("POST", "/api/account/v2/companies").contentType(ContentType.JSON)
                .body(Map.of("name", "Checkout E2E Co", "externalId", externalId, "countryCode", "US",
                        "firstUser", Map.of("email", "cora-" + externalId + "@e2e.example", "firstName", "Cora")))
                .post(client.url("/api/account/v2/companies")).then().statusCode(201).extract().path("uuid");
        String memberships = "/api/account/v2/companies/" + company + "/memberships";
        String user = client.signed("GET", memberships).get(client.url(memberships)).then().statusCode(200)
                .extract().path("content[0].user.uuid");
        JsonPath product = createProduct("Checkout " + externalId);
        long id = product.getLong("id");
        String publication = "/api/marketplace/v1/products/" + id + "/publication";
        client.signed("POST", publication).post(client.url(publication)).then().statusCode(200);

        Map<String, Object> request = Map.of("ownerUserId", user, "ownerCompanyId", company, "buyerUserId", user,
                "buyerCompanyId", company, "currency", "EUR", "productIds", List.of(String.valueOf(id)));
        String items = "/api/v3/checkout/items?xoauth_requestor_id=" + user;
        client.signed("POST", items).contentType(ContentType.JSON).body(request).post(client.url(items)).then().statusCode(200)
                .body("id", equalTo(product.getString("uuid"))).body("type", equalTo("PRODUCT"))
                .body("branding.name", equalTo("Checkout " + externalId))
                .body("editions[0].pricingPlans[0].currency", equalTo("EUR"))
                .body("editions[0].pricingPlans[0].pricingSources[0].pricingDefinitions[0].priceRanges[0].salePrice",
                        equalTo("11.0000000000"))
                .body("editions[0].freeTrialTerms.freeTrialDuration", equalTo(14));
        // no exchange rate to an unpriced currency: refused, naming it
        Map<String, Object> inYen = new java.util.HashMap<>(request);
        inYen.put("currency", "JPY");
        client.signed("POST", items).contentType(ContentType.JSON).body(inYen).post(client.url(items)).then().statusCode(400)
                .body("message", containsString("currency"));
        // a company account-service does not know
        Map<String, Object> stranger = new java.util.HashMap<>(request);
        stranger.put("ownerCompanyId", UUID.randomUUID().toString());
        client.signed("POST", items).contentType(ContentType.JSON).body(stranger).post(client.url(items)).then().statusCode(400)
                .body("message", containsString("ownerCompanyId"));
        Map<String, Object> unsupported = new java.util.HashMap<>(request);
        unsupported.put("bundleIds", List.of("1"));
        client.signed("POST", items).contentType(ContentType.JSON).body(unsupported).post(client.url(items)).then()
                .statusCode(400).body("message", containsString("bundleIds: is currently unsupported"));
    }

    @Test
    void shippingZonesKeepTheirSecretAndContentEventsNeedAProductToken() {
        String secret = "e2e-secret-" + UUID.randomUUID();
        String name = "Zone " + UUID.randomUUID();
        String create = "/api/platformAdministration/v1/shippingConfigurations/zone";
        String uuid = client.signed("POST", create).contentType(ContentType.JSON)
                .body(Map.of("name", name, "countries", List.of(Map.of("shortCode", "FR", "includedRegions", List.of("FR+75"))),
                        "defaultConnector", "poste", "connectorConfigurations",
                        Map.of("poste", Map.of("baseUrl", "https://connector.example/ship", "sharedSecret", secret))))
                .post(client.url(create)).then().statusCode(201).body("connectorConfigurations", anEmptyMap())
                .body(not(containsString(secret))).extract().path("uuid");
        String zones = "/api/platformAdministration/v1/shippingConfigurations/zones";
        client.signed("GET", zones).get(client.url(zones)).then().statusCode(200).body("uuid", hasItem(uuid))
                .body(not(containsString(secret)));
        client.signed("PUT", zones + "/" + uuid).contentType(ContentType.JSON).body(Map.of("name", name + " (EU)"))
                .put(client.url(zones + "/" + uuid)).then().statusCode(200).body("name", equalTo(name + " (EU)"));
        client.signed("POST", create).contentType(ContentType.JSON)
                .body(Map.of("name", "Metadata", "countries", List.of(Map.of("shortCode", "US")), "connectorConfigurations",
                        Map.of("x", Map.of("baseUrl", "http://169.254.169.254/latest", "sharedSecret", "12345678"))))
                .post(client.url(create)).then().statusCode(400).body("message", containsString("connectorConfigurations.x.baseUrl"));

        // content events: the product's own OAuth 2.0 token; a channel token is refused
        JsonPath product = createProduct("Content " + UUID.randomUUID());
        String key = product.getString("integration.consumerKey");
        String productSecret = product.getString("integration.consumerSecret");
        String token = given().auth().preemptive().basic(key, productSecret).formParam("grant_type", "client_credentials")
                .post(client.url("/oauth2/token")).then().statusCode(200)
                .body("scope", equalTo("ROLE_APPLICATION_" + product.getLong("id"))).extract().path("access_token");
        Map<String, Object> event = Map.of("key", Map.of("source", product.getString("uuid"), "instance", "e2e.example",
                "resourceId", "doc-1"), "action", Map.of("verb", "shared", "text", "a document"),
                "contents", List.of(Map.of("url", "https://e2e.example/doc-1", "title", "Doc")));
        given().header("Authorization", "Bearer " + token).contentType(ContentType.JSON).body(event)
                .post(client.url("/api/appwise/v2/data")).then().statusCode(200).body("$", anEmptyMap());
        given().header("Authorization", "Bearer " + token).contentType(ContentType.JSON)
                .body(Map.of("action", Map.of("verb", "x"))).post(client.url("/api/appwise/v2/data")).then().statusCode(400)
                .body("status", equalTo(400)).body("message", containsString("key"));
        String channel = given().auth().preemptive().basic(DevStack.CONSUMER_KEY, DevStack.CONSUMER_SECRET)
                .formParam("grant_type", "client_credentials").post(client.url("/oauth2/token")).then().statusCode(200)
                .extract().path("access_token");
        given().header("Authorization", "Bearer " + channel).contentType(ContentType.JSON).body(event)
                .post(client.url("/api/appwise/v2/data")).then().statusCode(403).body("status", equalTo(403));
        // and the product's token cannot reach shipping zones
        given().header("Authorization", "Bearer " + token).get(client.url(zones)).then().statusCode(403);
    }
}
