package dev.marketplace.catalog;

import static io.restassured.RestAssured.given;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

import dev.marketplace.common.security.InternalToken;
import dev.marketplace.common.security.Roles;
import dev.marketplace.testkit.InternalTokens;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import io.restassured.specification.RequestSpecification;

/** Shared helpers: callers of every kind and a product with one edition and one plan. */
public final class CatalogFixtures {
    private CatalogFixtures() {
    }

    public static String newPartner() {
        return "P" + UUID.randomUUID().toString().substring(0, 8);
    }

    public static RequestSpecification as(String authorization) {
        return given().header("Authorization", authorization).contentType(ContentType.JSON);
    }

    public static RequestSpecification asAdmin(String partner) {
        return as(InternalTokens.bearer(partner, Roles.CHANNEL_ADMIN));
    }

    public static String developer(String partner, UUID user) {
        return InternalTokens.bearerAsUser(partner, user, Roles.DEVELOPER);
    }

    public static String vendor(String partner, long productId) {
        return InternalTokens.bearer(new InternalToken.Claims("vendor-key", "vendor", partner, Set.of(Roles.VENDOR), null,
                productId));
    }

    /** notification-service's service token of {@code partner}: reads the integration with the vendor's secret. */
    public static String notificationService(String partner) {
        return InternalTokens.peerBearer("notification", partner, Roles.SYS_ADMIN);
    }

    /** billing-service's service token of {@code partner}: reads the integration without the secret, has URLs signed. */
    public static String billingService(String partner) {
        return InternalTokens.peerBearer("billing", partner, Roles.SYS_ADMIN);
    }

    public static Map<String, Object> plan(String frequency, int usd) {
        return Map.of("frequency", frequency, "costs", List.of(Map.of("unit", "USER", "minUnits", 1, "maxUnits", 100,
                "amount", Map.of("USD", usd, "EUR", usd - 1))));
    }

    public static Map<String, Object> edition(String code) {
        return Map.ofEntries(Map.entry("code", code), Map.entry("name", "Edition " + code), Map.entry("rank", 1),
                Map.entry("primary", true), Map.entry("trial", Map.of("length", 1, "unit", "MONTH")),
                Map.entry("revenueType", "RECURRING"), Map.entry("freeTrialDuration", 30), Map.entry("freeTrialType", "DAY"),
                Map.entry("bullets", List.of(Map.of("content", "Unlimited projects", "tooltip", "really"))),
                Map.entry("items", List.of(Map.of("amount", 5, "unit", "GIGABYTE", "unlimited", false))),
                Map.entry("customizations", List.of(Map.of("type", "COLOR", "value", "blue"))),
                Map.entry("plans", List.of(plan("MONTHLY", 10), plan("YEARLY", 100))));
    }

    /** A product-scoped token: the product's own credentials (OAuth 2.0 scope ROLE_APPLICATION_<id> at the gateway). */
    public static String product(String partner, long productId) {
        return vendor(partner, productId);
    }

    /** Creates a product from {@code body} as channel admin of {@code partner}; returns the response. */
    public static JsonPath createProduct(String partner, Map<String, Object> body) {
        return asAdmin(partner).body(body).post("/api/marketplace/v1/products").then().statusCode(201).extract().jsonPath();
    }

    /** Publishes a product to the storefront. */
    public static void publish(String partner, long productId) {
        asAdmin(partner).post("/api/marketplace/v1/products/" + productId + "/publication").then().statusCode(200);
    }

    /** Creates a product with edition BASIC (two plans) as channel admin of {@code partner}; returns the response. */
    public static JsonPath createProduct(String partner, List<String> developers) {
        return asAdmin(partner).body(Map.of("name", "Task Pro", "description", "Tasks", "vendorName", "Tasky Inc",
                "developers", developers, "editions", List.of(edition("BASIC"))))
                .post("/api/marketplace/v1/products").then().statusCode(201).extract().jsonPath();
    }
}
