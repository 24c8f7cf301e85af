package dev.marketplace.attack;

import static dev.marketplace.testkit.ErrorBodies.withoutRequestId;
import static dev.marketplace.testkit.ErrorBodies.errorBody;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.hasItem;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
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
 * Another marketplace's administrator, with valid credentials of its own, tries to read and change what belongs to
 * MARKETPLACE: each attempt is refused and afterwards everything is as it was. Where an id would tell what exists in
 * another marketplace, the refusal is the 404 of an unknown id (ExistenceOracleAttacksTest, which probes each family
 * with ACME's ids and unknown ones); the plain 403s here are permission answers. A consumer with
 * ROLE_PARTNER only, a read-only token and a vendor's credentials try to act above their authorities.
 */
class TenancyAttacksTest {
    private static final String FORBIDDEN = "{\"code\":\"FORBIDDEN\",\"message\":\"Access is denied\"}";
    private static Client acme;
    private static Client rival;
    private static String company;
    private static String user;
    private static String group;
    private static long product;
    private static long edition;
    private static String vendorKey;
    private static String vendorSecret;
    private static String subscription;
    private static String event;
    private static String companyName;
    private static final String VENDOR_URL = "http://127.0.0.1:9/events?eventUrl={eventUrl}";

    @BeforeAll
    static void acmesResources() {
        acme = Stack.ACME.client();
        rival = Stack.RIVAL.client();
        companyName = "Tenant-" + UUID.randomUUID();
        Stack.Company owned = Stack.createCompany(acme, companyName);
        company = owned.uuid();
        user = owned.admin();
        String groups = "/api/account/v2/companies/" + company + "/groups?xoauth_requestor_id=" + user;
        group = acme.signed("POST", groups).contentType(ContentType.JSON).body(Map.of("name", "Owners"))
                .post(acme.url(groups)).then().statusCode(201).extract().path("uuid");

        JsonPath created = Stack.createProduct(acme, "Tenant App");
        product = created.getLong("id");
        edition = created.getLong("editions[0].id");
        vendorKey = created.getString("integration.consumerKey");
        vendorSecret = created.getString("integration.consumerSecret");
        // orders need a vendor to notify: a local port nobody listens on (loopback vendors are allowed in the devstack)
        String integration = "/api/marketplace/v1/products/" + product + "/integration";
        acme.signed("PUT", integration).contentType(ContentType.JSON)
                .body(Map.of("eventUrls", Map.of("SUBSCRIPTION_ORDER", VENDOR_URL))).put(acme.url(integration)).then()
                .statusCode(200);

        String subscriptions = "/api/billing/v1/companies/" + company + "/users/" + user + "/subscriptions";
        subscription = acme.signed("POST", subscriptions).contentType(ContentType.JSON)
                .body(Map.of("productId", product, "editionId", edition, "items", List.of(Map.of("unit", "USER", "quantity", 1)),
                        "company", Map.of("name", companyName, "country", "US"),
                        "user", Map.of("email", owned.adminEmail(), "firstName", "Ada")))
                .post(acme.url(subscriptions)).then().statusCode(201).extract().path("id");
        event = awaitEvent();
    }

    /** The id of an event of MARKETPLACE in the event log (the company's creation reaches it through Kafka). */
    private static String awaitEvent() {
        String events = "/api/channel/v1/events?size=5";
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (true) {
            List<String> ids = acme.signed("GET", events).get(acme.url(events)).then().statusCode(200).extract().jsonPath()
                    .getList("content.uuid");
            if (ids != null && !ids.isEmpty()) {
                return ids.get(0);
            }
            if (System.nanoTime() > deadline) {
                throw new AssertionError("no event of MARKETPLACE in the event log after 60 s");
            }
            sleep(250);
        }
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    private record Attempt(String method, String path, Object body) {
    }

    private static Attempt read(String path) {
        return new Attempt("GET", path, null);
    }

    private static Attempt write(String method, String path, Object body) {
        return new Attempt(method, path, body);
    }

    /** Each attempt by {@code client}: a plain 403; a list of the ones that were not. */
    private static List<String> refusals(Client client, List<Attempt> attempts) {
        List<String> wrong = new ArrayList<>();
        for (Attempt a : attempts) {
            var request = client.signed(a.method(), a.path());
            if (a.body() != null) {
                request.contentType(ContentType.JSON).body(a.body());
            }
            Response r = request.request(a.method(), client.url(a.path()));
            if (r.statusCode() != 403 || !FORBIDDEN.equals(withoutRequestId(r.asString()))) {
                wrong.add(a.method() + " " + a.path() + " -> " + r.statusCode() + " " + r.asString());
            }
        }
        return wrong;
    }

    // another marketplace's companies (and everything under them), users and groups answer as unknown ones (404):
    // ExistenceOracleAttacksTest; the rival's own list does not show them
    @Test
    void anotherMarketplacesCompaniesAreNotListed() {
        String rivalsCompanies = "/api/account/v2/companies?name=" + companyName;
        rival.signed("GET", rivalsCompanies).get(rival.url(rivalsCompanies)).then().statusCode(200)
                .body("content.uuid", not(hasItem(company)));
        String c = "/api/account/v2/companies/" + company;
        acme.signed("GET", c).get(acme.url(c)).then().statusCode(200).body("name", equalTo(companyName));
        String groups = c + "/groups";
        acme.signed("GET", groups).get(acme.url(groups)).then().statusCode(200).body("content.uuid", hasItem(group));
    }

    // another marketplace's product ids answer as unknown ones (404): ExistenceOracleAttacksTest

    @Test
    void anotherMarketplaceCanNeitherReadNorChangeBillingData() {
        String s = "/api/billing/v1/subscriptions/" + subscription;
        String status = acme.signed("GET", s).get(acme.url(s)).then().statusCode(200).extract().path("status");
        String mine = "/api/billing/v1/companies/" + company + "/users/" + user + "/subscriptions";
        // its subscription's id, and its company in the company-scoped lists and in an order, answer as unknown ones
        // (404, ExistenceOracleAttacksTest probes each); an order is not taken, nothing changed, the rival's orders do
        // not show it
        rival.signed("POST", mine).contentType(ContentType.JSON).body(Map.of("productId", product, "editionId", edition,
                "items", List.of(Map.of("unit", "USER", "quantity", 1)), "company", Map.of("name", "X", "country", "US"),
                "user", Map.of("email", "intruder@rival.example", "firstName", "I"))).post(rival.url(mine)).then()
                .statusCode(404).body("code", equalTo("NOT_FOUND"));
        acme.signed("GET", mine).get(acme.url(mine)).then().statusCode(200).body("id", hasItem(subscription))
                .body("size()", equalTo(1));
        acme.signed("GET", s).get(acme.url(s)).then().statusCode(200).body("status", equalTo(status));
        String orders = "/api/billing/v1/orders";
        rival.signed("GET", orders).get(rival.url(orders)).then().statusCode(200)
                .body("content.id", not(hasItem(subscription)));
    }

    /** #21 "buyer membership": a user-level buyer must be a member of the company in the path (checked with account-service). */
    @Test
    void aUserOfAnotherCompanyCannotBuyForThisOne() {
        Stack.Company other = Stack.createCompany(acme, "Other-" + UUID.randomUUID());
        String mine = "/api/billing/v1/companies/" + company + "/users/" + user + "/subscriptions";
        int before = acme.signed("GET", mine).get(acme.url(mine)).then().statusCode(200).extract().jsonPath().getList("$").size();
        String intruder = "/api/billing/v1/companies/" + company + "/users/" + other.admin() + "/subscriptions";
        acme.signed("POST", intruder).contentType(ContentType.JSON)
                .body(Map.of("productId", product, "editionId", edition, "items", List.of(Map.of("unit", "USER", "quantity", 1)),
                        "company", Map.of("name", companyName, "country", "US"),
                        "user", Map.of("email", other.adminEmail(), "firstName", "Eve")))
                .post(acme.url(intruder)).then().statusCode(404).body("code", equalTo("NOT_FOUND"));
        acme.signed("GET", mine).get(acme.url(mine)).then().statusCode(200).body("size()", equalTo(before));
    }

    @Test
    void anotherMarketplaceCanNeitherReadNorChangeNotificationData() {
        String subject = "Acme only " + UUID.randomUUID();
        String templates = "/api/notification/v1/templates";
        acme.signed("POST", templates + "/email").contentType(ContentType.JSON)
                .body(Map.of("type", "NEW_USER", "locale", "en", "subject", subject, "content", "Hello {firstName}"))
                .post(acme.url(templates + "/email")).then().statusCode(200);
        // its event's id answers as an unknown one (404): ExistenceOracleAttacksTest
        // the rival reads its own template (a default), never MARKETPLACE's
        String newUser = templates + "/email/NEW_USER?locale=en";
        rival.signed("GET", newUser).get(rival.url(newUser)).then().statusCode(200).body("subject", not(equalTo(subject)));
        String events = "/api/channel/v1/events?size=200";
        rival.signed("GET", events).get(rival.url(events)).then().statusCode(200).body("content.uuid", not(hasItem(event)));
        // a rival's write of the same template changes only its own
        rival.signed("POST", templates + "/email").contentType(ContentType.JSON)
                .body(Map.of("type", "NEW_USER", "locale", "en", "subject", "Rival's", "content", "x"))
                .post(rival.url(templates + "/email")).then().statusCode(200);
        acme.signed("GET", newUser).get(acme.url(newUser)).then().statusCode(200).body("subject", equalTo(subject));
    }

    @Test
    void authoritiesCannotBeEscalated() {
        Client plain = Stack.PLAIN.client();
        // a consumer with ROLE_PARTNER only asks for more: refused
        for (String scope : new String[] { "ROLE_CHANNEL_ADMIN", "ROLE_SUPER_SUPPORT", "ROLE_SYS_ADMIN", "ROLE_VENDOR",
                "ROLE_APPLICATION_" + product, "ROLE_PARTNER ROLE_CHANNEL_ADMIN" }) {
            given().auth().preemptive().basic(plain.key(), plain.secret()).formParam("grant_type", "client_credentials")
                    .formParam("scope", scope).post(plain.url("/oauth2/token")).then().statusCode(400)
                    .body("code", equalTo("invalid_scope"));
        }
        String credentials = "/api/channel/v1/settings/oauth/credentials";
        plain.signed("GET", credentials).get(plain.url(credentials)).then().statusCode(403).body(errorBody(FORBIDDEN));
        plain.signed("POST", credentials + "/secret").post(plain.url(credentials + "/secret")).then().statusCode(403);
        // super support's default templates
        String defaults = "/api/notification/v1/templates/default/email/INVITE_USER?locale=en";
        plain.signed("GET", defaults).get(plain.url(defaults)).then().statusCode(403).body(errorBody(FORBIDDEN));
        // a read-only token writes nothing
        String readOnly = acme.token("ROLE_PARTNER_READ");
        acme.bearer(readOnly).contentType(ContentType.JSON).body(Stack.company("ReadOnly")).post(acme.url("/api/account/v2/companies"))
                .then().statusCode(403).body(errorBody(FORBIDDEN));
        // a vendor's credentials reach only its own integration paths
        Client vendor = new Client(Stack.stack().gatewayUrl(), vendorKey, vendorSecret);
        for (String path : new String[] { "/api/account/v2/companies", "/api/marketplace/v1/products/" + product,
                "/api/billing/v1/companies/" + company + "/users/" + user + "/subscriptions", "/api/channel/v1/events",
                "/api/channel/v1/settings/oauth/credentials" }) {
            vendor.signed("GET", path).get(vendor.url(path)).then().statusCode(403).body(errorBody(FORBIDDEN));
        }
        // acting as a user of another marketplace: that user is unknown in the rival's marketplace (404, exactly as an
        // unknown id: ExistenceOracleAttacksTest)
        String me = "/api/account/v2/users/" + user + "?xoauth_requestor_id=" + user;
        rival.signed("GET", me).get(rival.url(me)).then().statusCode(404)
                .body(errorBody("{\"code\":\"NOT_FOUND\",\"message\":\"User " + user + " was not found\"}"));
    }

    @Test
    void anotherMarketplaceCanNeitherReadNorChangeResellerData() {
        String companies = "/api/appReseller/v1/companies/" + company + "?context=RESELLER";
        // associations answer another marketplace's ids as unknown ones (404): ExistenceOracleAttacksTest
        assertEquals(List.of(), refusals(rival, List.of(read(companies),
                read("/api/appReseller/v1/users/" + user + "?companyId=" + company + "&context=RESELLER"))));
    }

    /**
     * Leads carry no tenant in their path: another marketplace's lead answers 404 exactly as a lead that does not exist
     * (lead-service README), so its existence is not disclosed; naming the owner's company in the query is the 404 of an
     * unknown company (account-service does not find it in the rival's marketplace).
     */
    @Test
    void anotherMarketplaceCanNeitherReadNorChangeLeadData() {
        // a PRODUCT lead of the channel (a MANUAL lead needs a Marketplace Manager, a role the API never grants)
        Stack.Company team = Stack.createCompany(acme, "Channel Team " + UUID.randomUUID(), true);
        String owner = "context=PARTNER&companyId=" + team.uuid();
        String create = "/api/lead/v2/leads?context=ANONYMOUS";
        String body = "{\"partner\":\"" + Stack.ACME.partner() + "\",\"leadType\":\"PRODUCT\",\"product\":{\"id\":\""
                + product + "\"},\"customer\":{\"company\":{\"name\":\"Lead Co\",\"country\":\"US\"},\"contact\":"
                + "{\"firstName\":\"Lee\",\"lastName\":\"Dee\",\"email\":\"lead@attack.example\"}}}";
        String lead = acme.signed("POST", create).contentType(ContentType.JSON).body(body).post(acme.url(create)).then()
                .log().ifValidationFails().statusCode(201).extract().path("id");
        String mine = "/api/lead/v2/leads/" + lead + "?" + owner;
        String status = acme.signed("GET", mine).get(acme.url(mine)).then().log().ifValidationFails().statusCode(200)
                .extract().path("status");

        // the rival acting for a company of its own with marketplace access
        String theirs = "context=PARTNER&companyId=" + Stack.createCompany(rival, "Rival Team " + UUID.randomUUID(), true).uuid();
        String path = "/api/lead/v2/leads/" + lead + "?" + theirs;
        List<String> notFound = new ArrayList<>();
        for (Attempt a : List.of(read(path), read("/api/lead/v2/leads/" + lead + "/activities?" + theirs),
                write("PATCH", path, Map.of("notes", "taken over")), write("DELETE", path, null),
                write("POST", "/api/lead/v2/conversion?" + theirs + "&leadId=" + lead, null))) {
            var request = rival.signed(a.method(), a.path());
            if (a.body() != null) {
                request.contentType(ContentType.JSON).body(a.body());
            }
            Response r = request.request(a.method(), rival.url(a.path()));
            if (r.statusCode() != 404 || !"NOT_FOUND".equals(r.jsonPath().getString("code"))) {
                notFound.add(a.method() + " " + a.path() + " -> " + r.statusCode() + " " + r.asString());
            }
        }
        assertEquals(List.of(), notFound);
        // the owner's company named in the query: another marketplace's company is as unknown as a missing one
        List<String> unknownCompany = new ArrayList<>();
        String companyNotFound = "{\"code\":\"NOT_FOUND\",\"message\":\"Company " + team.uuid() + " was not found\"}";
        for (Attempt a : List.of(read("/api/lead/v2/leads?" + owner), read("/api/lead/v2/leads/" + lead + "?" + owner),
                write("PATCH", "/api/lead/v2/leads/" + lead + "?" + owner, Map.of("notes", "taken over")))) {
            var request = rival.signed(a.method(), a.path());
            if (a.body() != null) {
                request.contentType(ContentType.JSON).body(a.body());
            }
            Response r = request.request(a.method(), rival.url(a.path()));
            if (r.statusCode() != 404 || !companyNotFound.equals(withoutRequestId(r.asString()))) {
                unknownCompany.add(a.method() + " " + a.path() + " -> " + r.statusCode() + " " + r.asString());
            }
        }
        assertEquals(List.of(), unknownCompany);
        // the rival's own list does not show it, and nothing changed
        String rivals = "/api/lead/v2/leads?" + theirs + "&size=200";
        rival.signed("GET", rivals).get(rival.url(rivals)).then().statusCode(200).body("content.id", not(hasItem(lead)));
        acme.signed("GET", mine).get(acme.url(mine)).then().statusCode(200).body("status", equalTo(status))
                .body("notes", not(equalTo("taken over")));
        String activities = "/api/lead/v2/leads/" + lead + "/activities?" + owner;
        acme.signed("GET", activities).get(acme.url(activities)).then().statusCode(200).body("content.size()", equalTo(1));
    }
}
