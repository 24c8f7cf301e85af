package dev.marketplace.attack;

import static dev.marketplace.testkit.ErrorBodies.withoutRequestId;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import io.restassured.response.Response;

import dev.marketplace.testkit.Eventually;

/**
 * Existence oracles (docs/architecture.md, "Identity", tenancy): another marketplace's discount, exchange rate, company
 * association, product (its editions, plans, integration, bundle listing), subscription, its companies' ids (in
 * associations, reseller reads, account-service's companies and everything under them, billing's company lists and
 * orders, lead's company of the call), its users, groups, event-log entries and templates get exactly the answer of ids
 * that do not exist; a reseller creating a
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
            if (r.statusCode() != status || !bodies.get(i).equals(withoutRequestId(r.asString()))) {
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
        Eventually.answers(() -> acme.signed("GET", ritasCompanies).get(acme.url(ritasCompanies)), 200);

        // a company and user of the marketplace that Rita does not see
        String externalId = "hidden-" + UUID.randomUUID();
        String email = "hidden-" + externalId + "@attack.example";
        String hidden = acme.signed("POST", "/api/account/v2/companies").contentType(ContentType.JSON)
                .body(Map.of("name", "Hidden " + externalId, "externalId", externalId, "countryCode", "US",
                        "firstUser", Map.of("email", email, "firstName", "Hal")))
                .post(acme.url("/api/account/v2/companies")).then().statusCode(201).extract().path("uuid");
        awaitDirectory(hidden);
        String users = RESELLER_API + "/users?context=RESELLER_MANAGER&companyId=" + hidden;
        Eventually.answers(() -> {
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

    @Test
    void anotherMarketplacesAccountCompaniesUsersAndGroupsAreAsUnknownAsMissingOnes() {
        String name = "Oracle Account " + UUID.randomUUID();
        Stack.Company theirs = Stack.createCompany(acme, name);
        String user = theirs.admin();
        String groups = "/api/account/v2/companies/" + theirs.uuid() + "/groups";
        String group = acme.signed("POST", groups).contentType(ContentType.JSON).body(Map.of("name", "Owners"))
                .post(acme.url(groups)).then().statusCode(201).extract().path("uuid");

        List<Probe> probes = new ArrayList<>();
        List<String> bodies = new ArrayList<>();
        for (String id : List.of(theirs.uuid(), UUID.randomUUID().toString())) {
            String c = "/api/account/v2/companies/" + id;
            for (Probe p : List.of(new Probe("GET", c, null), new Probe("GET", c + "/memberships", null),
                    new Probe("GET", c + "/memberships/" + user, null),
                    new Probe("GET", c + "/memberships/" + user + "/assignments", null), new Probe("GET", c + "/groups", null),
                    new Probe("GET", c + "/groups/" + group, null), new Probe("GET", c + "/groups/" + group + "/memberships", null),
                    new Probe("GET", c + "/invitations", null), new Probe("GET", c + "/domains", null),
                    new Probe("GET", c + "/activities?displayType=EVERYONE", null),
                    new Probe("PUT", c, Map.of("name", "Taken over", "countryCode", "US")),
                    new Probe("PATCH", c, Map.of("name", "Taken over")),
                    new Probe("POST", c + "/memberships", Map.of("user", Map.of("email", "intruder@rival.example",
                            "firstName", "Eve"))),
                    new Probe("PATCH", c + "/memberships/" + user, Map.of("enabled", false)),
                    new Probe("DELETE", c + "/memberships/" + user, null),
                    new Probe("POST", c + "/groups", Map.of("name", "Intruders")),
                    new Probe("PUT", c + "/groups/" + group, Map.of("name", "Renamed")),
                    new Probe("DELETE", c + "/groups/" + group, null),
                    new Probe("POST", c + "/invitations", List.of(Map.of("email", "intruder@rival.example", "role", "USER"))),
                    new Probe("POST", c + "/domains", Map.of("name", "rival.example")),
                    // the company acting as ACME's administrator (a requestor the rival's consumer names)
                    new Probe("GET", as(c, user), null))) {
                probes.add(p);
                bodies.add(notFound("Company", id));
            }
        }
        for (String id : List.of(user, UUID.randomUUID().toString())) {
            probes.add(new Probe("GET", "/api/account/v2/users/" + id, null));
            bodies.add(notFound("User", id));
            probes.add(new Probe("GET", as("/api/account/v2/users/" + id, id), null));
            bodies.add(notFound("User", id));
        }
        assertEquals(List.of(), notAnswered(rival, probes, 404, bodies));
        // nothing changed
        String c = "/api/account/v2/companies/" + theirs.uuid();
        acme.signed("GET", c).get(acme.url(c)).then().statusCode(200).body("name", equalTo(name));
        acme.signed("GET", groups).get(acme.url(groups)).then().statusCode(200).body("content.uuid", equalTo(List.of(group)))
                .body("content.name", equalTo(List.of("Owners")));
        String memberships = c + "/memberships";
        acme.signed("GET", memberships).get(acme.url(memberships)).then().statusCode(200)
                .body("content.user.uuid", equalTo(List.of(user))).body("content[0].enabled", equalTo(true));
    }

    @Test
    void anotherMarketplacesCompanyIsAsUnknownAsAMissingOneToBillingAndLeads() {
        Stack.Company theirs = Stack.createCompany(acme, "Oracle Lists " + UUID.randomUUID());
        JsonPath product = Stack.createProduct(acme, "Oracle Listed App");
        List<Probe> probes = new ArrayList<>();
        List<String> bodies = new ArrayList<>();
        for (String id : List.of(theirs.uuid(), UUID.randomUUID().toString())) {
            String company = "/api/billing/v1/companies/" + id;
            String mine = company + "/users/" + theirs.admin() + "/subscriptions";
            for (Probe p : List.of(new Probe("GET", company + "/invoices", null),
                    new Probe("GET", company + "/users/" + theirs.admin() + "/invoices", null), new Probe("GET", mine, null),
                    new Probe("POST", mine, Map.of("productId", product.getLong("id"),
                            "editionId", product.getLong("editions[0].id"), "items", List.of(Map.of("unit", "USER", "quantity", 1)),
                            "company", Map.of("name", "X", "country", "US"),
                            "user", Map.of("email", "intruder@rival.example", "firstName", "I"))),
                    // lead-service asks account-service for the company the call names
                    new Probe("GET", "/api/lead/v2/leads?context=PARTNER&companyId=" + id, null))) {
                probes.add(p);
                bodies.add(notFound("Company", id));
            }
        }
        assertEquals(List.of(), notAnswered(rival, probes, 404, bodies));
        String mine = "/api/billing/v1/companies/" + theirs.uuid() + "/users/" + theirs.admin() + "/subscriptions";
        acme.signed("GET", mine).get(acme.url(mine)).then().statusCode(200).body("$", empty());
    }

    @Test
    void anotherMarketplacesEventsAndTemplatesAreAsUnknownAsMissingOnes() {
        Stack.createCompany(acme, "Oracle Events " + UUID.randomUUID());
        String event = awaitEvent();
        String templates = "/api/notification/v1/templates/email";
        String subject = "Oracle " + UUID.randomUUID();
        int template = acme.signed("POST", templates).contentType(ContentType.JSON)
                .body(Map.of("type", "NEW_USER", "locale", "en_AU", "subject", subject, "content", "Hello {firstName}"))
                .post(acme.url(templates)).then().statusCode(200).extract().path("id");

        List<Probe> probes = new ArrayList<>();
        List<String> bodies = new ArrayList<>();
        for (String id : List.of(event, UUID.randomUUID().toString())) {
            probes.add(new Probe("GET", "/api/channel/v1/events/" + id, null));
            bodies.add(notFound("Event", id));
        }
        for (int id : List.of(template, 987654321)) {
            probes.add(new Probe("POST", templates, Map.of("id", id, "type", "NEW_USER", "locale", "en_AU",
                    "subject", "Taken over", "content", "x")));
            bodies.add(notFound("Email template", String.valueOf(id)));
        }
        assertEquals(List.of(), notAnswered(rival, probes, 404, bodies));
        // nothing changed
        String mine = "/api/notification/v1/templates/email/NEW_USER?locale=en_AU";
        acme.signed("GET", mine).get(acme.url(mine)).then().statusCode(200).body("subject", equalTo(subject));
        acme.signed("GET", "/api/channel/v1/events/" + event).get(acme.url("/api/channel/v1/events/" + event)).then()
                .statusCode(200);
    }

    /** The id of an event of MARKETPLACE in the event log (a company's creation reaches it through Kafka). */
    private static String awaitEvent() {
        String events = "/api/channel/v1/events?size=5&sortOrder=DESC";
        return Eventually.found(() -> {
            List<String> ids = acme.signed("GET", events).get(acme.url(events)).then().statusCode(200).extract().jsonPath()
                    .getList("content.uuid");
            return ids == null ? Optional.<String>empty() : ids.stream().findFirst();
        }, "an event of MARKETPLACE in the event log");
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
        Eventually.answers(() -> acme.signed("GET", path).get(acme.url(path)), 200);
    }

    private static String as(String path, String user) {
        return path + (path.contains("?") ? "&" : "?") + "xoauth_requestor_id=" + user;
    }
}
