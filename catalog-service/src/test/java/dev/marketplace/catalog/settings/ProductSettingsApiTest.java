package dev.marketplace.catalog.settings;

import static dev.marketplace.catalog.CatalogFixtures.as;
import static dev.marketplace.catalog.CatalogFixtures.asAdmin;
import static dev.marketplace.catalog.CatalogFixtures.createProduct;
import static dev.marketplace.catalog.CatalogFixtures.developer;
import static dev.marketplace.catalog.CatalogFixtures.edition;
import static dev.marketplace.catalog.CatalogFixtures.newPartner;
import static dev.marketplace.catalog.CatalogFixtures.vendor;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import org.junit.jupiter.api.Test;

import dev.marketplace.common.security.Roles;
import dev.marketplace.testkit.DomainEvents;
import dev.marketplace.testkit.InternalTokens;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;

@QuarkusTest
class ProductSettingsApiTest {
    private static final String SETTINGS = "/api/v3/marketplaceProduct/productSettings/";
    private static final String ACTIVE = "/api/v3/marketplaceProduct/activeSettings/";
    private final String partner = newPartner();

    private JsonPath product(Map<String, Object> body) {
        return createProduct(partner, body);
    }

    @Test
    void settingsAreReadWithDefaultsUpdatedAndReadBack() {
        JsonPath created = product(Map.of("name", "Settings App", "refId", "SKU-" + partner, "iconUrl", "https://cdn.example/i.png",
                "editions", List.of(edition("BASIC"))));
        long id = created.getLong("id");
        long editionId = created.getLong("editions[0].id");
        long planId = created.getLong("editions[0].plans[0].id");

        asAdmin(partner).get(SETTINGS + id).then().statusCode(200)
                .body("productInformation.productName", equalTo("Settings App"))
                .body("productInformation.iconUrl", equalTo("https://cdn.example/i.png"))
                .body("productInformation.appFromNetwork", equalTo(false))
                .body("general.settings.visibleOnMarketplace", equalTo(true))
                .body("general.settings.validations[0].field", equalTo("termsOfServiceURL"))
                .body("general.settings.sortingRank.selectedOption", equalTo("Medium"))
                .body("general.settings.sortingRank.options", hasSize(5))
                .body("general.settings.collectLeads.options", equalTo(List.of("inAdditionToPurchase", "insteadOfPurchase")))
                .body("general.apiHealthMaintenance.purchase.disabled", equalTo(true))
                .body("general.apiHealthMaintenance.purchase.tooltip", containsString("SUBSCRIPTION_ORDER"))
                .body("billing.freeTrialBillingOptions[0].editionId", equalTo((int) editionId))
                .body("billing.freeTrialBillingOptions[0].editionName", equalTo("Edition BASIC"))
                .body("billing.billingSettings.billingCycle.selectedOption", equalTo("MP_DEFAULT_CYCLE"))
                .body("billing.skuSettings.validations[0].field", equalTo("sku"));

        Map<String, Object> body = Map.of(
                "productInformation", Map.of("productName", "ignored"),
                "general", Map.of("settings", Map.of("visibleOnNetwork", true, "showAsComingSoon", true,
                        "termsOfServiceURL", "https://acme.example/tos", "sortingRank", Map.of("selectedOption", "High"),
                        "collectLeads", Map.of("enabled", true, "selectedOption", "inAdditionToPurchase")),
                        "apiHealthMaintenance", Map.of("purchase", Map.of("value", false)),
                        "additionalSettings", Map.of("customSettings", List.of(Map.of("key", "color", "value", "blue", "label", "Color"),
                                Map.of("key", "beta", "value", true)))),
                "productGroups", Map.of("categories", Map.of("options", List.of(Map.of("categoryId", 186, "name", "Numbers",
                        "subCategories", List.of(Map.of("subCategoryId", 113, "name", "One")))),
                        "selectedOptions", List.of(Map.of("categoryId", 186, "subCategoryId", 113))),
                        "merchandisingOptions", Map.of("ribbons", Map.of("options", List.of(Map.of("ribbonId", 7, "text", "Free")),
                                "selectedOption", 7))),
                "billing", Map.of("billingSettings", Map.of("skipFirstPayment", true, "taxCode", "ABC123",
                        "billingCycle", Map.of("selectedOption", "CUSTOM_DAY_OF_THE_MONTH", "startDay", 15)),
                        "freeTrialBillingOptions", List.of(Map.of("editionId", editionId, "requireBillingInfo", false,
                                "automaticUpgradeToPaidEnabled", true)),
                        "skuSettings", Map.of("editionPricingItems", List.of(Map.of("paymentPlanId", planId,
                                "skus", List.of(Map.of("pricingItemId", 1, "sku", "A1B2C3", "fid1", "yy-yy")))))));
        asAdmin(partner).body(body).put(SETTINGS + id).then().statusCode(200)
                .body("$", hasSize(1)).body("[0].general.settings.sortingRank.selectedOption", equalTo("High"))
                .body("[0].productInformation.productName", equalTo("Settings App"));
        JsonPath read = asAdmin(partner).get(SETTINGS + id).then().statusCode(200).extract().jsonPath();
        assertEquals(true, read.getBoolean("general.settings.visibleOnNetwork"));
        assertEquals("https://acme.example/tos", read.getString("general.settings.termsOfServiceURL"));
        assertEquals(false, read.getBoolean("general.apiHealthMaintenance.purchase.value"));
        assertEquals("blue", read.getString("general.additionalSettings.customSettings[0].value"));
        assertEquals(true, read.getBoolean("general.additionalSettings.customSettings[1].value"));
        assertEquals(113, read.getInt("productGroups.categories.selectedOptions[0].subCategoryId"));
        assertEquals(7, read.getInt("productGroups.merchandisingOptions.ribbons.selectedOption"));
        assertEquals(15, read.getInt("billing.billingSettings.billingCycle.startDay"));
        assertEquals(false, read.getBoolean("billing.freeTrialBillingOptions[0].requireBillingInfo"));
        assertEquals("Edition BASIC", read.getString("billing.skuSettings.editionPricingItems[0].editionName"));
        assertEquals("A1B2C3", read.getString("billing.skuSettings.editionPricingItems[0].skus[0].sku"));

        // by refId; a group left out stays
        asAdmin(partner).get(SETTINGS + "readByRefId/SKU-" + partner).then().statusCode(200)
                .body("general.settings.sortingRank.selectedOption", equalTo("High"));
        asAdmin(partner).body(Map.of("billing", Map.of("billingSettings", Map.of("taxCode", "XYZ"))))
                .put(SETTINGS + "updateByRefId/SKU-" + partner).then().statusCode(200);
        asAdmin(partner).get(SETTINGS + id).then().statusCode(200)
                .body("general.settings.sortingRank.selectedOption", equalTo("High"))
                .body("billing.billingSettings.taxCode", equalTo("XYZ"));
        asAdmin(partner).get(SETTINGS + "readByRefId/NOPE-" + partner).then().statusCode(404);

        var event = DomainEvents.await(e -> "PRODUCT_SETTINGS_UPDATED".equals(e.path("type").asText())
                && String.valueOf(id).equals(e.path("aggregate").path("id").asText()), Duration.ofSeconds(20));
        assertEquals(partner, event.path("partner").asText());
    }

    @Test
    void addToCatalogPublishesTheProduct() {
        long id = product(Map.of("name", "Catalog App", "editions", List.of(edition("BASIC")))).getLong("id");
        asAdmin(partner).get("/api/marketplace/v1/products/" + id).then().body("status", equalTo("DRAFT"));
        asAdmin(partner).body(Map.of()).put(SETTINGS + id).then().statusCode(200);
        asAdmin(partner).get("/api/marketplace/v1/products/" + id).then().body("status", equalTo("DRAFT"));
        asAdmin(partner).queryParam("addToCatalog", "true").body(Map.of()).put(SETTINGS + id).then().statusCode(200);
        asAdmin(partner).get("/api/marketplace/v1/products/" + id).then().body("status", equalTo("PUBLISHED"));
        asAdmin(partner).queryParam("addToCatalog", "sure").body(Map.of()).put(SETTINGS + id).then().statusCode(400)
                .body("message", containsString("addToCatalog"));
    }

    @Test
    void invalidSettingsAreRefusedNamingEveryFieldAndChangeNothing() {
        JsonPath created = product(Map.of("name", "Strict App", "editions", List.of(edition("BASIC"))));
        long id = created.getLong("id");
        Map<String, Object> bad = Map.of(
                "general", Map.of("settings", Map.of("termsOfServiceURL", "ftp://x", "sortingRank", Map.of("selectedOption", "Top")),
                        "additionalSettings", Map.of("customSettings", List.of(Map.of("key", "k", "value", List.of(1))))),
                "productGroups", Map.of("categories", Map.of("options", List.of(Map.of("categoryId", 1)),
                        "selectedOptions", List.of(Map.of("categoryId", 2))),
                        "attributes", List.of(Map.of("attributeId", 5, "required", true, "options",
                                List.of(Map.of("attributeOptionId", 1, "selected", false))))),
                "billing", Map.of("billingSettings", Map.of("billingCycle", Map.of("selectedOption", "CUSTOM_DAY_OF_THE_MONTH")),
                        "freeTrialBillingOptions", List.of(Map.of("editionId", 999999999)),
                        "skuSettings", Map.of("editionPricingItems", List.of(Map.of("paymentPlanId", 999999999)))));
        asAdmin(partner).body(bad).put(SETTINGS + id).then().statusCode(400).body("code", equalTo("INVALID_FIELD"))
                .body("message", containsString("general.settings.termsOfServiceURL"))
                .body("message", containsString("general.settings.sortingRank.selectedOption"));
        Map<String, Object> crossField = new HashMap<>(bad);
        crossField.put("general", Map.of("additionalSettings", Map.of("customSettings", List.of(Map.of("key", "k", "value", List.of(1))))));
        asAdmin(partner).body(crossField).put(SETTINGS + id).then().statusCode(400)
                .body("message", containsString("general.additionalSettings.customSettings[0].value: must be a string or a boolean"))
                .body("message", containsString("productGroups.categories.selectedOptions[0].categoryId"))
                .body("message", containsString("productGroups.attributes[0].options: is required"))
                .body("message", containsString("billing.billingSettings.billingCycle.startDay"))
                .body("message", containsString("billing.freeTrialBillingOptions[0].editionId"))
                .body("message", containsString("billing.skuSettings.editionPricingItems[0].paymentPlanId"));
        asAdmin(partner).body(Map.of("general", Map.of("colour", "red"))).put(SETTINGS + id).then().statusCode(400)
                .body("code", equalTo("INVALID_FIELD")).body("message", containsString("colour"));
        asAdmin(partner).get(SETTINGS + id).then().statusCode(200).body("general.settings.sortingRank.selectedOption", equalTo("Medium"));
        asAdmin(partner).get(SETTINGS + "abc").then().statusCode(400).body("message", containsString("productId"));
    }

    @Test
    void rolesAndTenancy() {
        JsonPath created = product(Map.of("name", "Guarded App", "refId", "G-" + partner, "editions", List.of(edition("BASIC"))));
        long id = created.getLong("id");
        Map<String, Object> body = Map.of("general", Map.of("settings", Map.of("hideAllPricing", true)));
        // readers
        as(InternalTokens.bearer(partner, Roles.PARTNER_READ)).get(SETTINGS + id).then().statusCode(200);
        as(InternalTokens.bearer(partner, Roles.CHANNEL_PRODUCT_SUPPORT)).get(ACTIVE + id).then().statusCode(200);
        as(InternalTokens.bearer(partner, Roles.PARTNER)).get(SETTINGS + "readByRefId/G-" + partner).then().statusCode(200);
        // writers
        as(InternalTokens.bearer(partner, Roles.CHANNEL_PRODUCT_SUPPORT)).body(body).put(SETTINGS + id).then().statusCode(200);
        as(InternalTokens.bearer(partner, Roles.PARTNER_READ)).body(body).put(SETTINGS + id).then().statusCode(403);
        // nobody else
        for (String other : List.of(InternalTokens.bearer(partner, Roles.USER), developer(partner, UUID.randomUUID()),
                vendor(partner, id), InternalTokens.bearer(partner, Roles.SYS_ADMIN))) {
            as(other).get(SETTINGS + id).then().statusCode(403).body("code", equalTo("FORBIDDEN"));
            as(other).get(ACTIVE + id).then().statusCode(403);
            as(other).get(SETTINGS + "readByRefId/G-" + partner).then().statusCode(403);
            as(other).body(body).put(SETTINGS + id).then().statusCode(403);
        }
        given().get(SETTINGS + id).then().statusCode(403);
        // another marketplace's product is unknown here
        String stranger = InternalTokens.bearer(newPartner(), Roles.CHANNEL_ADMIN);
        as(stranger).get(SETTINGS + id).then().statusCode(404);
        as(stranger).get(ACTIVE + id).then().statusCode(404);
        as(stranger).get(SETTINGS + "readByRefId/G-" + partner).then().statusCode(404);
        as(stranger).body(body).put(SETTINGS + id).then().statusCode(404);
        asAdmin(partner).get(SETTINGS + "999999999").then().statusCode(404);
        asAdmin(partner).get(SETTINGS + id).then().body("general.settings.hideAllPricing", equalTo(true));
    }

    @Test
    void activeSettingsFollowTheProductsTypeAndConfiguration() {
        // no plans at all: no billing
        long bare = product(Map.of("name", "Bare", "editions", List.of(Map.of("code", "E", "name", "E")))).getLong("id");
        asAdmin(partner).get(ACTIVE + bare).then().statusCode(200)
                .body("productInformation.productName", equalTo("Bare"))
                .body("showSettingsContainer", equalTo(true)).body("showProductTab", equalTo(true))
                .body("showBillingTab", equalTo(false)).body("showBillingSettingsContainer", equalTo(false))
                .body("showTaxCode", equalTo(false)).body("showSKUsContainer", equalTo(false))
                .body("showHideAllPricing", equalTo(false)).body("showFreeTrialBillingOptionsContainer", equalTo(false))
                .body("showAPIHealthMaintenanceContainer", equalTo(false)).body("showSellDomainAsStandalone", equalTo(false))
                .body("showAsComingSoon", equalTo(true));

        // paid monthly plans, a trial, event URLs
        long paid = product(Map.of("name", "Paid", "editions", List.of(edition("BASIC")))).getLong("id");
        asAdmin(partner).body(Map.of("eventUrls", Map.of("SUBSCRIPTION_ORDER", "https://vendor.example/o?e={eventUrl}")))
                .put("/api/marketplace/v1/products/" + paid + "/integration").then().statusCode(200);
        asAdmin(partner).get(ACTIVE + paid).then().statusCode(200)
                .body("showBillingTab", equalTo(true)).body("showBillingSettingsContainer", equalTo(true))
                .body("showSkipFirstPayment", equalTo(true)).body("showTaxCode", equalTo(true))
                .body("showBillingCycleStartDay", equalTo(true)).body("showSKUsContainer", equalTo(true))
                .body("showFreeTrialBillingOptionsContainer", equalTo(true)).body("showSetupFeeTaxCode", equalTo(false))
                .body("showAPIHealthMaintenanceContainer", equalTo(true)).body("showFID1Number", equalTo(false))
                .body("showBillingPatternsContainer", equalTo(false));

        // a domain sold once with a setup fee; an add-on is not listed on its own
        Map<String, Object> setup = Map.of("frequency", "ONE_TIME", "costs", List.of(
                Map.of("unit", "SETUP_FEE", "amount", Map.of("USD", 5)), Map.of("unit", "UNIT", "amount", Map.of("USD", 12))));
        long domain = product(Map.of("name", "Domain", "productType", "DOMAIN", "editions",
                List.of(Map.of("code", "D", "name", "D", "plans", List.of(setup))))).getLong("id");
        asAdmin(partner).get(ACTIVE + domain).then().statusCode(200).body("showSellDomainAsStandalone", equalTo(true))
                .body("showSetupFeeTaxCode", equalTo(true)).body("showSkipFirstPayment", equalTo(false))
                .body("showBillingCycleStartDay", equalTo(false));
        long addon = product(Map.of("name", "Addon", "productType", "ADDON")).getLong("id");
        asAdmin(partner).get(ACTIVE + addon).then().statusCode(200).body("showSettingsContainer", equalTo(false))
                .body("showProductTab", equalTo(false)).body("showCategoriesContainer", equalTo(false));
        asAdmin(partner).get(ACTIVE + "abc").then().statusCode(400);
        asAdmin(partner).get(SETTINGS + addon).then().statusCode(200).body("billing.freeTrialBillingOptions", hasSize(0))
                .body("general.settings.termsOfServiceURL", nullValue());
    }
}
