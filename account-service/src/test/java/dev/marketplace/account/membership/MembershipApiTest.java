package dev.marketplace.account.membership;

import static dev.marketplace.account.Fixtures.members;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.hasItems;
import static org.hamcrest.Matchers.hasKey;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.not;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;

import dev.marketplace.account.Fixtures;
import dev.marketplace.account.Fixtures.Co;
import dev.marketplace.account.StubBilling;
import io.quarkus.test.junit.QuarkusTest;

@QuarkusTest
class MembershipApiTest {
    private final Fixtures f = new Fixtures();

    @Test
    void createMembershipInvitesOrManagesAndEmitsTheInvitation() {
        Co co = f.company("Invite Co", true);
        String email = "new-" + UUID.randomUUID() + "@elsewhere.example";
        String user = f.asPartner().queryParam("inviterUuid", co.adminUuid())
                .body(Map.of("user", Map.of("email", email, "firstName", "Nia", "lastName", "New")))
                .post(members(co.uuid())).then().statusCode(201)
                .header("Location", containsString("/memberships/"))
                .body("status", equalTo("INVITED")).body("roles", equalTo(List.of("ROLE_USER")))
                .body("user.activated", equalTo(false)).body("company.uuid", equalTo(co.uuid()))
                .extract().path("user.uuid");
        JsonNode invitation = Fixtures.event("INVITATION_CREATED", e -> email.equals(e.path("payload").path("email").asText()));
        JsonNode mail = invitation.path("payload").path("notifications").get(0);
        assertEquals("INVITE_USER", mail.path("type").asText());
        assertEquals("EMAIL", mail.path("channel").asText());
        assertEquals(email, mail.path("recipients").get(0).asText());
        assertEquals("Invite Co", mail.path("parameters").path("companyName").asText());
        assertEquals("Ada Admin", mail.path("parameters").path("inviterName").asText());
        assertEquals("USER", mail.path("parameters").path("role").asText());
        assertTrue(f.secret(mail, "invitationUrl").contains("/signup/invitation/"));
        Fixtures.event("MEMBERSHIP_CREATED", e -> e.path("aggregate").path("id").asText().endsWith(user));

        Co managed = f.company("Managed Co", false);
        f.asPartner().queryParam("inviterUuid", managed.adminUuid())
                .body(Map.of("user", Map.of("email", "m-" + UUID.randomUUID() + "@x.example"), "roles", List.of("ROLE_DEVELOPER")))
                .post(members(managed.uuid())).then().statusCode(201).body("status", equalTo("MANAGED"))
                .body("user.allowLogin", equalTo(false)).body("roles", equalTo(List.of("ROLE_DEVELOPER")));
        // an existing user (administrator elsewhere) joins a second company: invited there, still active
        Co second = f.company("Second Co", true);
        f.asPartner().queryParam("inviterUuid", second.adminUuid()).body(Map.of("user", Map.of("email", co.adminEmail())))
                .post(members(second.uuid())).then().statusCode(201).body("user.uuid", equalTo(co.adminUuid()))
                .body("status", equalTo("INVITED")).body("user.status", equalTo("ACTIVE"));
        // a company administrator (acting as a user) needs no inviterUuid
        f.asUser(co.adminUuid()).body(Map.of("user", Map.of("email", "by-admin-" + UUID.randomUUID() + "@x.example")))
                .post(members(co.uuid())).then().statusCode(201);
    }

    @Test
    void createMembershipRefusals() {
        Co co = f.company("Strict Co", true);
        Map<String, Object> ok = Map.of("user", Map.of("email", "s-" + UUID.randomUUID() + "@x.example"));
        f.asPartner().body(ok).post(members(co.uuid())).then().statusCode(400).body("message", containsString("inviterUuid"));
        f.asPartner().queryParam("inviterUuid", UUID.randomUUID().toString()).body(ok).post(members(co.uuid())).then()
                .statusCode(404);
        f.asPartner().queryParam("inviterUuid", co.adminUuid())
                .body(Map.of("user", Map.of("email", "a@x.example"), "roles", List.of("ROLE_CHANNEL_ADMIN")))
                .post(members(co.uuid())).then().statusCode(400).body("message", containsString("roles"))
                .body("message", containsString("Marketplace Manager"));
        f.asPartner().queryParam("inviterUuid", co.adminUuid())
                .body(Map.of("user", Map.of("email", "a@x.example"), "roles", List.of("ROLE_WIZARD")))
                .post(members(co.uuid())).then().statusCode(400).body("message", containsString("unknown role ROLE_WIZARD"));
        f.asPartner().queryParam("inviterUuid", co.adminUuid()).body(Map.of("user", Map.of("email", "nope")))
                .post(members(co.uuid())).then().statusCode(400).body("message", containsString("user.email"));
        f.asPartner().queryParam("inviterUuid", co.adminUuid()).body(Map.of("user", Map.of("email", co.adminEmail())))
                .post(members(co.uuid())).then().statusCode(409).body("code", equalTo("ALREADY_MEMBER"));
        f.asOtherPartner().body(ok).post(members(co.uuid())).then().statusCode(404);
        f.asReader().body(ok).post(members(co.uuid())).then().statusCode(403);
        f.asPartner().queryParam("inviterUuid", co.adminUuid()).body(ok).post(members(UUID.randomUUID().toString())).then()
                .statusCode(404);
        // the administrator of another company of the marketplace acts on nothing here
        Co other = f.company("Other Strict Co", true);
        f.asUser(other.adminUuid()).body(ok).post(members(co.uuid())).then().statusCode(403);
        f.asUser(other.adminUuid()).get(members(co.uuid())).then().statusCode(403);
        f.asUser(other.adminUuid()).delete(members(co.uuid()) + "/" + co.adminUuid()).then().statusCode(403);
        // a company administrator cannot grant channel roles
        f.asUser(co.adminUuid()).body(Map.of("user", Map.of("email", "c-" + UUID.randomUUID() + "@x.example"),
                "roles", List.of("ROLE_CHANNEL_SUPPORT"))).post(members(co.uuid())).then().statusCode(403);
    }

    @Test
    void listFiltersSortsAndReads() {
        Co co = f.company("List Co", true);
        String zed = f.member(co, "zed-" + UUID.randomUUID() + "@x.example", List.of("ROLE_BILLING_ADMIN"));
        String amy = f.member(co, "amy-" + UUID.randomUUID() + "@x.example", List.of("ROLE_DEVELOPER"));
        f.asPartner().get(members(co.uuid())).then().statusCode(200).body("page.totalElements", equalTo(3))
                .body("page.size", equalTo(50)).body("content[0].user.uuid", equalTo(co.adminUuid()));
        f.asPartner().queryParam("sortField", "LAST_NAME").queryParam("sortOrder", "DESC").get(members(co.uuid())).then()
                .body("content[0].user.uuid", equalTo(zed)).body("content[1].user.uuid", equalTo(amy));
        f.asPartner().queryParam("roleName", "ROLE_DEVELOPER").get(members(co.uuid())).then()
                .body("content.user.uuid", equalTo(List.of(amy)));
        f.asPartner().queryParam("active", true).get(members(co.uuid())).then()
                .body("content.user.uuid", equalTo(List.of(co.adminUuid())));
        f.asPartner().queryParam("searchText", "zed-").get(members(co.uuid())).then().body("content.user.uuid", equalTo(List.of(zed)));
        f.asPartner().queryParam("size", 1).queryParam("page", 1).get(members(co.uuid())).then()
                .body("content", hasSize(1)).body("page.totalPages", equalTo(3)).body("links.rel", hasItems("self", "next", "prev"));
        f.asPartner().queryParam("includeCompanies", false).get(members(co.uuid())).then()
                .body("content[0]", not(hasKey("company")));
        f.asPartner().queryParam("sortField", "EMAIL").get(members(co.uuid())).then().statusCode(400)
                .body("message", containsString("sortField"));
        f.asPartner().queryParam("roleName", "ROLE_X").get(members(co.uuid())).then().statusCode(400);
        f.asPartner().get(members(co.uuid()) + "/" + amy).then().statusCode(200).body("roles", equalTo(List.of("ROLE_DEVELOPER")))
                .body("links.rel", hasItems("self", "user", "company"));
        f.asPartner().get(members(co.uuid()) + "/" + UUID.randomUUID()).then().statusCode(404);
        f.asPartner().get(members(co.uuid()) + "/not-a-uuid").then().statusCode(400).body("message", containsString("userUuid"));
        // members read their company's memberships; strangers and other marketplaces do not
        f.asUser(amy).get(members(co.uuid())).then().statusCode(200);
        f.asUser(UUID.randomUUID().toString()).get(members(co.uuid())).then().statusCode(403);
        f.asOtherPartner().get(members(co.uuid())).then().statusCode(404);
    }

    @Test
    void updateEnableDisableAndBulkRoleRules() {
        Co co = f.company("Roles Co", true);
        String dev = f.member(co, "dev-" + UUID.randomUUID() + "@x.example", List.of("ROLE_DEVELOPER"));
        String path = members(co.uuid()) + "/" + dev;
        f.asPartner().body(Map.of("roles", List.of("ROLE_DEVELOPER", "ROLE_BILLING_ADMIN"), "enabled", true)).put(path).then()
                .statusCode(200).body("roles", equalTo(List.of("ROLE_DEVELOPER", "ROLE_BILLING_ADMIN")));
        f.asPartner().body(Map.of("roles", List.of("ROLE_CHANNEL_ADMIN"))).put(path).then().statusCode(400)
                .body("message", containsString("ROLE_CHANNEL_ADMIN"));
        f.asPartner().body(Map.of("roles", List.of("ROLE_USER"))).put(path).then().statusCode(400)
                .body("message", containsString("ROLE_USER"));
        f.asPartner().body(Map.of("enabled", false, "roles", List.of("ROLE_SYS_ADMIN"))).patch(path).then().statusCode(200)
                .body("enabled", equalTo(false)).body("roles", equalTo(List.of("ROLE_DEVELOPER", "ROLE_BILLING_ADMIN")));
        f.asPartner().body(Map.of()).patch(path).then().statusCode(400).body("message", containsString("enabled"));
        f.asPartner().queryParam("enabled", false).get(members(co.uuid())).then().body("content.user.uuid", equalTo(List.of(dev)));
        Fixtures.event("MEMBERSHIP_DISABLED", e -> e.path("aggregate").path("id").asText().endsWith(dev));

        String roles = members(co.uuid()) + "/roles";
        f.asPartner().body(List.of(Map.of("userUuid", dev, "rolesToAdd", List.of("ROLE_SYS_ADMIN"),
                "rolesToRemove", List.of("ROLE_BILLING_ADMIN")))).patch(roles).then().statusCode(200);
        f.asPartner().get(path).then().body("roles", equalTo(List.of("ROLE_DEVELOPER", "ROLE_SYS_ADMIN")));
        f.asPartner().body(List.of(Map.of("userUuid", dev, "rolesToAdd", List.of("ROLE_CHANNEL_ADMIN")))).patch(roles).then()
                .statusCode(400).body("message", containsString("[0].rolesToAdd"));
        f.asPartner().body(List.of(Map.of("userUuid", dev, "rolesToAdd", List.of("ROLE_USER")))).patch(roles).then()
                .statusCode(400);
        f.asPartner().body(List.of(Map.of("userUuid", dev, "rolesToRemove", List.of("ROLE_NOPE")))).patch(roles).then()
                .statusCode(400).body("message", containsString("rolesToRemove"));
        f.asPartner().body(List.of(Map.of("userUuid", "zzz"))).patch(roles).then().statusCode(400)
                .body("message", containsString("[0].userUuid"));
        // nothing is half-written: the second item fails, the first does not apply
        f.asPartner().body(List.of(Map.of("userUuid", dev, "rolesToAdd", List.of("ROLE_RESELLER")),
                Map.of("userUuid", UUID.randomUUID().toString(), "rolesToAdd", List.of("ROLE_RESELLER")))).patch(roles).then()
                .statusCode(404);
        f.asPartner().get(path).then().body("roles", not(hasItem("ROLE_RESELLER")));
        // the Marketplace Manager role can be removed
        Fixtures.sql("update membership set roles = 'ROLE_DEVELOPER' || chr(31) || 'ROLE_CHANNEL_ADMIN' where user_uuid = ?",
                UUID.fromString(dev));
        f.asPartner().body(List.of(Map.of("userUuid", dev, "rolesToRemove", List.of("ROLE_CHANNEL_ADMIN")))).patch(roles).then()
                .statusCode(200);
        f.asPartner().get(path).then().body("roles", equalTo(List.of("ROLE_DEVELOPER")));
        f.asUser(dev).body(Map.of("enabled", true)).patch(path).then().statusCode(403);
    }

    @Test
    void addUserNeedsAVerifiedDomainAndEmailsTheTemporaryPassword() {
        Co co = f.company("Active Co", true);
        String email = "ann-" + UUID.randomUUID().toString().substring(0, 6) + "@" + co.domain();
        Map<String, Object> body = Map.of("user", Map.of("email", email, "firstName", "Ann", "lastName", "Active",
                "roles", List.of("ROLE_BILLING_ADMIN")), "temporaryPassword", "Temp-Pass-123",
                "recipientEmails", List.of("it@" + co.domain(), "boss@" + co.domain()));
        f.asPartner().body(body).post(members(co.uuid()) + "/active").then().statusCode(400)
                .body("message", containsString("user.email")).body("message", containsString("verified domain"));
        String domains = "/api/account/v2/companies/" + co.uuid() + "/domains";
        f.asPartner().body(Map.of("name", co.domain())).post(domains).then().statusCode(201)
                .body("status", equalTo("PENDING_VERIFICATION"));
        f.asPartner().post(domains + "/" + co.domain() + "/verification?method=MANUAL").then().statusCode(200)
                .body("status", equalTo("VERIFIED"));
        String user = f.asPartner().body(body).post(members(co.uuid()) + "/active").then().statusCode(200)
                .body("status", equalTo("ACTIVE")).body("user.activated", equalTo(true))
                .body("roles", equalTo(List.of("ROLE_BILLING_ADMIN"))).extract().path("user.uuid");
        JsonNode created = Fixtures.event("MEMBERSHIP_CREATED", e -> e.path("aggregate").path("id").asText().endsWith(user));
        JsonNode mail = created.path("payload").path("notifications").get(0);
        assertEquals("ACTIVE_USER_TEMP_PASSWORD", mail.path("type").asText());
        assertEquals(List.of("it@" + co.domain(), "boss@" + co.domain()),
                List.of(mail.path("recipients").get(0).asText(), mail.path("recipients").get(1).asText()));
        assertEquals("Temp-Pass-123", f.secret(mail, "temporaryPassword"));
        assertEquals("Ann", mail.path("parameters").path("firstName").asText());
        assertEquals("Active Co", mail.path("parameters").path("companyName").asText());
        assertTrue(mail.path("parameters").path("loginUrl").asText().endsWith("/login"));
        f.asPartner().body(body).post(members(co.uuid()) + "/active").then().statusCode(409);
        f.asPartner().body(Map.of("user", Map.of("email", "x@" + co.domain()), "recipientEmails", List.of("bad")))
                .post(members(co.uuid()) + "/active").then().statusCode(400).body("message", containsString("recipientEmails[0]"));
        f.asOtherPartner().body(body).post(members(co.uuid()) + "/active").then().statusCode(404);
    }

    @Test
    void deleteRefusalsAndTheUsersLastCompany() {
        Co co = f.company("Delete Co", true);
        String busy = f.member(co, "busy-" + UUID.randomUUID() + "@x.example", List.of("ROLE_DEVELOPER"));
        String owner = f.member(co, "owner-" + UUID.randomUUID() + "@x.example", List.of("ROLE_DEVELOPER"));
        String synced = f.member(co, "sync-" + UUID.randomUUID() + "@x.example", List.of("ROLE_DEVELOPER"));
        String free = f.member(co, "free-" + UUID.randomUUID() + "@x.example", List.of("ROLE_DEVELOPER"));
        Fixtures.assignment(co.uuid(), busy, 7, "ACTIVE", null);
        Fixtures.assignment(co.uuid(), free, 8, "CANCELLED", null);
        Fixtures.assignment(co.uuid(), co.adminUuid(), 9, "ACTIVE", owner);
        Fixtures.sql("update membership set status = 'ACTIVE' where user_uuid = ?", UUID.fromString(owner));
        Fixtures.sql("update app_user set externally_managed = true where uuid = ?", UUID.fromString(synced));
        f.asPartner().delete(members(co.uuid()) + "/" + busy).then().statusCode(409).body("code", equalTo("ACTIVE_SUBSCRIPTIONS_FOUND"));
        f.asPartner().body(Map.of("enabled", false)).patch(members(co.uuid()) + "/" + busy).then().statusCode(409);
        f.asPartner().delete(members(co.uuid()) + "/" + owner).then().statusCode(409).body("code", equalTo("USER_OWNS_PRODUCTS"));
        f.asPartner().delete(members(co.uuid()) + "/" + synced).then().statusCode(409).body("code", equalTo("USER_EXTERNALLY_MANAGED"));
        f.asReader().delete(members(co.uuid()) + "/" + free).then().statusCode(403);
        f.asPartner().delete(members(co.uuid()) + "/" + free).then().statusCode(204);
        f.asPartner().get(members(co.uuid()) + "/" + free).then().statusCode(404);
        f.asPartner().get("/api/account/v2/users/" + free).then().statusCode(200).body("status", equalTo("DELETED"));
        f.asPartner().delete(members(co.uuid()) + "/" + free).then().statusCode(404);
        JsonNode deleted = Fixtures.event("MEMBERSHIP_DELETED", e -> free.equals(e.path("payload").path("userUuid").asText()));
        assertTrue(deleted.path("payload").path("userDeleted").asBoolean());
    }

    @Test
    void billingEntitlementsBlockRemovalAndAnUnreachableBillingRefusesIt() {
        Co co = f.company("Billed Co", true);
        String billed = f.member(co, "billed-" + UUID.randomUUID() + "@x.example", List.of("ROLE_DEVELOPER"));
        String path = members(co.uuid()) + "/" + billed;
        StubBilling.entitlements(co.uuid(), billed, 0, 1);
        f.asPartner().header("X-Request-Id", "removal-1").delete(path).then().statusCode(409)
                .body("code", equalTo("ACTIVE_SUBSCRIPTIONS_FOUND")).body("requestId", equalTo("removal-1"));
        assertEquals("removal-1", StubBilling.lastRequestId(), "the call to billing carries the request's id");
        f.asPartner().body(Map.of("enabled", false)).patch(path).then().statusCode(409);
        f.asPartner().body(Map.of("enabled", false)).put(path).then().statusCode(409);
        String token = StubBilling.lastAuthorization().substring("Bearer ".length()).split("\\.")[1];
        String claims = new String(Base64.getUrlDecoder().decode(token), StandardCharsets.UTF_8);
        assertTrue(claims.contains(f.partner) && claims.contains("ROLE_SYS_ADMIN"), claims);
        StubBilling.entitlements(co.uuid(), billed, 2, 0);
        f.asPartner().delete(path).then().statusCode(409).body("code", equalTo("USER_OWNS_PRODUCTS"));
        f.asPartner().body(Map.of("enabled", false)).patch(path).then().statusCode(200).body("enabled", equalTo(false));
        StubBilling.failing(co.uuid(), billed);
        f.asPartner().delete(path).then().statusCode(503).body("code", equalTo("BILLING_UNAVAILABLE"))
                .body("message", not(containsString("Exception")));
        f.asPartner().get(path).then().statusCode(200);
        StubBilling.entitlements(co.uuid(), billed, 0, 0);
        f.asPartner().delete(path).then().statusCode(204);
    }

    @Test
    void checklistAssignmentsAndAssignableRoles() {
        Co co = f.company("Check Co", true);
        String m = f.member(co, "chk-" + UUID.randomUUID() + "@x.example", List.of("ROLE_DEVELOPER"));
        Fixtures.assignment(co.uuid(), m, 11, "ACTIVE", co.adminUuid());
        Fixtures.assignment(co.uuid(), m, 12, "FAILED", co.adminUuid());
        Fixtures.assignment(co.uuid(), m, 13, "CANCELLED", co.adminUuid());
        f.asPartner().get(members(co.uuid()) + "/" + co.adminUuid() + "/checklist").then().statusCode(200)
                .body("havePurchasedProduct", equalTo(true)).body("haveAssignedUsers", equalTo(true))
                .body("haveInvitedUsers", equalTo(true)).body("haveCompletedProfile", equalTo(true))
                .body("haveCompletedCompanyProfile", equalTo(false)).body("links", hasSize(0));
        f.asPartner().get(members(co.uuid()) + "/" + m + "/checklist").then().body("havePurchasedProduct", equalTo(false))
                .body("haveInvitedUsers", equalTo(false));
        f.asPartner().get(members(co.uuid()) + "/" + m + "/assignments").then().statusCode(200)
                .body("content", hasSize(1)).body("content[0].productId", equalTo(11)).body("content[0].status", equalTo("ACTIVE"));
        f.asPartner().get(members(co.uuid()) + "/" + UUID.randomUUID() + "/assignments").then().statusCode(404);

        // what a membership can assign: nothing for a developer, company roles for an administrator, all but
        // ROLE_CHANNEL_ADMIN for a Marketplace Manager
        f.asPartner().get(members(co.uuid()) + "/" + m + "/assignableRoles").then().statusCode(200).body("$", hasSize(0));
        f.asUser(m).get(members(co.uuid()) + "/" + co.adminUuid() + "/assignableRoles").then().statusCode(200)
                .body("name", equalTo(List.of("USER", "SYS_ADMIN", "BILLING_ADMIN", "DEVELOPER")));
        Fixtures.sql("update membership set roles = 'ROLE_CHANNEL_ADMIN' where user_uuid = ?", UUID.fromString(m));
        List<String> channel = f.asPartner().get(members(co.uuid()) + "/" + m + "/assignableRoles").then().statusCode(200)
                .extract().path("name");
        assertTrue(channel.containsAll(List.of("USER", "SYS_ADMIN", "CHANNEL_SUPPORT", "RESELLER")), channel.toString());
        assertTrue(!channel.contains("CHANNEL_ADMIN"));
        f.asOtherPartner().get(members(co.uuid()) + "/" + m + "/assignableRoles").then().statusCode(404);
        f.asPartner().get("/api/account/v2/companies/" + co.uuid() + "/assignableRoles").then().statusCode(200)
                .body("name", hasItems("CHANNEL_SUPPORT", "RESELLER_MANAGER")).body("name", not(hasItem("CHANNEL_ADMIN")));
        f.asUser(co.adminUuid()).get("/api/account/v2/companies/" + co.uuid() + "/assignableRoles").then().statusCode(200)
                .body("name", equalTo(List.of("USER", "SYS_ADMIN", "BILLING_ADMIN", "DEVELOPER")));
        f.asUser(m).get("/api/account/v2/companies/" + co.uuid() + "/assignableRoles").then().statusCode(200).body("$", hasSize(0));
        f.asOtherPartner().get("/api/account/v2/companies/" + co.uuid() + "/assignableRoles").then().statusCode(404);
    }

    @Test
    void inviteManagedUserTurnsTheCompanyRegular() {
        Co co = f.company("Was Managed", false);
        String email = "managed-" + UUID.randomUUID() + "@x.example";
        String user = f.member(co, email, null);
        f.asPartner().post(members(co.uuid()) + "/" + user + "/invite").then().statusCode(400)
                .body("message", containsString("inviterUuid"));
        f.asPartner().queryParam("inviterUuid", co.adminUuid()).post(members(co.uuid()) + "/" + user + "/invite").then()
                .statusCode(204);
        f.asPartner().get("/api/account/v2/companies/" + co.uuid()).then().body("allowLogin", equalTo(true));
        f.asPartner().get(members(co.uuid()) + "/" + user).then().body("status", equalTo("INVITED"));
        JsonNode invitation = Fixtures.event("INVITATION_CREATED", e -> email.equals(e.path("payload").path("email").asText()));
        assertEquals("INVITE_USER", invitation.path("payload").path("notifications").get(0).path("type").asText());
        f.asPartner().queryParam("inviterUuid", co.adminUuid()).post(members(co.uuid()) + "/" + user + "/invite").then()
                .statusCode(409);
    }

    @Test
    void purchaseRequestEmailsSystemAndBillingAdministrators() {
        Co co = f.company("Buyers", true);
        String domains = "/api/account/v2/companies/" + co.uuid() + "/domains";
        f.asPartner().body(Map.of("name", co.domain())).post(domains).then().statusCode(201);
        f.asChannelAdmin().post(domains + "/" + co.domain() + "/verification?method=MANUAL").then().statusCode(200);
        String billing = f.asPartner().body(Map.of("user", Map.of("email", "bill@" + co.domain(), "roles",
                List.of("ROLE_BILLING_ADMIN")))).post(members(co.uuid()) + "/active").then().statusCode(200)
                .extract().path("user.uuid");
        // the billing administrator reads French; the company and the other administrator have no locale: English
        f.asPartner().body(Map.of("locale", "fr_FR")).patch("/api/account/v2/users/" + billing).then().statusCode(200);
        String requester = f.member(co, "req-" + UUID.randomUUID() + "@x.example", List.of("ROLE_DEVELOPER"));
        String path = members(co.uuid()) + "/" + requester + "/applications/42/purchaseRequests";
        f.asUser(requester).body(Map.of("productName", "Slack", "message", "please")).post(path).then().statusCode(204);
        JsonNode request = Fixtures.event("PURCHASE_REQUESTED", e -> requester.equals(e.path("payload").path("userUuid").asText()));
        JsonNode notifications = request.path("payload").path("notifications");
        assertEquals(2, notifications.size(), "one request per recipient locale: " + notifications);
        Map<String, String> recipientByLocale = new java.util.HashMap<>();
        for (JsonNode each : notifications) {
            assertEquals("APPLICATION_PURCHASE_REQUEST_NOTICE", each.path("type").asText());
            assertEquals(1, each.path("recipients").size(), each.toString());
            recipientByLocale.put(each.path("locale").asText(), each.path("recipients").get(0).asText());
        }
        assertEquals(Map.of("en_US", co.adminEmail(), "fr_FR", "bill@" + co.domain()), recipientByLocale);
        JsonNode mail = notifications.get(0);
        assertEquals("Slack", mail.path("parameters").path("productName").asText());
        assertEquals("please", mail.path("parameters").path("message").asText());
        assertEquals("Buyers", mail.path("parameters").path("companyName").asText());
        Fixtures.assignment(co.uuid(), requester, 42, "ACTIVE", null);
        f.asUser(requester).post(path).then().statusCode(409).body("code", equalTo("APPLICATION_ALREADY_PURCHASED"));
        f.asUser(billing).post(members(co.uuid()) + "/" + requester + "/applications/43/purchaseRequests").then().statusCode(403);
        f.asUser(requester).post(members(co.uuid()) + "/" + requester + "/applications/abc/purchaseRequests").then()
                .statusCode(400);
    }
}
