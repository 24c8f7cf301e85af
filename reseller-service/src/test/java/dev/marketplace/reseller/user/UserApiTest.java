package dev.marketplace.reseller.user;

import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.hasItems;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.not;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import org.junit.jupiter.api.Test;

import dev.marketplace.common.security.Roles;
import dev.marketplace.reseller.AccountEvents;
import dev.marketplace.reseller.Fixtures;
import dev.marketplace.reseller.StubAccount;
import io.quarkus.test.junit.QuarkusTest;

/** Users in a reseller context: creating one in account-service, listing in both contexts, details. */
@QuarkusTest
class UserApiTest {
    static final String USERS = "/api/appReseller/v1/users";
    static final String COMPANIES = "/api/appReseller/v1/companies";
    private final Fixtures f = new Fixtures();

    private Map<String, Object> user(UUID company, String email) {
        Map<String, Object> body = new HashMap<>();
        body.put("companyId", company.toString());
        body.put("email", email);
        body.put("firstName", "Nina");
        body.put("lastName", "New");
        return body;
    }

    private UUID customerOf(UUID reseller, UUID resellerUser, String name) {
        return UUID.fromString(f.asUser(resellerUser).body(Map.of("name", name)).post(COMPANIES).then().statusCode(200)
                .extract().path("id"));
    }

    @Test
    void aResellerCreatesUsersInItsCompanies() {
        UUID reseller = f.reseller("Users Reseller");
        UUID other = f.reseller("Users Other Reseller");
        UUID alice = f.member(reseller, "ACTIVE", Roles.SYS_ADMIN, Roles.RESELLER);
        UUID bob = f.member(other, "ACTIVE", Roles.RESELLER);
        UUID customer = customerOf(reseller, alice, "Users Customer");
        UUID foreign = customerOf(other, bob, "Users Foreign");
        String email = "nina-" + f.partner.toLowerCase() + "@customer.example";
        Map<String, Object> body = user(customer, email);
        body.put("externalId", "nina-" + f.partner);
        body.put("createdByCompanyId", reseller.toString());
        int created = StubAccount.creations();

        String id = f.asUser(alice).body(body).post(USERS + "?context=RESELLER").then().statusCode(200)
                .body("companyId", equalTo(customer.toString())).body("email", equalTo(email))
                .body("firstName", equalTo("Nina")).body("lastName", equalTo("New"))
                // assisted sales: account-service made the customer's user active, to activate through the email link
                .body("activated", equalTo(true)).body("invitationRequired", equalTo(false)).body("memberships", hasSize(1))
                .body("memberships[0].company.id", equalTo(customer.toString()))
                .body("memberships[0].company.name", equalTo("Users Customer"))
                .body("memberships[0].roles", equalTo(List.of("USER"))).extract().path("id");
        assertEquals(created + 1, StubAccount.creations());
        // listed at once (the directory took account-service's answer)
        f.asUser(alice).get(USERS + "?context=RESELLER").then().statusCode(200).body("content.id", hasItem(id));

        // in its own reseller company too; not in another reseller's customer, nor for another reseller
        f.asUser(alice).body(user(reseller, "colleague-" + email)).post(USERS + "?context=RESELLER").then().statusCode(200);
        f.asUser(alice).body(user(foreign, "x-" + email)).post(USERS + "?context=RESELLER").then().statusCode(403);
        Map<String, Object> forOther = user(customer, "y-" + email);
        forOther.put("createdByCompanyId", other.toString());
        f.asUser(alice).body(forOther).post(USERS + "?context=RESELLER").then().statusCode(403);
        f.asUser(alice).body(user(UUID.randomUUID(), "z-" + email)).post(USERS + "?context=RESELLER").then().statusCode(404);
        // a manager creates anywhere in the marketplace; a reseller is no manager
        UUID plain = f.company("Users Plain", Map.of());
        f.asManager().body(user(plain, "m-" + email)).post(USERS + "?context=RESELLER_MANAGER").then().statusCode(200)
                .body("companyId", equalTo(plain.toString()));
        f.asUser(alice).body(user(plain, "n-" + email)).post(USERS + "?context=RESELLER_MANAGER").then().statusCode(403);
        f.asManager().body(user(plain, "o-" + email)).post(USERS + "?context=RESELLER").then().statusCode(403);
        // another marketplace's company is as unknown as a missing one (CompanyApiTest)
        f.asOtherMarketplace().body(user(plain, "p-" + email)).post(USERS + "?context=RESELLER_MANAGER").then()
                .statusCode(404).body("message", equalTo("Company " + plain + " was not found"));
    }

    /**
     * Assisted sales: account-service is told which reseller company creates a user for its customer (the
     * {@code resellerCompanyId} of the internal creation, which makes it send ACCOUNT_ACTIVATION_CREATED_BY_ASSISTED_SALES
     * naming that company instead of an invitation): the reseller's company, given or its only one, or the reseller
     * company a manager names; none for a user of the reseller company itself, nor when a manager names no reseller.
     */
    @Test
    void aResellerNamesItsCompanyWhenItCreatesACustomersUser() {
        UUID reseller = f.reseller("Assisted Reseller");
        UUID alice = f.member(reseller, "ACTIVE", Roles.SYS_ADMIN, Roles.RESELLER);
        // the customer company and its first user, through the public API
        UUID customer = customerOf(reseller, alice, "Assisted Customer");
        String email = "first-" + f.partner.toLowerCase() + "@assisted.example";
        f.asUser(alice).body(user(customer, email)).post(USERS + "?context=RESELLER").then().statusCode(200)
                .body("activated", equalTo(true)).body("invitationRequired", equalTo(false));
        assertEquals(email, StubAccount.lastMember().path("email").asText());
        assertEquals(reseller.toString(), StubAccount.lastMember().path("resellerCompanyId").asText(),
                "the reseller's only company, createdByCompanyId left out");

        // a colleague in the reseller company itself is no sale: invited as before
        f.asUser(alice).body(user(reseller, "colleague-" + email)).post(USERS + "?context=RESELLER").then().statusCode(200)
                .body("invitationRequired", equalTo(true));
        assertEquals(false, StubAccount.lastMember().hasNonNull("resellerCompanyId"));

        // a manager: the reseller company it names, and none when it names a company that is no reseller or none at all
        Map<String, Object> byManager = user(customer, "m-" + email);
        byManager.put("createdByCompanyId", reseller.toString());
        f.asManager().body(byManager).post(USERS + "?context=RESELLER_MANAGER").then().statusCode(200);
        assertEquals(reseller.toString(), StubAccount.lastMember().path("resellerCompanyId").asText());
        UUID plain = f.company("Assisted Plain", Map.of());
        Map<String, Object> notASale = user(customer, "n-" + email);
        notASale.put("createdByCompanyId", plain.toString());
        f.asManager().body(notASale).post(USERS + "?context=RESELLER_MANAGER").then().statusCode(200);
        assertEquals(false, StubAccount.lastMember().hasNonNull("resellerCompanyId"));
        f.asManager().body(user(customer, "o-" + email)).post(USERS + "?context=RESELLER_MANAGER").then().statusCode(200);
        assertEquals(false, StubAccount.lastMember().hasNonNull("resellerCompanyId"));
    }

    /**
     * A reseller who does not see the user holding an email or externalId is not told that such a user exists: the
     * answer is the 400 "is not available" of a value whose holder it cannot see, naming neither the user nor the value,
     * and nothing is created. Before, it was the 409 DUPLICATE_EMAIL / DUPLICATE_EXTERNAL_ID naming the value, which
     * told any reseller which emails and externalIds the whole marketplace holds.
     */
    @Test
    void aResellerLearnsNothingOfUsersItDoesNotSee() {
        UUID hidden = f.reseller("Hidden Reseller");
        UUID carol = f.member(hidden, "ACTIVE", Roles.RESELLER);
        String email = "hidden-" + f.partner.toLowerCase() + "@customer.example";
        Map<String, Object> body = user(hidden, email);
        body.put("externalId", "hidden-" + f.partner);
        f.asUser(carol).body(body).post(USERS + "?context=RESELLER").then().statusCode(200);

        UUID snooper = f.reseller("Snooping Reseller");
        UUID dave = f.member(snooper, "ACTIVE", Roles.RESELLER);
        int requests = StubAccount.requests();
        f.asUser(dave).body(user(snooper, email)).post(USERS + "?context=RESELLER").then().statusCode(400)
                .body("code", equalTo("INVALID_FIELD")).body("message", equalTo("email: is not available"));
        Map<String, Object> sameExternalId = user(snooper, "fresh-" + email);
        sameExternalId.put("externalId", "hidden-" + f.partner);
        f.asUser(dave).body(sameExternalId).post(USERS + "?context=RESELLER").then().statusCode(400)
                .body("code", equalTo("INVALID_FIELD")).body("message", equalTo("externalId: is not available"));
        assertEquals(requests, StubAccount.requests(), "refused before account-service was asked");
        // the values stay unique: the reseller who sees the holder, and a manager, are told it is a duplicate
        f.asUser(carol).body(user(hidden, email)).post(USERS + "?context=RESELLER").then().statusCode(409)
                .body("code", equalTo("DUPLICATE_EMAIL"));
        f.asManager().body(sameExternalId).post(USERS + "?context=RESELLER_MANAGER").then().statusCode(409)
                .body("code", equalTo("DUPLICATE_EXTERNAL_ID"));
        assertEquals(1, Fixtures.number("select count(*) from directory_user where lower(email) = ?", email));
    }

    @Test
    void emailAndExternalIdAreUniqueAndInputIsChecked() {
        UUID reseller = f.reseller("Unique Reseller");
        UUID alice = f.member(reseller, "ACTIVE", Roles.RESELLER);
        String email = "dup-" + f.partner.toLowerCase() + "@customer.example";
        Map<String, Object> body = user(reseller, email);
        body.put("externalId", "dup-" + f.partner);
        f.asUser(alice).body(body).post(USERS + "?context=RESELLER").then().statusCode(200);

        int requests = StubAccount.requests();
        f.asUser(alice).body(user(reseller, email.toUpperCase())).post(USERS + "?context=RESELLER").then().statusCode(409)
                .body("code", equalTo("DUPLICATE_EMAIL"));
        Map<String, Object> sameExternalId = user(reseller, "other-" + email);
        sameExternalId.put("externalId", "dup-" + f.partner);
        f.asUser(alice).body(sameExternalId).post(USERS + "?context=RESELLER").then().statusCode(409)
                .body("code", equalTo("DUPLICATE_EXTERNAL_ID"));
        assertEquals(requests, StubAccount.requests(), "refused before account-service was asked");
        // a user account-service knows but reseller-service has not heard of yet: nobody here is known to see them,
        // so a reseller is told the email is not available, and only a manager (who sees everyone) that it is taken
        String known = "known-" + email;
        StubAccount.existingEmail(known);
        f.asUser(alice).body(user(reseller, known)).post(USERS + "?context=RESELLER").then().statusCode(400)
                .body("code", equalTo("INVALID_FIELD")).body("message", equalTo("email: is not available"));
        f.asManager().body(user(reseller, known)).post(USERS + "?context=RESELLER_MANAGER").then().statusCode(409)
                .body("code", equalTo("DUPLICATE_EMAIL")).body("message", containsString(known));

        f.asUser(alice).body(user(reseller, "not-an-email")).post(USERS + "?context=RESELLER").then().statusCode(400)
                .body("code", equalTo("INVALID_FIELD")).body("message", containsString("email"));
        f.asUser(alice).body(Map.of("email", "a@b.example")).post(USERS + "?context=RESELLER").then().statusCode(400)
                .body("message", containsString("companyId"));
        f.asUser(alice).body(user(reseller, "q-" + email)).post(USERS).then().statusCode(400)
                .body("message", containsString("context"));
        Map<String, Object> badId = user(reseller, "r-" + email);
        badId.put("companyId", "acme");
        f.asUser(alice).body(badId).post(USERS + "?context=RESELLER").then().statusCode(400)
                .body("message", containsString("companyId"));
    }

    @Test
    void listsMembersInBothContexts() {
        long start = System.currentTimeMillis();
        UUID r1 = f.reseller("Listing Reseller");
        UUID referral = f.company("Listing Referral", Map.of("referral", true));
        UUID plain = f.company("Listing Plain", Map.of());
        UUID alice = f.member(r1, "ACTIVE", Roles.SYS_ADMIN, Roles.RESELLER);
        UUID customer = customerOf(r1, alice, "Listing Customer");
        UUID active = f.member(customer, "ACTIVE", Roles.SYS_ADMIN, Roles.BILLING_ADMIN);
        UUID invited = f.member(customer, "INVITED", Roles.USER);
        UUID managed = f.member(customer, "MANAGED", Roles.USER);
        UUID referrer = f.member(referral, "ACTIVE", Roles.USER);
        UUID outsider = f.member(plain, "ACTIVE", Roles.USER);

        // a reseller lists the members of its linked customers
        f.asUser(alice).get(USERS + "?context=RESELLER").then().statusCode(200).body("content", hasSize(3))
                .body("content.id", hasItems(active.toString(), invited.toString(), managed.toString()))
                .body("page.totalElements", equalTo(3)).body("page.size", equalTo(50))
                .body("$", not(org.hamcrest.Matchers.hasKey("links")));
        // its own company's members when it asks for them; not another company's
        f.asUser(alice).get(USERS + "?context=RESELLER&companyId=" + r1).then().statusCode(200)
                .body("content.id", equalTo(List.of(alice.toString())));
        f.asUser(alice).get(USERS + "?context=RESELLER&companyId=" + plain).then().statusCode(403);
        // a manager lists the reseller program's members, and any company's
        f.asManager().get(USERS + "?context=RESELLER_MANAGER").then().statusCode(200).body("content", hasSize(2))
                .body("content.id", hasItems(alice.toString(), referrer.toString()));
        f.asManager().get(USERS + "?context=RESELLER_MANAGER&companyId=" + plain).then()
                .body("content.id", equalTo(List.of(outsider.toString())));

        // filters
        f.asUser(alice).get(USERS + "?context=RESELLER&active=ONLY_ACTIVE").then().body("content.id",
                equalTo(List.of(active.toString())));
        f.asUser(alice).get(USERS + "?context=RESELLER&active=ONLY_PENDING_INVITE,ONLY_INACTIVE").then()
                .body("content.id", hasSize(2)).body("content.id", not(hasItem(active.toString())));
        f.asUser(alice).get(USERS + "?context=RESELLER&active=ONLY_PENDING_INVITE&active=ONLY_ACTIVE").then()
                .body("content.id", hasSize(2)).body("content.id", not(hasItem(managed.toString())));
        String activeEmail = f.email(active);
        f.asUser(alice).get(USERS + "?context=RESELLER&searchText=" + activeEmail.substring(0, 6).toUpperCase()).then()
                .body("content.id", equalTo(List.of(active.toString())));
        f.asUser(alice).get(USERS + "?context=RESELLER&fromDate=" + start + "&toDate=" + System.currentTimeMillis()).then()
                .body("content", hasSize(3));
        f.asUser(alice).get(USERS + "?context=RESELLER&toDate=" + (start - 1)).then().body("content", empty());
        f.asUser(alice).get(USERS + "?context=RESELLER&partner=" + f.partner).then().body("content", hasSize(3));
        f.asUser(alice).get(USERS + "?context=RESELLER&partner=OTHER").then().statusCode(403);

        // order and paging
        List<String> emails = new java.util.ArrayList<>(List.of(f.email(active), f.email(invited), f.email(managed)));
        java.util.Collections.sort(emails);
        f.asUser(alice).get(USERS + "?context=RESELLER").then().body("content.email", equalTo(emails));
        java.util.Collections.reverse(emails);
        f.asUser(alice).get(USERS + "?context=RESELLER&sortField=EMAIL&sortOrder=DESC").then()
                .body("content.email", equalTo(emails));
        f.asUser(alice).get(USERS + "?context=RESELLER&sortField=FIRST_NAME&size=1&page=2").then()
                .body("content.firstName", equalTo(List.of(lastFirstName(active, invited, managed))))
                .body("page.totalPages", equalTo(3)).body("page.number", equalTo(2));
        f.asManager().get(USERS + "?context=RESELLER_MANAGER&sortField=CUSTOMER_ID").then().statusCode(200);

        // every parameter is checked
        f.asUser(alice).get(USERS).then().statusCode(400).body("message", containsString("context"));
        f.asUser(alice).get(USERS + "?context=RESELLER&active=SOMETIMES").then().statusCode(400)
                .body("message", containsString("active"));
        f.asUser(alice).get(USERS + "?context=RESELLER&sortField=LAST_NAME").then().statusCode(400)
                .body("message", containsString("sortField"));
        f.asUser(alice).get(USERS + "?context=RESELLER&companyId=nope").then().statusCode(400);
        f.asUser(alice).get(USERS + "?context=RESELLER&toDate=never").then().statusCode(400)
                .body("message", containsString("toDate"));
        // contexts without their role; another marketplace
        f.asUser(alice).get(USERS + "?context=RESELLER_MANAGER").then().statusCode(403);
        f.asUser(active).get(USERS + "?context=RESELLER").then().statusCode(403);
        // another marketplace's company is as unknown as a missing one (CompanyApiTest)
        f.asOtherMarketplace().get(USERS + "?context=RESELLER_MANAGER&companyId=" + r1).then().statusCode(404);
    }

    /** The first names of {@link Fixtures#member} users, sorted: the last one. */
    private String lastFirstName(UUID... users) {
        List<String> names = new java.util.ArrayList<>();
        for (UUID u : users) {
            names.add("First " + f.email(u).substring(0, f.email(u).indexOf('@')));
        }
        java.util.Collections.sort(names);
        return names.get(names.size() - 1);
    }

    @Test
    void detailsOfAMemberOfAVisibleCompany() {
        UUID reseller = f.reseller("Detail Reseller");
        UUID alice = f.member(reseller, "ACTIVE", Roles.RESELLER);
        UUID customer = customerOf(reseller, alice, "Detail Customer");
        UUID admin = f.member(customer, "ACTIVE", Roles.SYS_ADMIN, Roles.BILLING_ADMIN);
        UUID plain = f.company("Detail Plain", Map.of());
        UUID outsider = f.member(plain, "ACTIVE", Roles.USER);

        f.asUser(alice).get(USERS + "/" + admin + "?context=RESELLER&companyId=" + customer).then().statusCode(200)
                .body("id", equalTo(admin.toString())).body("companyId", equalTo(customer.toString()))
                .body("email", equalTo(f.email(admin))).body("activated", equalTo(true))
                .body("invitationRequired", equalTo(false)).body("enabled", equalTo(true)).body("partner", equalTo(f.partner))
                .body("memberships[0].roles", equalTo(List.of("SYS_ADMIN", "BILLING_ADMIN")))
                .body("settings.setting", equalTo(List.of("SYS_ADMIN", "BILLING_ADMIN")))
                .body("settings[0].permission", equalTo("READ")).body("settings[0].value", equalTo("true"))
                .body("customAttributes", empty()).body("actions", empty()).body("availableRoles", empty());
        // a disabled membership, and a removed one
        AccountEvents.publish(AccountEvents.membership("MEMBERSHIP_DISABLED", f.partner, customer, admin, f.email(admin),
                "ACTIVE", List.of(Roles.SYS_ADMIN), false, System.currentTimeMillis()));
        Fixtures.eventually(() -> Fixtures.number("select count(*) from directory_membership where user_id = ? and not enabled",
                admin) == 1, "disabled");
        f.asUser(alice).get(USERS + "/" + admin + "?context=RESELLER&companyId=" + customer).then().statusCode(200)
                .body("enabled", equalTo(false)).body("settings.setting", equalTo(List.of("SYS_ADMIN")));
        AccountEvents.publish(AccountEvents.membershipDeleted(f.partner, customer, admin, true, System.currentTimeMillis()));
        Fixtures.eventually(() -> Fixtures.number("select count(*) from directory_membership where user_id = ? and deleted",
                admin) == 1, "deleted");
        f.asUser(alice).get(USERS + "/" + admin + "?context=RESELLER&companyId=" + customer).then().statusCode(404);

        f.asUser(alice).get(USERS + "/" + outsider + "?context=RESELLER&companyId=" + plain).then().statusCode(403);
        f.asUser(alice).get(USERS + "/" + outsider + "?context=RESELLER&companyId=" + customer).then().statusCode(404);
        f.asManager().get(USERS + "/" + outsider + "?context=RESELLER_MANAGER&companyId=" + plain).then().statusCode(200);
        f.asUser(alice).get(USERS + "/" + alice + "?context=RESELLER").then().statusCode(400)
                .body("message", containsString("companyId"));
        f.asUser(alice).get(USERS + "/nope?context=RESELLER&companyId=" + customer).then().statusCode(400)
                .body("message", containsString("userId"));
        f.asOtherMarketplace().get(USERS + "/" + outsider + "?context=RESELLER_MANAGER&companyId=" + plain).then()
                .statusCode(404).body("message", equalTo("Company " + plain + " was not found"));
    }
}
