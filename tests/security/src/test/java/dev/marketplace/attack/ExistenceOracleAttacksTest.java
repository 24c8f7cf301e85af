package dev.marketplace.attack;

import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.Supplier;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import io.restassured.response.Response;

/**
 * Existence oracles (docs/architecture.md, "Identity", tenancy): another marketplace's discount, exchange rate, company
 * association, product (its editions, plans, integration, bundle listing), subscription, and its companies' ids (in
 * associations and reseller reads) get exactly the answer of ids that do not exist; a reseller creating a
 * user or company is not told that a user or company it does not see holds the email or externalId. Each probe is made
 * twice, with ACME's id and with an unknown one, and the two answers must be the same but for the id.
 */
class ExistenceOracleAttacksTest {
    private static final String RESELLER_API = "/api/appReseller/v1";
    private static Client acme;
    private static Client rival;

    @BeforeAll
    static void clients() {
        acme = Stack.ACME.client();
        rival = Stack.RIVAL.client();
    }

    private record Probe(String method, String path, Object body) {
    }

    private static Response send(Client client, Probe p) {
        var request = client.signed(p.method(), p.path());
        if (p.body() != null) {
            request.contentType(ContentType.JSON).body(p.body());
        }
        return request.request(p.method(), client.url(p.path()));
    }

    /** The probes whose answer is not {@code status} with exactly {@code body}. */
    private static List<String> notAnswered(Client client, List<Probe> probes, int status, List<String> bodies) {
        List<String> wrong = new ArrayList<>();
        for (int i = 0; i < probes.size(); i++) {
            Response r = send(client, probes.get(i));
            if (r.statusCode() != status || !bodies.get(i).equals(r.asString())) {
                wrong.add(probes.get(i).method() + " " + probes.get(i).path() + " -> " + r.statusCode() + " " + r.asString());
            }
        }
        return wrong;
    }

    private static String notFound(String what, String id) {
        return "{\"code\":\"NOT_FOUND\",\"message\":\"" + what + " " + id + " was not found\"}";
    }

    private static Map<String, Object> discount(String code) {
        return Map.of("code", code, "description", "Oracle sale", "type", "PERCENTAGE", "percentage", 10);
    }

    @Test
    void anotherMarketplacesDiscountsAndRatesAreAsUnknownAsMissingOnes() {
        String discounts = "/api/channel/v1/discounts";
        JsonPath created = acme.signed("POST", discounts).contentType(ContentType.JSON)
                .body(discount("ORACLE" + UUID.randomUUID().toString().substring(0, 8))).post(acme.url(discounts))
                .then().statusCode(201).extract().jsonPath();
        String rates = "/api/channel/v1/exchangeRates";
        String rate = acme.signed("POST", rates).contentType(ContentType.JSON)
                .body(Map.of("baseCurrency", "JPY", "counterCurrency", "USD", "rate", 0.0067)).post(acme.url(rates))
                .then().statusCode(200).extract().path("currencyExchangeRateUuid");

        List<Probe> probes = new ArrayList<>();
        List<String> bodies = new ArrayList<>();
        for (String ref : List.of(created.getString("id"), created.getString("uuid"), "987654321",
                UUID.randomUUID().toString())) {
            for (Probe p : List.of(new Probe("GET", discounts + "/" + ref, null),
                    new Probe("PUT", discounts + "/" + ref, discount("TAKEN123")), new Probe("DELETE", discounts + "/" + ref, null))) {
                probes.add(p);
                bodies.add(notFound("Discount", ref));
            }
        }
        for (String ref : List.of(rate, UUID.randomUUID().toString())) {
            for (Probe p : List.of(new Probe("GET", rates + "/" + ref, null),
                    new Probe("PATCH", rates + "/" + ref, Map.of("active", false)))) {
                probes.add(p);
                bodies.add(notFound("Exchange rate", ref));
            }
        }
        assertEquals(List.of(), notAnswered(rival, probes, 404, bodies));
        // nothing changed
        String mine = discounts + "/" + created.getString("uuid");
        acme.signed("GET", mine).get(acme.url(mine)).then().statusCode(200)
                .body("code", equalTo(created.getString("code"))).body("percentage", equalTo(10));
        acme.signed("GET", rates + "/" + rate).get(acme.url(rates + "/" + rate)).then().statusCode(200)
                .body("active", equalTo(true));
    }

    @Test
    void anotherMarketplacesAssociationsAreAsUnknownAsMissingOnes() {
        String reseller = resellerCompany("Oracle Reseller " + UUID.randomUUID()).uuid();
        String customer = Stack.createCompany(acme, "Oracle Customer " + UUID.randomUUID()).uuid();
        awaitDirectory(customer);
        String associations = RESELLER_API + "/companyAssociations";
        String association = acme.signed("POST", associations).contentType(ContentType.JSON)
                .body(Map.of("resellerCompanyId", reseller, "customerCompanyId", customer)).post(acme.url(associations))
                .then().statusCode(200).extract().path("id");

        String unknownAssociation = UUID.randomUUID().toString();
        String unknownCompany = UUID.randomUUID().toString();
        List<Probe> probes = List.of(new Probe("DELETE", associations + "/" + association, null),
                new Probe("DELETE", associations + "/" + unknownAssociation, null),
                new Probe("POST", associations, Map.of("resellerCompanyId", reseller, "customerCompanyId", customer)),
                new Probe("POST", associations, Map.of("resellerCompanyId", unknownCompany, "customerCompanyId", customer)));
        assertEquals(List.of(), notAnswered(rival, probes, 404, List.of(notFound("Company association", association),
                notFound("Company association", unknownAssociation), notFound("Company", reseller),
                notFound("Company", unknownCompany))));
        // listing by ACME's company and by an unknown one: the same empty page, not the company's count
        String byAcme = rival.signed("GET", associations + "?resellerCompanyId=" + reseller)
                .get(rival.url(associations + "?resellerCompanyId=" + reseller)).then().statusCode(200)
                .body("content", empty()).body("page.totalElements", equalTo(0)).extract().path("page").toString();
        String byUnknown = rival.signed("GET", associations + "?resellerCompanyId=" + unknownCompany)
                .get(rival.url(associations + "?resellerCompanyId=" + unknownCompany)).then().statusCode(200)
                .body("content", empty()).extract().path("page").toString();
        assertEquals(byUnknown, byAcme);
        // nothing changed
        acme.signed("GET", associations + "?resellerCompanyId=" + reseller)
                .get(acme.url(associations + "?resellerCompanyId=" + reseller)).then().statusCode(200)
                .body("content.id", equalTo(List.of(association)));
    }

    @Test
    void aResellerIsNotToldOfUsersAndCompaniesItDoesNotSee() {
        Stack.Company reseller = resellerCompany("Snooping Reseller " + UUID.randomUUID());
        String rita = reseller.admin();
        String members = "/api/account/v2/companies/" + reseller.uuid() + "/memberships";
        acme.signed("PATCH", members + "/roles").contentType(ContentType.JSON)
                .body(List.of(Map.of("userUuid", rita, "rolesToAdd", List.of("ROLE_RESELLER"))))
                .patch(acme.url(members + "/roles")).then().statusCode(200);
        String ritasCompanies = as(RESELLER_API + "/companies?context=RESELLER", rita);
        await(() -> acme.signed("GET", ritasCompanies).get(acme.url(ritasCompanies)), 200);

        // a company and user of the marketplace that Rita does not see
        String externalId = "hidden-" + UUID.randomUUID();
        String email = "hidden-" + externalId + "@attack.example";
        String hidden = acme.signed("POST", "/api/account/v2/companies").contentType(ContentType.JSON)
                .body(Map.of("name", "Hidden " + externalId, "externalId", externalId, "countryCode", "US",
                        "firstUser", Map.of("email", email, "firstName", "Hal")))
                .post(acme.url("/api/account/v2/companies")).then().statusCode(201).extract().path("uuid");
        awaitDirectory(hidden);
        String users = RESELLER_API + "/users?context=RESELLER_MANAGER&companyId=" + hidden;
        await(() -> {
            Response r = acme.signed("GET", users).get(acme.url(users));
            return r.statusCode() == 200 && r.jsonPath().getList("content").isEmpty() ? null : r;
        }, 200);

        String createUser = as(RESELLER_API + "/users?context=RESELLER", rita);
        Map<String, Object> user = new HashMap<>(Map.of("companyId", reseller.uuid(), "email", email, "firstName", "Eve"));
        String createCompany = as(RESELLER_API + "/companies", rita);
        List<Probe> probes = List.of(new Probe("POST", createUser, user),
                // acting for her reseller company: without it these channel credentials (ROLE_CHANNEL_ADMIN) act as a manager
                new Probe("POST", createCompany, Map.of("name", "Copy", "externalId", externalId,
                        "createdByCompanyId", reseller.uuid())));
        assertEquals(List.of(), notAnswered(acme, probes, 400, List.of(
                "{\"code\":\"INVALID_FIELD\",\"message\":\"email: is not available\"}",
                "{\"code\":\"INVALID_FIELD\",\"message\":\"externalId: is not available\"}")));
        // the values stay unique: the manager, who sees everything, is told they are taken; nothing was created
        String asManager = RESELLER_API + "/users?context=RESELLER_MANAGER";
        acme.signed("POST", asManager).contentType(ContentType.JSON).body(user).post(acme.url(asManager)).then()
                .statusCode(409).body("code", equalTo("DUPLICATE_EMAIL"));
        acme.signed("GET", members).get(acme.url(members)).then().statusCode(200)
                .body("content.user.uuid", equalTo(List.of(rita)));
        acme.signed("GET", ritasCompanies).get(acme.url(ritasCompanies)).then().statusCode(200).body("$", empty());
    }

    @Test
    void anotherMarketplacesProductsAreAsUnknownAsMissingOnes() {
        JsonPath created = Stack.createProduct(acme, "Oracle App");
        String theirs = created.getString("id");
        String edition = created.getString("editions[0].id");
        String plan = created.getString("editions[0].plans[0].id");
        List<Probe> probes = new ArrayList<>();
        List<String> bodies = new ArrayList<>();
        for (String id : List.of(theirs, "987654321")) {
            String p = "/api/marketplace/v1/products/" + id;
            for (Probe probe : List.of(new Probe("GET", p, null), new Probe("PUT", p, Map.of("name", "Taken over")),
                    new Probe("POST", p + "/publication", null), new Probe("GET", p + "/editions/" + edition, null),
                    new Probe("GET", p + "/editions/" + edition + "/paymentPlans/" + plan, null),
                    new Probe("GET", p + "/integration", null), new Probe("PUT", p + "/integration", Map.of("interactive", true)),
                    new Probe("POST", p + "/integration/secret", null), new Probe("POST", p + "/integration/ping", Map.of()))) {
                probes.add(probe);
                bodies.add(notFound("Product", id));
            }
            probes.add(new Probe("GET", "/api/marketplace/v1/bundles/" + id, null));
            bodies.add(notFound("Bundle", id));
        }
        String mine = "/api/marketplace/v1/products/" + theirs;
        long rotatedOn = acme.signed("GET", mine + "/integration").get(acme.url(mine + "/integration")).then()
                .statusCode(200).extract().jsonPath().getLong("secretRotatedOn");
        assertEquals(List.of(), notAnswered(rival, probes, 404, bodies));
        // nothing changed
        acme.signed("GET", mine).get(acme.url(mine)).then().statusCode(200).body("name", equalTo("Oracle App"));
        acme.signed("GET", mine + "/integration").get(acme.url(mine + "/integration")).then().statusCode(200)
                .body("interactive", equalTo(false)).body("secretRotatedOn", equalTo(rotatedOn));
    }

    @Test
    void anotherMarketplacesSubscriptionsAreAsUnknownAsMissingOnes() {
        Stack.Company owner = Stack.createCompany(acme, "Oracle Buyer " + UUID.randomUUID());
        JsonPath product = Stack.createProduct(acme, "Oracle Ordered App");
        long productId = product.getLong("id");
        long edition = product.getLong("editions[0].id");
        // orders need a vendor to notify: a local port nobody listens on (loopback vendors are allowed in the devstack)
        String integration = "/api/marketplace/v1/products/" + productId + "/integration";
        acme.signed("PUT", integration).contentType(ContentType.JSON)
                .body(Map.of("eventUrls", Map.of("SUBSCRIPTION_ORDER", "http://127.0.0.1:9/events?eventUrl={eventUrl}")))
                .put(acme.url(integration)).then().statusCode(200);
        String mine = "/api/billing/v1/companies/" + owner.uuid() + "/users/" + owner.admin() + "/subscriptions";
        String theirs = acme.signed("POST", mine).contentType(ContentType.JSON)
                .body(Map.of("productId", productId, "editionId", edition, "items", List.of(Map.of("unit", "USER", "quantity", 1)),
                        "company", Map.of("name", "Oracle Buyer", "country", "US"),
                        "user", Map.of("email", owner.adminEmail(), "firstName", "Ada")))
                .post(acme.url(mine)).then().statusCode(201).extract().path("id");
        String status = acme.signed("GET", mine + "/" + theirs).get(acme.url(mine + "/" + theirs)).then().statusCode(200)
                .extract().path("status");

        List<Probe> probes = new ArrayList<>();
        List<String> bodies = new ArrayList<>();
        for (String id : List.of(theirs, UUID.randomUUID().toString())) {
            String s = "/api/billing/v1/subscriptions/" + id;
            for (Probe probe : List.of(new Probe("GET", s, null), new Probe("GET", s + "/assignments", null),
                    new Probe("GET", mine + "/" + id, null), new Probe("DELETE", s, null),
                    new Probe("PUT", s, Map.of("editionId", edition, "items", List.of(Map.of("unit", "USER", "quantity", 9)))),
                    new Probe("POST", s + "/assignments", Map.of("uuid", UUID.randomUUID().toString(),
                            "email", "intruder@rival.example")))) {
                probes.add(probe);
                bodies.add(notFound("Subscription", id));
            }
        }
        assertEquals(List.of(), notAnswered(rival, probes, 404, bodies));
        // nothing changed
        acme.signed("GET", mine + "/" + theirs).get(acme.url(mine + "/" + theirs)).then().statusCode(200)
                .body("status", equalTo(status));
    }

    @Test
    void anotherMarketplacesCompaniesAreAsUnknownAsMissingOnesToResellerReads() {
        Stack.Company theirs = Stack.createCompany(acme, "Oracle Company " + UUID.randomUUID());
        awaitDirectory(theirs.uuid());
        List<Probe> probes = new ArrayList<>();
        List<String> bodies = new ArrayList<>();
        for (String id : List.of(theirs.uuid(), UUID.randomUUID().toString())) {
            for (Probe probe : List.of(new Probe("GET", RESELLER_API + "/companies/" + id + "?context=RESELLER_MANAGER", null),
                    new Probe("GET", RESELLER_API + "/users?context=RESELLER_MANAGER&companyId=" + id, null),
                    new Probe("GET", RESELLER_API + "/users/" + theirs.admin() + "?context=RESELLER_MANAGER&companyId=" + id,
                            null),
                    new Probe("POST", RESELLER_API + "/users?context=RESELLER_MANAGER", Map.of("companyId", id,
                            "email", "intruder-" + UUID.randomUUID() + "@rival.example", "firstName", "Eve")))) {
                probes.add(probe);
                bodies.add(notFound("Company", id));
            }
        }
        assertEquals(List.of(), notAnswered(rival, probes, 404, bodies));
        // nothing was created
        String members = "/api/account/v2/companies/" + theirs.uuid() + "/memberships";
        acme.signed("GET", members).get(acme.url(members)).then().statusCode(200)
                .body("content.user.uuid", equalTo(List.of(theirs.admin())));
    }

    /** A company with reseller access, its first user its administrator. */
    private static Stack.Company resellerCompany(String name) {
        String email = "rita-" + UUID.randomUUID() + "@attack.example";
        String uuid = acme.signed("POST", "/api/account/v2/companies").contentType(ContentType.JSON)
                .body(Map.of("name", name, "countryCode", "US", "reseller", true,
                        "firstUser", Map.of("email", email, "firstName", "Rita")))
                .post(acme.url("/api/account/v2/companies")).then().statusCode(201).extract().path("uuid");
        String memberships = "/api/account/v2/companies/" + uuid + "/memberships";
        String admin = acme.signed("GET", memberships).get(acme.url(memberships)).then().statusCode(200)
                .extract().path("content[0].user.uuid");
        awaitDirectory(uuid);
        return new Stack.Company(uuid, admin, email);
    }

    /** reseller-service hears of account's companies by events: waits until the company is in its directory. */
    private static void awaitDirectory(String company) {
        String path = RESELLER_API + "/companies/" + company + "?context=RESELLER_MANAGER";
        await(() -> acme.signed("GET", path).get(acme.url(path)), 200);
    }

    private static String as(String path, String user) {
        return path + (path.contains("?") ? "&" : "?") + "xoauth_requestor_id=" + user;
    }

    /** Retries {@code call} (null: not yet) until it answers {@code status}, for 60 s. */
    private static void await(Supplier<Response> call, int status) {
        long deadline = System.currentTimeMillis() + 60_000;
        Response response = call.get();
        while ((response == null || response.statusCode() != status) && System.currentTimeMillis() < deadline) {
            try {
                Thread.sleep(250);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError(e);
            }
            response = call.get();
        }
        if (response == null) {
            throw new AssertionError("not there after 60 s");
        }
        response.then().statusCode(status);
    }
}
