package dev.marketplace.attack;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import io.restassured.response.Response;

/**
 * Bodies meant to break a parser or exhaust memory: malformed JSON on every write endpoint is a 400 INVALID_BODY that
 * changes nothing; a body over a limit is a 413, at the gateway for signed form bodies and at the service otherwise.
 */
class BodyAttacksTest {
    private static Client acme;
    private static String company;
    private static String user;
    private static String group;
    private static long product;
    private static long edition;
    private static String name;

    @BeforeAll
    static void resources() {
        acme = Stack.ACME.client();
        name = "Bodies-" + UUID.randomUUID();
        Stack.Company created = Stack.createCompany(acme, name);
        company = created.uuid();
        user = created.admin();
        String groups = "/api/account/v2/companies/" + company + "/groups?xoauth_requestor_id=" + user;
        group = acme.signed("POST", groups).contentType(ContentType.JSON).body(Map.of("name", "Body Group"))
                .post(acme.url(groups)).then().statusCode(201).extract().path("uuid");
        JsonPath app = Stack.createProduct(acme, "Body App");
        product = app.getLong("id");
        edition = app.getLong("editions[0].id");
    }

    private static List<String[]> writeEndpoints() {
        String c = "/api/account/v2/companies/" + company;
        String p = "/api/marketplace/v1/products/" + product;
        String subscriptions = "/api/billing/v1/companies/" + company + "/users/" + user + "/subscriptions";
        return List.of(new String[] { "POST", "/api/account/v2/companies" }, new String[] { "PUT", c },
                new String[] { "PATCH", c }, new String[] { "POST", c + "/memberships" },
                new String[] { "PATCH", c + "/memberships/" + user }, new String[] { "POST", c + "/groups" },
                new String[] { "PUT", c + "/groups/" + group }, new String[] { "POST", c + "/invitations" },
                new String[] { "POST", c + "/domains" },
                new String[] { "POST", "/api/marketplace/v1/products" }, new String[] { "PUT", p },
                new String[] { "PUT", p + "/integration" }, new String[] { "POST", p + "/editions" },
                new String[] { "PUT", p + "/editions/" + edition }, new String[] { "POST", subscriptions },
                new String[] { "POST", "/api/notification/v1/templates/email" },
                new String[] { "POST", "/api/notification/v1/templates/sms" },
                new String[] { "POST", "/api/appReseller/v1/companies" }, new String[] { "POST", "/api/appReseller/v1/users" },
                new String[] { "POST", "/api/appReseller/v1/companyAssociations" },
                new String[] { "POST", "/api/lead/v2/leads?context=PARTNER" });
    }

    @Test
    void malformedJsonOnEveryWriteEndpointIsA400ThatChangesNothing() {
        List<String> wrong = new ArrayList<>();
        for (String malformed : new String[] { "{\"name\": ", "{\"name\": \"x\",}", "not json at all", "[1, 2", "{\"a\":\"\\uZZZZ\"}" }) {
            for (String[] endpoint : writeEndpoints()) {
                Response r = acme.signed(endpoint[0], endpoint[1]).contentType(ContentType.JSON).body(malformed)
                        .request(endpoint[0], acme.url(endpoint[1]));
                String code = r.statusCode() == 400 ? r.jsonPath().getString("code") : null;
                if (r.statusCode() != 400 || !"INVALID_BODY".equals(code)) {
                    wrong.add(endpoint[0] + " " + endpoint[1] + " with " + malformed + " -> " + r.statusCode() + " " + r.asString());
                }
            }
        }
        assertEquals(List.of(), wrong);
        String c = "/api/account/v2/companies/" + company;
        acme.signed("GET", c).get(acme.url(c)).then().statusCode(200).body("name", equalTo(name));
        String p = "/api/marketplace/v1/products/" + product;
        acme.signed("GET", p).get(acme.url(p)).then().statusCode(200).body("name", equalTo("Body App"));
    }

    @Test
    void malformedJsonToGraphqlIsA400() {
        for (String malformed : new String[] { "{\"query\": ", "not json at all", "[1, 2" }) {
            acme.signed("POST", "/api/graphql").contentType(ContentType.JSON).body(malformed).post(acme.url("/api/graphql"))
                    .then().statusCode(400).body("code", equalTo("INVALID_BODY"));
        }
    }

    @Test
    void oversizedBodiesAre413() {
        String path = "/api/account/v2/companies";
        String products = "/api/marketplace/v1/products";
        String subscriptions = "/api/billing/v1/companies/" + company + "/users/" + user + "/subscriptions";
        long companiesBefore = total(path);
        long productsBefore = total(products);
        int subscriptionsBefore = acme.signed("GET", subscriptions).get(acme.url(subscriptions)).then().statusCode(200)
                .extract().jsonPath().getList("$").size();
        // a signed form body is read by the gateway to verify it: at most 1 MiB
        String form = "data=" + "x".repeat(1024 * 1024 + 1);
        given().header("Authorization", acme.authorization("POST", path)).contentType(ContentType.URLENC).body(form)
                .post(acme.url(path)).then().statusCode(413).body("code", equalTo("PAYLOAD_TOO_LARGE"));
        // JSON bodies stream to the service, which refuses them over its limit (catalog and billing 1 MiB, account 10 MiB)
        String huge = "{\"name\":\"" + "x".repeat(2 * 1024 * 1024) + "\"}";
        for (String endpoint : new String[] { products, subscriptions }) {
            acme.signed("POST", endpoint).contentType(ContentType.JSON).body(huge).post(acme.url(endpoint)).then()
                    .statusCode(413);
        }
        String larger = "{\"name\":\"" + "x".repeat(11 * 1024 * 1024) + "\"}";
        acme.signed("POST", path).contentType(ContentType.JSON).body(larger).post(acme.url(path)).then().statusCode(413);
        // nothing was created
        assertEquals(companiesBefore, total(path));
        assertEquals(productsBefore, total(products));
        acme.signed("GET", subscriptions).get(acme.url(subscriptions)).then().statusCode(200)
                .body("size()", equalTo(subscriptionsBefore));
    }

    /** The exact total of an unfiltered list of the caller's marketplace. */
    private static long total(String list) {
        String first = list + "?size=1";
        return acme.signed("GET", first).get(acme.url(first)).then().statusCode(200).extract().jsonPath()
                .getLong("page.totalElements");
    }
}
