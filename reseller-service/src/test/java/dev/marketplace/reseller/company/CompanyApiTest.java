package dev.marketplace.reseller.company;

import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.hasItems;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.notNullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;

import dev.marketplace.common.security.Roles;
import dev.marketplace.reseller.AccountEvents;
import dev.marketplace.reseller.Fixtures;
import dev.marketplace.reseller.StubAccount;
import io.quarkus.test.junit.QuarkusTest;

/** Companies in a reseller context: creating one linked to a reseller, listing in both contexts, details. */
@QuarkusTest
class CompanyApiTest {
    static final String COMPANIES = "/api/appReseller/v1/companies";
    private final Fixtures f = new Fixtures();

    private static Map<String, Object> company(String name, String externalId, UUID createdBy) {
        Map<String, Object> body = company(name, externalId);
        body.put("createdByCompanyId", createdBy.toString());
        return body;
    }

    private static Map<String, Object> company(String name, String externalId) {
        Map<String, Object> body = new HashMap<>();
        body.put("name", name);
        body.put("externalId", externalId);
        body.put("phone", "555-0101");
        body.put("companySize", "MEDIUM");
        body.put("website", "https://acme.example");
        return body;
    }

    @Test
    void aResellerCreatesACompanyLinkedToItInAccountService() {
        UUID reseller = f.reseller("Reseller One");
        UUID alice = f.member(reseller, "ACTIVE", Roles.SYS_ADMIN, Roles.RESELLER);
        String externalId = "acme-" + UUID.randomUUID();
        int created = StubAccount.creations();
        Map<String, Object> body = company("Acme", externalId, reseller);
        body.put("companyAccess", "REFERRAL");
        String id = f.asUser(alice).body(body).post(COMPANIES).then().statusCode(200)
                .body("name", equalTo("Acme")).body("externalId", equalTo(externalId)).body("phone", equalTo("555-0101"))
                .body("createdOn", notNullValue()).extract().path("id");
        assertEquals(created + 1, StubAccount.creations(), "the company is created in account-service");
        assertTrue(StubAccount.lastAuthorization().startsWith("Bearer "), "with a service token");

        // linked to the reseller, in the directory at once, with the access asked for
        assertEquals(1, Fixtures.number("select count(*) from company_association where reseller_company_id = ?"
                + " and customer_company_id = ? and origin = 'LINKED' and company_access = 'REFERRAL'", reseller,
                UUID.fromString(id)));
        assertEquals(0, Fixtures.number("select count(*) from company_creation where partner = ?", f.partner));
        f.asUser(alice).get(COMPANIES + "?context=RESELLER").then().statusCode(200).body("id", hasItem(id))
                .body("find { it.id == '" + id + "' }.grantedAccesses", equalTo(List.of("REFERRAL")));

        JsonNode event = Fixtures.event("RESELLER_COMPANY_LINKED", e -> id.equals(e.path("payload").path("association")
                .path("customerCompany").path("id").asText()));
        assertEquals(f.partner, event.path("partner").asText());
        assertEquals("reseller-service", event.path("source").asText());
        assertEquals(alice.toString(), event.path("creator").path("uuid").asText());
        assertEquals(reseller.toString(), event.path("payload").path("association").path("resellerCompany").path("id").asText());
        assertEquals("LINKED", event.path("payload").path("origin").asText());
        assertEquals("REFERRAL", event.path("payload").path("companyAccess").asText());
        JsonNode mail = event.path("payload").path("notifications").get(0);
        assertEquals("RESELLER_LINKED", mail.path("type").asText());
        assertEquals(f.email(alice), mail.path("recipients").get(0).asText());
        assertEquals("Reseller One", mail.path("parameters").path("resellerName").asText());
        assertEquals("Acme", mail.path("parameters").path("customerName").asText());

        // the only reseller company the caller acts for is the default; CUSTOMER the default access
        String second = f.asUser(alice).body(company("Beta", null)).post(COMPANIES).then().statusCode(200)
                .extract().path("id");
        assertEquals(1, Fixtures.number("select count(*) from company_association where reseller_company_id = ?"
                + " and customer_company_id = ? and company_access = 'CUSTOMER'", reseller, UUID.fromString(second)));

        // externalId is unique: nothing more is created in account-service
        int before = StubAccount.creations();
        f.asUser(alice).body(company("Acme again", externalId)).post(COMPANIES).then().statusCode(409)
                .body("code", equalTo("DUPLICATE_EXTERNAL_ID")).body("message", containsString("externalId"));
        assertEquals(before, StubAccount.creations());
    }

    @Test
    void badInputIsRefusedAndChangesNothing() {
        UUID reseller = f.reseller("Reseller Two");
        UUID alice = f.member(reseller, "ACTIVE", Roles.RESELLER);
        int requests = StubAccount.requests();
        f.asUser(alice).body(Map.of("externalId", "x")).post(COMPANIES).then().statusCode(400)
                .body("code", equalTo("INVALID_FIELD")).body("message", containsString("name"));
        f.asUser(alice).body(Map.of("name", "A", "companyAccess", "PARTNER")).post(COMPANIES).then().statusCode(400)
                .body("code", equalTo("INVALID_FIELD")).body("message", containsString("companyAccess"));
        f.asUser(alice).body(Map.of("name", "A", "companySize", "HUGE")).post(COMPANIES).then().statusCode(400)
                .body("message", containsString("companySize"));
        f.asUser(alice).body(Map.of("name", "A", "color", "red")).post(COMPANIES).then().statusCode(400)
                .body("message", containsString("color"));
        f.asUser(alice).body(Map.of("name", "A", "createdByCompanyId", "nope")).post(COMPANIES).then().statusCode(400)
                .body("message", containsString("createdByCompanyId"));
        f.asUser(alice).body(Map.of("name", "x".repeat(256))).post(COMPANIES).then().statusCode(400)
                .body("message", containsString("name"));
        f.asUser(alice).body(Map.of("name", "A", "externalId", "")).post(COMPANIES).then().statusCode(400)
                .body("message", containsString("externalId"));
        f.asUser(alice).contentType("application/json").body("{not json").post(COMPANIES).then().statusCode(400);
        assertEquals(requests, StubAccount.requests(), "account-service was not called");
        assertEquals(0, Fixtures.number("select count(*) from company_association where reseller_company_id = ?", reseller));
    }

    /**
     * A reseller who does not see the company holding an externalId is not told that one exists: 400 "externalId: is
     * not available", the value unnamed, and nothing created in account-service. Before, it was the 409
     * DUPLICATE_EXTERNAL_ID naming the value, for any externalId of the marketplace. Whoever sees the holder (the
     * reseller linked to it, a manager) still gets the 409.
     */
    @Test
    void aResellerLearnsNothingOfCompaniesItDoesNotSee() {
        UUID hidden = f.reseller("Hidden Company Reseller");
        UUID carol = f.member(hidden, "ACTIVE", Roles.RESELLER);
        String externalId = "hidden-co-" + f.partner;
        f.asUser(carol).body(company("Hidden Co", externalId)).post(COMPANIES).then().statusCode(200);
        UUID snooper = f.reseller("Snooping Company Reseller");
        UUID dave = f.member(snooper, "ACTIVE", Roles.RESELLER);

        int before = StubAccount.creations();
        f.asUser(dave).body(company("Mine", externalId)).post(COMPANIES).then().statusCode(400)
                .body("code", equalTo("INVALID_FIELD")).body("message", equalTo("externalId: is not available"));
        f.asUser(carol).body(company("Again", externalId)).post(COMPANIES).then().statusCode(409)
                .body("code", equalTo("DUPLICATE_EXTERNAL_ID"));
        f.asManager().body(company("Again", externalId, snooper)).post(COMPANIES).then().statusCode(409)
                .body("code", equalTo("DUPLICATE_EXTERNAL_ID"));
        assertEquals(before, StubAccount.creations());
        assertEquals(1, Fixtures.number("select count(*) from directory_company where external_id = ?", externalId));
    }

    @Test
    void onlyResellersOfTheCompanyAndManagersCreate() {
        UUID reseller = f.reseller("Reseller Three");
        UUID other = f.reseller("Reseller Four");
        UUID plain = f.company("Plain Co", Map.of());
        UUID alice = f.member(reseller, "ACTIVE", Roles.SYS_ADMIN, Roles.RESELLER);
        UUID admin = f.member(reseller, "ACTIVE", Roles.SYS_ADMIN);
        UUID customerUser = f.member(plain, "ACTIVE", Roles.RESELLER);

        // a Company Administrator without ROLE_RESELLER is no reseller, unless the token grants the role
        f.asUser(admin).body(company("X", null)).post(COMPANIES).then().statusCode(403).body("code", equalTo("FORBIDDEN"));
        f.asUser(admin, Roles.RESELLER).body(company("By token", null)).post(COMPANIES).then().statusCode(200);
        // ROLE_RESELLER in a company without reseller access makes no reseller
        f.asUser(customerUser).body(company("X", null)).post(COMPANIES).then().statusCode(403);
        // a reseller acting for a reseller company it does not belong to
        Map<String, Object> forOther = company("X", null, other);
        f.asUser(alice).body(forOther).post(COMPANIES).then().statusCode(403);
        // channel credentials without acting as a reseller, and another marketplace
        f.asPartner().body(company("X", null)).post(COMPANIES).then().statusCode(403);
        f.asOtherMarketplace().body(company("X", null, reseller)).post(COMPANIES).then().statusCode(404)
                .body("message", equalTo("Company " + reseller + " was not found"));

        // a reseller manager creates for any reseller company of the marketplace, which must be one
        f.asManager().body(forOther).post(COMPANIES).then().statusCode(200);
        f.asManager().body(company("X", null, plain)).post(COMPANIES).then().statusCode(409).body("code", equalTo("RESELLER_REQUIRED"));
        f.asManager().body(company("X", null, UUID.randomUUID())).post(COMPANIES).then().statusCode(404);
        f.asManager().body(company("X", null)).post(COMPANIES).then().statusCode(400)
                .body("message", containsString("createdByCompanyId"));
    }

    @Test
    void listsLinkedCustomersToAResellerAndTheProgramToManagers() {
        long start = System.currentTimeMillis();
        UUID r1 = f.reseller("Alpha Resellers");
        UUID r2 = f.reseller("Beta Resellers");
        UUID referral = f.company("Gamma Referrals", Map.of("referral", true, "channelAdmin", true));
        UUID plain = f.company("Delta Plain", Map.of());
        UUID alice = f.member(r1, "ACTIVE", Roles.RESELLER);
        UUID bob = f.member(r2, "ACTIVE", Roles.RESELLER);
        String c1 = f.asUser(alice).body(company("Zulu Customer", "zulu-" + f.partner)).post(COMPANIES).then().statusCode(200)
                .extract().path("id");
        String c2 = f.asUser(alice).body(company("Yankee Customer", null)).post(COMPANIES).then().statusCode(200)
                .extract().path("id");
        String c3 = f.asUser(bob).body(company("Xray Customer", null)).post(COMPANIES).then().statusCode(200)
                .extract().path("id");
        f.member(UUID.fromString(c1), "ACTIVE", Roles.SYS_ADMIN);
        f.member(UUID.fromString(c1), "INVITED", Roles.USER);
        AccountEvents.publish(AccountEvents.company("COMPANY_UPDATED", f.partner, UUID.fromString(c2),
                Map.of("name", "Yankee Customer", "enabled", false, "creationDate", start - 10_000),
                System.currentTimeMillis()));
        Fixtures.eventually(() -> Fixtures.number("select count(*) from directory_company where id = ? and not enabled",
                UUID.fromString(c2)) == 1, "c2 disabled");

        // a reseller lists the customers linked to it, and only those
        f.asUser(alice).get(COMPANIES + "?context=RESELLER").then().statusCode(200).body("id", hasSize(2))
                .body("id", hasItems(c1, c2)).body("find { it.id == '" + c1 + "' }.numOfUsers", equalTo(2))
                .body("find { it.id == '" + c1 + "' }.activated", equalTo(true))
                .body("find { it.id == '" + c2 + "' }.activated", equalTo(false));
        f.asUser(bob).get(COMPANIES + "?context=RESELLER").then().statusCode(200).body("id", equalTo(List.of(c3)));
        // a reseller manager lists the reseller program: reseller and referral companies
        f.asManager().get(COMPANIES + "?context=RESELLER_MANAGER").then().statusCode(200).body("id", hasSize(3))
                .body("id", hasItems(r1.toString(), r2.toString(), referral.toString()))
                .body("id", not(hasItem(plain.toString())));
        f.asChannelAdmin().get(COMPANIES + "?context=RESELLER_MANAGER").then().statusCode(200).body("id", hasSize(3));

        // filters
        f.asUser(alice).get(COMPANIES + "?context=RESELLER&searchText=ZUL").then().body("id", equalTo(List.of(c1)));
        f.asUser(alice).get(COMPANIES + "?context=RESELLER&searchText=zulu-" + f.partner).then().body("id", equalTo(List.of(c1)));
        f.asUser(alice).get(COMPANIES + "?context=RESELLER&enabled=false").then().body("id", equalTo(List.of(c2)));
        f.asUser(alice).get(COMPANIES + "?context=RESELLER&active=true").then().body("id", equalTo(List.of(c1)));
        f.asUser(alice).get(COMPANIES + "?context=RESELLER&active=false").then().body("id", equalTo(List.of(c2)));
        f.asUser(alice).get(COMPANIES + "?context=RESELLER&toDate=" + (start - 1)).then().body("id", equalTo(List.of(c2)));
        f.asUser(alice).get(COMPANIES + "?context=RESELLER&fromDate=" + start).then().body("id", equalTo(List.of(c1)));
        f.asManager().get(COMPANIES + "?context=RESELLER_MANAGER&vendor=ONLY_RESELLERS").then().body("id", hasSize(2))
                .body("id", not(hasItem(referral.toString())));
        f.asManager().get(COMPANIES + "?context=RESELLER_MANAGER&vendor=ONLY_VENDORS").then().body("id", empty());
        f.asManager().get(COMPANIES + "?context=RESELLER_MANAGER&vendor=ONLY_NON_VENDORS").then().body("id", hasSize(3));
        f.asManager().get(COMPANIES + "?context=RESELLER_MANAGER&channelAdmin=ONLY_CHANNEL_ADMINS").then()
                .body("id", equalTo(List.of(referral.toString())));
        f.asManager().get(COMPANIES + "?context=RESELLER_MANAGER&channelAdmin=ONLY_NON_CHANNEL_ADMINS").then()
                .body("id", hasSize(2));

        // order and paging: newest first by default; COMPANY_ID ascending
        f.asManager().get(COMPANIES + "?context=RESELLER_MANAGER").then()
                .body("id", equalTo(List.of(referral.toString(), r2.toString(), r1.toString())));
        List<String> byId = new java.util.ArrayList<>(List.of(r1.toString(), r2.toString(), referral.toString()));
        java.util.Collections.sort(byId);
        f.asManager().get(COMPANIES + "?context=RESELLER_MANAGER&sortField=COMPANY_ID&sortOrder=ASC").then().body("id",
                equalTo(byId));
        f.asManager().get(COMPANIES + "?context=RESELLER_MANAGER&sortField=CREATED_ON&sortOrder=ASC&page=1&size=1").then()
                .body("id", equalTo(List.of(r2.toString())));

        // every parameter is checked
        f.asManager().get(COMPANIES).then().statusCode(400).body("message", containsString("context"));
        f.asManager().get(COMPANIES + "?context=PARTNER").then().statusCode(400).body("message", containsString("context"));
        f.asManager().get(COMPANIES + "?context=RESELLER_MANAGER&sortField=NAME").then().statusCode(400)
                .body("message", containsString("sortField"));
        f.asManager().get(COMPANIES + "?context=RESELLER_MANAGER&sortOrder=UP").then().statusCode(400)
                .body("message", containsString("sortOrder"));
        f.asManager().get(COMPANIES + "?context=RESELLER_MANAGER&vendor=ALL").then().statusCode(400)
                .body("message", containsString("vendor"));
        f.asManager().get(COMPANIES + "?context=RESELLER_MANAGER&channelAdmin=yes").then().statusCode(400)
                .body("message", containsString("channelAdmin"));
        f.asManager().get(COMPANIES + "?context=RESELLER_MANAGER&active=maybe").then().statusCode(400)
                .body("message", containsString("active"));
        f.asManager().get(COMPANIES + "?context=RESELLER_MANAGER&fromDate=yesterday").then().statusCode(400)
                .body("message", containsString("fromDate"));
        f.asManager().get(COMPANIES + "?context=RESELLER_MANAGER&size=0").then().statusCode(400)
                .body("message", containsString("size"));

        // a context without its role, and another marketplace
        f.asUser(alice).get(COMPANIES + "?context=RESELLER_MANAGER").then().statusCode(403);
        f.asManager().get(COMPANIES + "?context=RESELLER").then().statusCode(403);
        f.asPartner().get(COMPANIES + "?context=RESELLER_MANAGER").then().statusCode(403);
        f.asOtherMarketplace().get(COMPANIES + "?context=RESELLER_MANAGER").then().statusCode(200)
                .body("id", not(hasItem(r1.toString())));
    }

    /**
     * A company is active while one of its enabled members has activated their account: the flag the active filter
     * reads is kept by the directory's triggers as members are added, activate, are disabled and are removed.
     */
    @Test
    void aCompanyIsActiveWhileOneOfItsMembersIs() {
        UUID company = f.reseller("Epsilon Resellers");
        UUID other = f.reseller("Zeta Resellers");
        f.member(other, "ACTIVE", Roles.USER);
        assertActive(company, false);
        // an invited member does not make it active; that member activating their account does
        UUID invited = f.member(company, "INVITED", Roles.USER);
        assertActive(company, false);
        AccountEvents.publish(AccountEvents.membership("MEMBERSHIP_UPDATED", f.partner, company, invited,
                f.email(invited), "ACTIVE", List.of(Roles.USER), true, System.currentTimeMillis()));
        Fixtures.eventually(() -> Fixtures.number("select count(*) from directory_user where id = ? and status = 'ACTIVE'",
                invited) == 1, "activated");
        assertActive(company, true);
        // a second member added active; disabling the first leaves it active, removing the second (its last) does not
        UUID second = f.member(company, "ACTIVE", Roles.USER);
        AccountEvents.publish(AccountEvents.membership("MEMBERSHIP_DISABLED", f.partner, company, invited,
                f.email(invited), "ACTIVE", List.of(Roles.USER), false, System.currentTimeMillis()));
        Fixtures.eventually(() -> Fixtures.number("select count(*) from directory_membership where user_id = ?"
                + " and not enabled", invited) == 1, "disabled");
        assertActive(company, true);
        AccountEvents.publish(AccountEvents.membershipDeleted(f.partner, company, second, false,
                System.currentTimeMillis()));
        Fixtures.eventually(() -> Fixtures.number("select count(*) from directory_membership where user_id = ? and deleted",
                second) == 1, "removed");
        assertActive(company, false);
        // enabled again: active again; the other company never changed
        AccountEvents.publish(AccountEvents.membership("MEMBERSHIP_ENABLED", f.partner, company, invited,
                f.email(invited), "ACTIVE", List.of(Roles.USER), true, System.currentTimeMillis()));
        Fixtures.eventually(() -> Fixtures.number("select count(*) from directory_membership where user_id = ?"
                + " and enabled", invited) == 1, "enabled");
        assertActive(company, true);
        assertActive(other, true);
    }

    /** The active filter (both values), the list's flag and the details' agree on {@code company}. */
    private void assertActive(UUID company, boolean active) {
        String id = company.toString();
        f.asManager().get(COMPANIES + "?context=RESELLER_MANAGER&active=true").then().statusCode(200)
                .body("id", active ? hasItem(id) : not(hasItem(id)));
        f.asManager().get(COMPANIES + "?context=RESELLER_MANAGER&active=false").then().statusCode(200)
                .body("id", active ? not(hasItem(id)) : hasItem(id));
        f.asManager().get(COMPANIES + "?context=RESELLER_MANAGER").then().statusCode(200)
                .body("find { it.id == '" + id + "' }.activated", equalTo(active));
        f.asManager().get(COMPANIES + "/" + id + "?context=RESELLER_MANAGER").then().statusCode(200)
                .body("active", equalTo(active));
    }

    @Test
    void detailsForWhoeverSeesTheCompany() {
        UUID r1 = f.reseller("Details Reseller");
        UUID r2 = f.reseller("Other Reseller");
        UUID alice = f.member(r1, "ACTIVE", Roles.RESELLER);
        UUID bob = f.member(r2, "ACTIVE", Roles.RESELLER);
        UUID idp = UUID.randomUUID();
        String externalId = "det-" + f.partner;
        String c1 = f.asUser(alice).body(company("Details Customer", externalId)).post(COMPANIES).then().statusCode(200)
                .extract().path("id");
        AccountEvents.publish(AccountEvents.company("COMPANY_UPDATED", f.partner, UUID.fromString(c1),
                Map.of("name", "Details Customer", "idpUuid", idp.toString(), "defaultRole", "ROLE_BILLING_ADMIN",
                        "externalId", externalId, "phoneNumber", "555-0101"), System.currentTimeMillis()));
        Fixtures.eventually(() -> Fixtures.number("select count(*) from directory_company where id = ? and idp_id = ?",
                UUID.fromString(c1), idp) == 1, "idp");

        f.asUser(alice).get(COMPANIES + "/" + c1 + "?context=RESELLER").then().statusCode(200).body("id", equalTo(c1))
                .body("name", equalTo("Details Customer")).body("externalId", equalTo(externalId))
                .body("phone", equalTo("555-0101")).body("channel", equalTo(f.partner)).body("enabled", equalTo(true))
                .body("active", equalTo(false)).body("grantedAccesses", equalTo(List.of("CUSTOMER")))
                .body("defaultRole", equalTo("BILLING_ADMIN")).body("actions", equalTo(List.of("INVITE_USERS")))
                .body("idpConfigurations[0].id", equalTo(idp.toString()))
                .body("idpConfigurations[0].partner", equalTo(f.partner))
                .body("availableTaxExemptions", empty()).body("stats", empty()).body("settings", empty())
                .body("availableRoles", empty()).body("availableAccesses", empty());
        f.asUser(alice).get(COMPANIES + "/externalId:" + externalId + "?context=RESELLER").then().statusCode(200)
                .body("id", equalTo(c1));
        // its own reseller company too
        f.asUser(alice).get(COMPANIES + "/" + r1 + "?context=RESELLER").then().statusCode(200)
                .body("grantedAccesses", equalTo(List.of("RESELLER"))).body("active", equalTo(true));
        // not another reseller's
        f.asUser(bob).get(COMPANIES + "/" + c1 + "?context=RESELLER").then().statusCode(403);
        f.asUser(alice).get(COMPANIES + "/" + r2 + "?context=RESELLER").then().statusCode(403);
        // managers see every company; actions they have through the associations API
        f.asManager().get(COMPANIES + "/" + c1 + "?context=RESELLER_MANAGER").then().statusCode(200)
                .body("actions", equalTo(List.of("INVITE_USERS", "LINK_CUSTOMER_TO_RESELLER")));
        f.asManager().get(COMPANIES + "/" + r2 + "?context=RESELLER_MANAGER").then().statusCode(200)
                .body("actions", equalTo(List.of("INVITE_USERS", "LINK_RESELLER_TO_CUSTOMER")));
        f.asManager().get(COMPANIES + "/" + UUID.randomUUID() + "?context=RESELLER_MANAGER").then().statusCode(404)
                .body("code", equalTo("NOT_FOUND"));
        f.asManager().get(COMPANIES + "/not-an-id?context=RESELLER_MANAGER").then().statusCode(400);
        f.asManager().get(COMPANIES + "/" + c1).then().statusCode(400).body("message", containsString("context"));
        // (another marketplace: anotherMarketplacesCompanyIsAsUnknownAsAMissingOne)
        f.asUser(alice).get(COMPANIES + "/" + c1 + "?context=RESELLER_MANAGER").then().statusCode(403);
    }

    /**
     * Another marketplace's company, and its users, answer exactly as an unknown company id (404 NOT_FOUND, the same
     * message but for the id): its details, the users listed by it, a user's details in it, a user created in it. The
     * old code found the company in any marketplace and answered 403, telling which ids exist elsewhere. Within the
     * marketplace, a company a reseller may not see stays a 403 (detailsForWhoeverSeesTheCompany).
     */
    @Test
    void anotherMarketplacesCompanyIsAsUnknownAsAMissingOne() {
        UUID theirs = f.company("Oracle Customer", Map.of());
        UUID member = f.member(theirs, "ACTIVE", Roles.USER);
        String users = "/api/appReseller/v1/users";
        for (UUID id : List.of(theirs, UUID.randomUUID())) {
            String message = "Company " + id + " was not found";
            Map<String, Object> newUser = new HashMap<>(Map.of("companyId", id.toString(),
                    "email", "oracle-" + UUID.randomUUID() + "@example.com", "firstName", "Nina", "lastName", "New"));
            for (var answer : List.of(f.asOtherMarketplace().get(COMPANIES + "/" + id + "?context=RESELLER_MANAGER"),
                    f.asOtherMarketplace().get(users + "?context=RESELLER_MANAGER&companyId=" + id),
                    f.asOtherMarketplace().get(users + "/" + member + "?context=RESELLER_MANAGER&companyId=" + id),
                    f.asOtherMarketplace().body(newUser).post(users + "?context=RESELLER_MANAGER"))) {
                answer.then().statusCode(404).body("code", equalTo("NOT_FOUND")).body("message", equalTo(message));
            }
        }
        f.asManager().get(COMPANIES + "/" + theirs + "?context=RESELLER_MANAGER").then().statusCode(200)
                .body("id", equalTo(theirs.toString()));
    }
}
