package dev.marketplace.devstack;

import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasSize;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import org.junit.jupiter.api.Test;

import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import io.restassured.response.Response;

import dev.marketplace.testkit.Eventually;

/**
 * Where the API once differed from its spec, through the gateway: a bundle's status without {@code companyId}, date
 * filters bounded at the very millisecond an item shows, billing's company lists for an unknown company, and vendor
 * event URLs spelling a private address in inet_aton's other forms.
 */
class SpecConformanceEndToEndTest {
    private final GatewayClient client = GatewayClient.bootstrapConsumer();

    private Response get(String path) {
        return client.signed("GET", path).get(client.url(path));
    }

    private Response post(String path, Object body) {
        return client.signed("POST", path).contentType(ContentType.JSON).body(body).post(client.url(path));
    }

    private Response put(String path, Object body) {
        return client.signed("PUT", path).contentType(ContentType.JSON).body(body).put(client.url(path));
    }

    /** A company of account-service and its first user: {uuid, user}. */
    private String[] company(String name) {
        String externalId = "spec-" + UUID.randomUUID();
        String uuid = post("/api/account/v2/companies", Map.of("name", name, "externalId", externalId, "countryCode", "US",
                "firstUser", Map.of("email", "first-" + externalId + "@e2e.example", "firstName", "Fay")))
                .then().statusCode(201).extract().path("uuid");
        String user = get("/api/account/v2/companies/" + uuid + "/memberships").then().statusCode(200)
                .extract().path("content[0].user.uuid");
        return new String[] { uuid, user };
    }

    private JsonPath product(String name) {
        Map<String, Object> plan = Map.of("frequency", "MONTHLY", "costs", List.of(Map.of("unit", "USER", "minUnits", 1,
                "maxUnits", 50, "amount", Map.of("USD", 12))));
        return post("/api/marketplace/v1/products", Map.of("name", name, "vendorName", "Spec Vendor",
                "editions", List.of(Map.of("code", "STD", "name", "Standard", "trial", Map.of("length", 14, "unit", "DAY"),
                        "plans", List.of(plan))))).then().statusCode(201).extract().jsonPath();
    }

    @Test
    void aBundlesStatusNeedsNoCompany() {
        long id = product("Status " + UUID.randomUUID()).getLong("id");
        String publication = "/api/marketplace/v1/products/" + id + "/publication";
        post(publication, Map.of()).then().statusCode(200);
        String status = "/api/marketplace/v1/bundles/" + id + "/status";

        // the marketplace's view: nothing bought, the trial on offer
        get(status).then().statusCode(200).body("$", hasSize(1)).body("[0].assigned", equalTo(false))
                .body("[0].pending", equalTo(false)).body("[0].freeTrialAllowed", equalTo(true))
                .body("[0].freeTrialDaysLeft", equalTo(14));
        String[] buyer = company("Status Co " + UUID.randomUUID());
        get(status + "?xoauth_requestor_id=" + buyer[1]).then().statusCode(200).body("$", hasSize(1))
                .body("[0].freeTrialAllowed", equalTo(true));
        // companyId still refines it: billing's subscriptions of that company's user
        get(status + "?companyId=" + buyer[0] + "&userId=" + buyer[1]).then().statusCode(200).body("$", hasSize(1))
                .body("[0].assigned", equalTo(false)).body("[0].freeTrialAllowed", equalTo(true));
        // a company billing does not know (account-service's 404): the field is named
        get(status + "?companyId=" + UUID.randomUUID() + "&userId=" + buyer[1]).then().statusCode(400)
                .body("code", equalTo("INVALID_FIELD")).body("message", containsString("companyId"));
        get("/api/marketplace/v1/bundles/999999999/status").then().statusCode(404).body("code", equalTo("NOT_FOUND"));
        get(status + "?companyId=nope").then().statusCode(400).body("code", equalTo("INVALID_FIELD"))
                .body("message", containsString("companyId"));
    }

    @Test
    void anAssociationCreatedAtTheBoundsMillisecondIsInsideTheRange() {
        String run = UUID.randomUUID().toString().substring(0, 8);
        String reseller = post("/api/account/v2/companies", Map.of("name", "Spec Reseller " + run, "countryCode", "US",
                "reseller", true)).then().statusCode(201).extract().path("uuid");
        String customer = post("/api/account/v2/companies", Map.of("name", "Spec Customer " + run, "countryCode", "US"))
                .then().statusCode(201).extract().path("uuid");
        String api = "/api/appReseller/v1";
        // reseller-service hears of account's companies by events
        Eventually.answers(() -> get(api + "/companies/" + reseller + "?context=RESELLER_MANAGER"), 200);
        Eventually.answers(() -> get(api + "/companies/" + customer + "?context=RESELLER_MANAGER"), 200);
        String association = post(api + "/companyAssociations", Map.of("resellerCompanyId", reseller,
                "customerCompanyId", customer)).then().statusCode(200).extract().path("id");
        String list = api + "/companyAssociations?resellerCompanyId=" + reseller;
        long shown = get(list).then().statusCode(200).body("content.id", equalTo(List.of(association))).extract()
                .jsonPath().getLong("content[0].createdOn");

        List<String> wrong = new ArrayList<>();
        for (Object[] bound : new Object[][] { { "lte(" + shown + ")", true }, { "gte(" + shown + ")", true },
                { "gte(" + shown + ")&createdOn=lte(" + shown + ")", true }, { "lte(" + (shown - 1) + ")", false },
                { "gte(" + (shown + 1) + ")", false } }) {
            List<String> found = get(list + "&createdOn=" + bound[0]).then().statusCode(200).extract().jsonPath()
                    .getList("content.id");
            if (found.contains(association) != (Boolean) bound[1]) {
                wrong.add("createdOn=" + bound[0] + " (shown " + shown + ") found " + found);
            }
        }
        assertEquals(List.of(), wrong);
    }

    @Test
    void billingsCompanyListsKnowOnlyKnownCompanies() {
        String unknown = UUID.randomUUID().toString();
        String someone = UUID.randomUUID().toString();
        for (String path : List.of("/api/billing/v1/companies/" + unknown + "/invoices",
                "/api/billing/v1/companies/" + unknown + "/users/" + someone + "/invoices",
                "/api/billing/v1/companies/" + unknown + "/users/" + someone + "/subscriptions")) {
            get(path).then().statusCode(404).body("code", equalTo("NOT_FOUND")).body("message", containsString(unknown));
        }
        // a company account-service knows, with nothing billed yet
        String[] known = company("Unbilled Co " + UUID.randomUUID());
        get("/api/billing/v1/companies/" + known[0] + "/invoices").then().statusCode(200).body("$", hasSize(0));
        get("/api/billing/v1/companies/" + known[0] + "/users/" + known[1] + "/invoices").then().statusCode(200)
                .body("$", hasSize(0));
        get("/api/billing/v1/companies/" + known[0] + "/users/" + known[1] + "/subscriptions").then().statusCode(200)
                .body("$", hasSize(0));
    }

    @Test
    void eventUrlsSpellingAPrivateAddressOtherwiseAreRefused() {
        long id = product("Spellings " + UUID.randomUUID()).getLong("id");
        String integration = "/api/marketplace/v1/products/" + id + "/integration";
        String safe = "https://vendor.example/events?eventUrl={eventUrl}";
        put(integration, Map.of("eventUrls", Map.of("SUBSCRIPTION_ORDER", safe))).then().statusCode(200);

        // in 169.254/16 (cloud metadata) and 10/8; loopback is allowed in the devstack, so not among them
        List<String> accepted = new ArrayList<>();
        for (String host : List.of("0xA9FEA9FE", "0251.0376.0251.0376", "2852039166", "0xA9.254.0376.254", "169.254.43518",
                "169.16689662", "10.1", "012.0.0.1", "0x0a000001", "[::ffff:a9fe:a9fe]", "[::169.254.169.254]")) {
            Response r = put(integration, Map.of("eventUrls", Map.of("SUBSCRIPTION_ORDER",
                    "http://" + host + "/latest/meta-data/?eventUrl={eventUrl}")));
            if (r.statusCode() != 400 || !"INVALID_FIELD".equals(r.jsonPath().getString("code"))
                    || !r.jsonPath().getString("message").contains("eventUrls.SUBSCRIPTION_ORDER: must not point to a loopback,"
                            + " private, link-local")) {
                accepted.add(host + " → " + r.statusCode() + " " + r.asString());
            }
        }
        assertEquals(List.of(), accepted);
        get(integration).then().statusCode(200).body("eventUrls.SUBSCRIPTION_ORDER", equalTo(safe))
                .body("eventUrls.size()", equalTo(1));
    }
}
