package dev.marketplace.reseller.association;

import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.not;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import java.util.UUID;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;

import dev.marketplace.common.security.Roles;
import dev.marketplace.reseller.AccountEvents;
import dev.marketplace.reseller.Fixtures;
import io.quarkus.test.junit.QuarkusTest;

/** Company associations: who may make them, the reference's 409 codes, listing, removal, and what a reseller sees. */
@QuarkusTest
class AssociationApiTest {
    static final String ASSOCIATIONS = "/api/appReseller/v1/companyAssociations";
    static final String COMPANIES = "/api/appReseller/v1/companies";
    private final Fixtures f = new Fixtures();

    private static Map<String, Object> body(UUID reseller, UUID customer) {
        return Map.of("resellerCompanyId", reseller.toString(), "customerCompanyId", customer.toString());
    }

    @Test
    void associatingGivesTheResellerSightOfTheCustomerAndRemovingTakesItAway() {
        UUID reseller = f.reseller("Assoc Reseller");
        UUID customer = f.company("Assoc Customer", Map.of());
        UUID alice = f.member(reseller, "ACTIVE", Roles.RESELLER);
        UUID customerAdmin = f.member(customer, "ACTIVE", Roles.SYS_ADMIN);
        UUID customerUser = f.member(customer, "ACTIVE", Roles.USER);
        f.asUser(alice).get(COMPANIES + "/" + customer + "?context=RESELLER").then().statusCode(403);

        String id = f.asManager().body(body(reseller, customer)).post(ASSOCIATIONS).then().statusCode(200)
                .body("resellerCompany.id", equalTo(reseller.toString()))
                .body("resellerCompany.name", equalTo("Assoc Reseller"))
                .body("customerCompany.id", equalTo(customer.toString()))
                .body("customerCompany.name", equalTo("Assoc Customer")).body("createdOn", org.hamcrest.Matchers.notNullValue())
                .extract().path("id");
        JsonNode created = Fixtures.event("COMPANY_ASSOCIATION_CREATED", e -> id.equals(e.path("aggregate").path("id").asText()));
        assertEquals("ASSOCIATED", created.path("payload").path("origin").asText());
        JsonNode mail = created.path("payload").path("notifications").get(0);
        assertEquals("RESELLER_LINKED", mail.path("type").asText());
        List<String> recipients = new java.util.ArrayList<>();
        mail.path("recipients").forEach(r -> recipients.add(r.asText()));
        assertEquals(List.of(f.email(customerAdmin), f.email(alice)), recipients);

        // the reseller now sees the customer, its details and its users
        f.asUser(alice).get(COMPANIES + "?context=RESELLER").then().body("id", equalTo(List.of(customer.toString())));
        f.asUser(alice).get(COMPANIES + "/" + customer + "?context=RESELLER").then().statusCode(200);
        f.asUser(alice).get("/api/appReseller/v1/users?context=RESELLER").then().statusCode(200)
                .body("content.id", hasItem(customerUser.toString()));

        f.asManager().delete(ASSOCIATIONS + "/" + id).then().statusCode(204);
        JsonNode removed = Fixtures.event("COMPANY_ASSOCIATION_REMOVED", e -> id.equals(e.path("aggregate").path("id").asText()));
        assertEquals("RESELLER_UNLINKED", removed.path("payload").path("notifications").get(0).path("type").asText());
        f.asUser(alice).get(COMPANIES + "?context=RESELLER").then().body("id", empty());
        f.asUser(alice).get(COMPANIES + "/" + customer + "?context=RESELLER").then().statusCode(403);
        f.asUser(alice).get("/api/appReseller/v1/users?context=RESELLER").then().body("content", empty());
        f.asManager().delete(ASSOCIATIONS + "/" + id).then().statusCode(404);
    }

    @Test
    void aMemberWithoutALocaleOfTheirOwnIsToldInTheirCompanysLocale() {
        UUID reseller = f.reseller("Locale Reseller");
        UUID customer = f.company("Société Cliente", Map.of("locale", "fr_FR"));
        UUID alice = f.member(reseller, "ACTIVE", Roles.RESELLER);
        UUID customerAdmin = f.member(customer, "ACTIVE", Roles.SYS_ADMIN);
        String id = f.asManager().body(body(reseller, customer)).post(ASSOCIATIONS).then().statusCode(200).extract().path("id");
        JsonNode created = Fixtures.event("COMPANY_ASSOCIATION_CREATED", e -> id.equals(e.path("aggregate").path("id").asText()));
        Map<String, List<String>> byLocale = new java.util.TreeMap<>();
        created.path("payload").path("notifications").forEach(n -> {
            List<String> to = new java.util.ArrayList<>();
            n.path("recipients").forEach(r -> to.add(r.asText()));
            byLocale.put(n.path("locale").asText(), to);
        });
        // the customer's administrator has no locale: the French company's; the reseller's company has none: the default
        assertEquals(Map.of("fr_FR", List.of(f.email(customerAdmin)), "en_US", List.of(f.email(alice))), byLocale);
    }

    @Test
    void refusalsCarryTheReferenceCodes() {
        UUID reseller = f.reseller("Codes Reseller");
        UUID customer = f.company("Codes Customer", Map.of());
        UUID disabled = f.company("Codes Disabled", Map.of("enabled", false));
        UUID removed = f.company("Codes Removed", Map.of());
        AccountEvents.publish(AccountEvents.company("COMPANY_DELETED", f.partner, removed, Map.of(),
                System.currentTimeMillis()));
        Fixtures.eventually(() -> Fixtures.number("select count(*) from directory_company where id = ? and deleted",
                removed) == 1, "removed");

        f.asManager().body(body(reseller, reseller)).post(ASSOCIATIONS).then().statusCode(409)
                .body("code", equalTo("CANT_LINK_RESELLER_TO_ITSELF"));
        f.asManager().body(body(customer, reseller)).post(ASSOCIATIONS).then().statusCode(409)
                .body("code", equalTo("RESELLER_REQUIRED")).body("message", equalTo("Codes Customer is not a reseller company"));
        f.asManager().body(body(reseller, disabled)).post(ASSOCIATIONS).then().statusCode(409)
                .body("code", equalTo("COMPANY_DISABLED"));
        f.asManager().body(body(reseller, removed)).post(ASSOCIATIONS).then().statusCode(409)
                .body("code", equalTo("COMPANY_INACTIVE")).body("message", equalTo("Codes Removed is not an active company"));
        f.asChannelAdmin().body(body(reseller, customer)).post(ASSOCIATIONS).then().statusCode(200);
        f.asPartner().body(body(reseller, customer)).post(ASSOCIATIONS).then().statusCode(409)
                .body("code", equalTo("ASSOCIATION_ALREADY_EXISTS"));
        f.asManager().body(body(reseller, UUID.randomUUID())).post(ASSOCIATIONS).then().statusCode(404);

        // input
        f.asManager().body(Map.of()).post(ASSOCIATIONS).then().statusCode(400).body("code", equalTo("INVALID_FIELD"))
                .body("message", containsString("customerCompanyId")).body("message", containsString("resellerCompanyId"));
        f.asManager().body(Map.of("resellerCompanyId", "x", "customerCompanyId", customer.toString())).post(ASSOCIATIONS)
                .then().statusCode(400).body("message", containsString("resellerCompanyId"));

        // who: reseller managers, marketplace managers and partner credentials; not readers, not resellers
        UUID alice = f.member(reseller, "ACTIVE", Roles.RESELLER);
        UUID other = f.company("Codes Other", Map.of());
        f.asReader().body(body(reseller, other)).post(ASSOCIATIONS).then().statusCode(403);
        f.asUser(alice).body(body(reseller, other)).post(ASSOCIATIONS).then().statusCode(403);
        f.asUser(alice, Roles.RESELLER).body(body(reseller, other)).post(ASSOCIATIONS).then().statusCode(403);
        // another marketplace's companies are as unknown to it as companies that do not exist
        f.asOtherMarketplace().body(body(reseller, other)).post(ASSOCIATIONS).then().statusCode(404)
                .body("message", equalTo("Company " + reseller + " was not found"));
        // a user holding ROLE_RESELLER_MANAGER in a membership is a reseller manager
        UUID manager = f.member(other, "ACTIVE", Roles.RESELLER_MANAGER);
        f.asUser(manager).body(body(reseller, other)).post(ASSOCIATIONS).then().statusCode(200);
        assertEquals(0, Fixtures.number("select count(*) from company_association where customer_company_id in (?, ?, ?)",
                disabled, removed, reseller));
    }

    @Test
    void listsByEitherCompanyWithFiltersSortAndPages() {
        UUID r1 = f.reseller("List Reseller One");
        UUID r2 = f.reseller("List Reseller Two");
        UUID a = f.company("Apple Customer", Map.of());
        UUID b = f.company("Banana Customer", Map.of());
        String first = f.asManager().body(body(r1, a)).post(ASSOCIATIONS).then().statusCode(200).extract().path("id");
        long between = System.currentTimeMillis();
        sleep();
        String second = f.asManager().body(body(r1, b)).post(ASSOCIATIONS).then().statusCode(200).extract().path("id");
        String third = f.asManager().body(body(r2, a)).post(ASSOCIATIONS).then().statusCode(200).extract().path("id");

        f.asManager().get(ASSOCIATIONS + "?resellerCompanyId=" + r1).then().statusCode(200)
                .body("content.id", equalTo(List.of(second, first))).body("page.totalElements", equalTo(2))
                .body("page.number", equalTo(0)).body("page.size", equalTo(50)).body("$", not(org.hamcrest.Matchers.hasKey("links")));
        f.asManager().get(ASSOCIATIONS + "?customerCompanyId=" + a).then().body("content.id", hasSize(2))
                .body("content.id", hasItem(third));
        f.asManager().get(ASSOCIATIONS + "?resellerCompanyId=" + r1 + "&customerCompanyId=" + a).then()
                .body("content.id", equalTo(List.of(first)));
        f.asManager().get(ASSOCIATIONS + "?resellerCompanyId=" + r1 + "&searchText=BANANA").then()
                .body("content.id", equalTo(List.of(second)));
        f.asManager().get(ASSOCIATIONS + "?resellerCompanyId=" + r1 + "&createdOn=lte(" + between + ")").then()
                .body("content.id", equalTo(List.of(first)));
        f.asManager().get(ASSOCIATIONS + "?resellerCompanyId=" + r1 + "&createdOn=gte(" + between + ")").then()
                .body("content.id", equalTo(List.of(second)));
        // '+' written raw arrives as a space; encoded it is a '+'
        f.asManager().get(ASSOCIATIONS + "?resellerCompanyId=" + r1 + "&sort=+createdOn").then()
                .body("content.id", equalTo(List.of(first, second)));
        f.asManager().urlEncodingEnabled(false).get(ASSOCIATIONS + "?resellerCompanyId=" + r1 + "&sort=%2BcreatedOn").then()
                .body("content.id", equalTo(List.of(first, second)));
        List<String> byId = new java.util.ArrayList<>(List.of(first, second));
        java.util.Collections.sort(byId);
        java.util.Collections.reverse(byId);
        f.asManager().get(ASSOCIATIONS + "?resellerCompanyId=" + r1 + "&sort=-id").then().body("content.id", equalTo(byId));
        f.asManager().get(ASSOCIATIONS + "?resellerCompanyId=" + r1 + "&number=1&size=1").then()
                .body("content.id", equalTo(List.of(first))).body("page.totalPages", equalTo(2)).body("page.number", equalTo(1));
        f.asReader().get(ASSOCIATIONS + "?resellerCompanyId=" + r1).then().statusCode(200).body("content", hasSize(2));

        // every parameter is checked
        f.asManager().get(ASSOCIATIONS).then().statusCode(400).body("code", equalTo("INVALID_FIELD"))
                .body("message", containsString("resellerCompanyId"));
        f.asManager().get(ASSOCIATIONS + "?resellerCompanyId=nope").then().statusCode(400)
                .body("message", containsString("resellerCompanyId"));
        f.asManager().get(ASSOCIATIONS + "?resellerCompanyId=" + r1 + "&createdOn=after(1)").then().statusCode(400)
                .body("message", containsString("createdOn"));
        f.asManager().get(ASSOCIATIONS + "?resellerCompanyId=" + r1 + "&createdOn=gte(soon)").then().statusCode(400)
                .body("message", containsString("createdOn"));
        f.asManager().get(ASSOCIATIONS + "?resellerCompanyId=" + r1 + "&sort=-name").then().statusCode(400)
                .body("message", containsString("sort"));
        f.asManager().get(ASSOCIATIONS + "?resellerCompanyId=" + r1 + "&number=-1").then().statusCode(400)
                .body("message", containsString("number"));
        f.asManager().get(ASSOCIATIONS + "?resellerCompanyId=" + r1 + "&size=5000").then().statusCode(400)
                .body("message", containsString("size"));

        // tenancy and roles
        UUID alice = f.member(r1, "ACTIVE", Roles.RESELLER);
        f.asUser(alice).get(ASSOCIATIONS + "?resellerCompanyId=" + r1).then().statusCode(403);
        f.asOtherMarketplace().get(ASSOCIATIONS + "?resellerCompanyId=" + r1).then().statusCode(200)
                .body("content", empty()).body("page.totalElements", equalTo(0));
        f.asOtherMarketplace().delete(ASSOCIATIONS + "/" + first).then().statusCode(404);
        f.asReader().delete(ASSOCIATIONS + "/" + first).then().statusCode(403);
        f.asManager().delete(ASSOCIATIONS + "/nope").then().statusCode(400);
        f.asManager().get(ASSOCIATIONS + "?resellerCompanyId=" + r1).then().body("content", hasSize(2));
    }

    /**
     * Another marketplace's association id, and its companies' ids, get exactly the answer of ids that do not exist:
     * the same 404 and message but for the id on removal and creation, the same empty page (total 0, not the company's
     * counter) on listing. The old code answered 403 for them, which confirmed that they existed elsewhere.
     */
    @Test
    void anotherMarketplacesAssociationIsAsUnknownAsAMissingOne() {
        UUID reseller = f.reseller("Oracle Reseller");
        UUID customer = f.company("Oracle Customer", Map.of());
        String id = f.asManager().body(body(reseller, customer)).post(ASSOCIATIONS).then().statusCode(200)
                .extract().path("id");
        UUID unknownCompany = UUID.randomUUID();
        for (String association : List.of(id, UUID.randomUUID().toString())) {
            f.asOtherMarketplace().delete(ASSOCIATIONS + "/" + association).then().statusCode(404)
                    .body("code", equalTo("NOT_FOUND"))
                    .body("message", equalTo("Company association " + association + " was not found"));
        }
        for (UUID company : List.of(reseller, unknownCompany)) {
            f.asOtherMarketplace().body(body(company, customer)).post(ASSOCIATIONS).then().statusCode(404)
                    .body("code", equalTo("NOT_FOUND")).body("message", equalTo("Company " + company + " was not found"));
            for (String filter : List.of("resellerCompanyId", "customerCompanyId")) {
                UUID named = company.equals(reseller) && filter.equals("customerCompanyId") ? customer : company;
                f.asOtherMarketplace().get(ASSOCIATIONS + "?" + filter + "=" + named).then().statusCode(200)
                        .body("content", empty()).body("page.totalElements", equalTo(0))
                        .body("page.totalPages", equalTo(0));
            }
        }
        f.asManager().get(ASSOCIATIONS + "?resellerCompanyId=" + reseller).then().statusCode(200)
                .body("content.id", equalTo(List.of(id))).body("page.totalElements", equalTo(1));
    }

    @Test
    void removingTheLinkOfACompanyAResellerCreatedUnlinksIt() {
        UUID reseller = f.reseller("Unlink Reseller");
        UUID alice = f.member(reseller, "ACTIVE", Roles.SYS_ADMIN, Roles.RESELLER);
        String customer = f.asUser(alice).body(Map.of("name", "Unlink Customer")).post(COMPANIES).then().statusCode(200)
                .extract().path("id");
        String id = f.asManager().get(ASSOCIATIONS + "?customerCompanyId=" + customer).then().statusCode(200)
                .body("content", hasSize(1)).extract().path("content[0].id");
        f.asPartner().delete(ASSOCIATIONS + "/" + id).then().statusCode(204);
        JsonNode event = Fixtures.event("RESELLER_COMPANY_UNLINKED", e -> id.equals(e.path("aggregate").path("id").asText()));
        assertEquals("LINKED", event.path("payload").path("origin").asText());
        assertEquals("Unlink Customer", event.path("payload").path("association").path("customerCompany").path("name").asText());
        JsonNode mail = event.path("payload").path("notifications").get(0);
        assertEquals("RESELLER_UNLINKED", mail.path("type").asText());
        assertEquals(f.email(alice), mail.path("recipients").get(0).asText());
        f.asUser(alice).get(COMPANIES + "?context=RESELLER").then().body("id", not(hasItem(customer)));
    }

    private static void sleep() {
        try {
            Thread.sleep(20);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
