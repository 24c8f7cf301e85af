package dev.marketplace.devstack;

import java.io.IOException;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;

import dev.marketplace.testkit.Eventually;

/** Setup and probes the end-to-end tests of vendors and billing share: a product of the SDK vendor, a buyer, charges. */
final class BillingSteps {
    private BillingSteps() {
    }

    /** A company created with its first user, and that user. */
    record Buyer(String companyUuid, String userUuid) {
    }

    /**
     * Creates {@code product}, lets the SDK vendor trust its credentials and sends it the given events (non-interactive);
     * answers the created product.
     */
    static JsonPath sdkProduct(GatewayClient client, VendorApp vendor, Map<String, Object> product, String... events)
            throws IOException {
        JsonPath created = client.signed("POST", "/api/marketplace/v1/products").contentType(ContentType.JSON).body(product)
                .post(client.url("/api/marketplace/v1/products")).then().statusCode(201).extract().jsonPath();
        vendor.trust(created.getString("integration.consumerKey"), created.getString("integration.consumerSecret"));
        String template = vendor.eventUrlTemplate();
        Map<String, String> eventUrls = Arrays.stream(events).collect(Collectors.toMap(e -> e, e -> template));
        String integration = "/api/marketplace/v1/products/" + created.getLong("id") + "/integration";
        client.signed("PUT", integration).contentType(ContentType.JSON)
                .body(Map.of("interactive", false, "eventUrls", eventUrls))
                .put(client.url(integration)).then().statusCode(200);
        return created;
    }

    /** A company with its first user (email, first and last name), and that user's uuid. */
    static Buyer company(GatewayClient client, String name, String externalId, String email, String firstName,
            String lastName) {
        String companyUuid = client.signed("POST", "/api/account/v2/companies").contentType(ContentType.JSON)
                .body(Map.of("name", name, "externalId", externalId, "countryCode", "US",
                        "firstUser", Map.of("email", email, "firstName", firstName, "lastName", lastName)))
                .post(client.url("/api/account/v2/companies")).then().statusCode(201).extract().path("uuid");
        String memberships = "/api/account/v2/companies/" + companyUuid + "/memberships";
        String userUuid = client.signed("GET", memberships).get(client.url(memberships)).then().statusCode(200)
                .extract().path("content[0].user.uuid");
        return new Buyer(companyUuid, userUuid);
    }

    /** How many charges of the invoice the sandbox payment provider has seen. */
    static long charges(int invoice) {
        return Suite.stack().payments().gateway().charges().stream()
                .filter(c -> c.path("reference").asText().contains("/invoice/" + invoice + "/")).count();
    }

    /** The number of the UNPAID invoice of an order, once billing has issued it. */
    static int awaitUnpaidInvoice(GatewayClient client, String companyUuid, long orderId) {
        String path = "/api/billing/v1/companies/" + companyUuid + "/invoices";
        return Eventually.found(() -> {
            List<Integer> found = client.signed("GET", path).get(client.url(path)).then().statusCode(200).extract().jsonPath()
                    .getList("findAll { it.orderIds.contains('" + orderId + "') && it.status == 'UNPAID' }.invoiceId",
                            Integer.class);
            return found.stream().findFirst();
        }, "an UNPAID invoice of order " + orderId);
    }
}
