package dev.marketplace.account.invitation;

import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.not;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;

import dev.marketplace.account.Fixtures;
import dev.marketplace.account.Fixtures.Co;
import dev.marketplace.common.security.Roles;
import dev.marketplace.testkit.InternalTokens;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.RestAssured;

@QuarkusTest
class InvitationApiTest {
    private final Fixtures f = new Fixtures();

    private static String invitations(Co co) {
        return "/api/account/v2/companies/" + co.uuid() + "/invitations";
    }

    /** The token of the INVITE_USER email sent to {@code email}, read from the invitation URL. */
    private String token(String email) {
        JsonNode event = Fixtures.event("INVITATION_CREATED", e -> email.equals(e.path("payload").path("email").asText()));
        JsonNode mail = event.path("payload").path("notifications").get(0);
        assertEquals("INVITE_USER", mail.path("type").asText());
        assertEquals("EMAIL", mail.path("channel").asText());
        assertEquals(email, mail.path("recipients").get(0).asText());
        for (String parameter : List.of("companyName", "inviterName", "email", "role", "invitationUrl", "partner")) {
            assertTrue(mail.path("parameters").has(parameter), parameter + " missing in " + mail);
        }
        String url = f.secret(mail, "invitationUrl");
        return url.substring(url.lastIndexOf('/') + 1);
    }

    @Test
    void inviteJsonReportsBadItemsSendsGoodOnesAndTheInviteeAccepts() {
        Co co = f.company("Invite Json Co", true);
        String ann = "ann-" + UUID.randomUUID() + "@x.example";
        String ben = "ben-" + UUID.randomUUID() + "@x.example";
        List<Map<String, Object>> body = List.of(Map.of("email", ann, "role", "USER"), Map.of("email", "nope", "role", "USER"),
                Map.of("email", ben, "role", "SYS_ADMIN"), Map.of("email", "c@x.example", "role", "CHANNEL_ADMIN"),
                Map.of("email", ann, "role", "USER"), Map.of("email", "d@x.example", "role", "WIZARD"));
        f.asPartner().body(body).post(invitations(co)).then().statusCode(400).body("message", containsString("inviterUuid"));
        f.asPartner().queryParam("inviterUuid", co.adminUuid()).body(body).post(invitations(co)).then().statusCode(200)
                .body("invitationsSent", equalTo(2)).body("errors.index", equalTo(List.of(1, 3, 4, 5)))
                .body("errors[1].type", equalTo("ROLE_NOT_ALLOWED")).body("errors[2].type", equalTo("DUPLICATE"));
        String annToken = token(ann);
        String benToken = token(ben);

        f.asPartner().get(invitations(co)).then().statusCode(200).body("content", hasSize(2))
                .body("content[0].inviter", equalTo(co.adminUuid())).body("content[0].accepted", equalTo(false));
        f.asPartner().queryParam("filter", "ben-").get(invitations(co)).then().body("content.email", equalTo(List.of(ben)))
                .body("content[0].role", equalTo("SYS_ADMIN"));
        f.asPartner().queryParam("inviterUuid", UUID.randomUUID().toString()).get(invitations(co)).then().body("content", hasSize(0));
        f.asPartner().get(Fixtures.members(co.uuid())).then().body("content.status", equalTo(List.of("ACTIVE", "INVITED", "INVITED")));

        String accept = "/api/account/v2/invitations/";
        Map<String, Object> registration = new java.util.HashMap<>(Map.of("firstName", "Ann", "lastName", "Ok",
                "locale", "fr_FR", "password", "correct-horse", "title", "Dr"));
        registration.put("links", null);
        f.asPartner().body(Map.of("firstName", "Ann", "locale", "french", "password", "correct-horse")).post(accept + annToken
                + "/registration").then().statusCode(400).body("message", containsString("locale"));
        f.asPartner().body(Map.of("firstName", "Ann")).post(accept + annToken + "/registration").then().statusCode(400)
                .body("message", containsString("password"));
        // another marketplace's invitation is as unknown as a token that does not exist
        f.asOtherPartner().body(registration).post(accept + annToken + "/registration").then().statusCode(404)
                .body("message", equalTo("Invitation with this token was not found"));
        f.asPartner().body(registration).post(accept + annToken + "/registration").then().statusCode(200)
                .body("email", equalTo(ann)).body("accepted", equalTo(true)).body("inviter", equalTo(co.adminUuid()))
                .body("company", equalTo(co.uuid())).body("role", equalTo("USER"));
        Fixtures.event("INVITATION_ACCEPTED", e -> ann.equals(e.path("payload").path("email").asText()));
        f.asPartner().body(registration).post(accept + annToken + "/registration").then().statusCode(400)
                .body("code", equalTo("INVITATION_ALREADY_ACCEPTED"));
        f.asPartner().body(registration).post(accept + "unknown-token/registration").then().statusCode(404);
        f.asPartner().queryParam("searchText", "ann-").get(Fixtures.members(co.uuid())).then()
                .body("content[0].status", equalTo("ACTIVE")).body("content[0].user.activated", equalTo(true))
                .body("content[0].user.locale", equalTo("fr_FR"));

        // revoking: pending → revoked (token no longer works); an accepted invitation (an active user) → 403
        f.asUser(co.adminUuid()).delete(invitations(co) + "/" + ben).then().statusCode(200);
        f.asPartner().delete(invitations(co) + "/" + ben).then().statusCode(404);
        f.asPartner().body(registration).post(accept + benToken + "/registration").then().statusCode(404);
        f.asPartner().delete(invitations(co) + "/" + ann).then().statusCode(403);
        f.asPartner().get(invitations(co)).then().body("content.email", equalTo(List.of(ann)))
                .body("content[0].accepted", equalTo(true));
        Fixtures.event("INVITATION_REVOKED", e -> ben.equals(e.path("payload").path("email").asText()));
    }

    @Test
    void inviteByCsvMultipartOrPlainBody() {
        Co co = f.company("Invite Csv Co", true);
        String c1 = "c1-" + UUID.randomUUID() + "@x.example";
        String c2 = "c2-" + UUID.randomUUID() + "@x.example";
        String csv = "email,role\n" + c1 + ",DEVELOPER\nnot-an-email,USER\n" + "x@x.example,USER,extra\n\n";
        RestAssured.given().header("Authorization", InternalTokens.bearerAsUser(f.partner, UUID.fromString(co.adminUuid())))
                .multiPart("invitations", "users.csv", csv.getBytes(StandardCharsets.UTF_8), "text/csv")
                .post(invitations(co) + "/csv").then().statusCode(200).body("invitationsSent", equalTo(1))
                .body("errors.index", equalTo(List.of(1, 2))).body("errors.type", equalTo(List.of("PARSE_ERROR", "PARSE_ERROR")));
        assertEquals("DEVELOPER", Fixtures.event("INVITATION_CREATED", e -> c1.equals(e.path("payload").path("email").asText()))
                .path("payload").path("role").asText());

        RestAssured.given().header("Authorization", InternalTokens.bearer(f.partner, Roles.PARTNER)).contentType("text/csv")
                .queryParam("inviterUuid", co.adminUuid()).body(c2 + "\n" + c1 + ",USER\n").post(invitations(co) + "/csv").then()
                .statusCode(200).body("invitationsSent", equalTo(1)).body("errors[0].type", equalTo("ALREADY_MEMBER"));
        token(c2);
        RestAssured.given().header("Authorization", InternalTokens.bearer(f.partner, Roles.PARTNER)).contentType("text/plain")
                .queryParam("inviterUuid", co.adminUuid()).body("").post(invitations(co) + "/csv").then().statusCode(400)
                .body("message", containsString("invitations"));
        RestAssured.given().header("Authorization", InternalTokens.bearer(f.partner, Roles.PARTNER))
                .queryParam("inviterUuid", co.adminUuid()).multiPart("other", "x").post(invitations(co) + "/csv").then()
                .statusCode(400).body("message", containsString("invitations"));
        String dev = f.member(co, "dev-" + UUID.randomUUID() + "@x.example", List.of("ROLE_DEVELOPER"));
        RestAssured.given().header("Authorization", InternalTokens.bearerAsUser(f.partner, UUID.fromString(dev)))
                .contentType("text/csv").body("z@x.example\n").post(invitations(co) + "/csv").then().statusCode(403);
    }

    @Test
    void externalIdsRolesOfAdministratorsAndTenancy() {
        Co co = f.company("Invite Ext Co", true);
        String ext = "ext-" + UUID.randomUUID();
        f.asPartner().body(Map.of("externalId", ext)).patch("/api/account/v2/companies/" + co.uuid()).then().statusCode(200);
        String inviterExt = "inviter-" + UUID.randomUUID();
        Fixtures.sql("update app_user set external_id = ? where uuid = ?", inviterExt, UUID.fromString(co.adminUuid()));
        String eve = "eve-" + UUID.randomUUID() + "@x.example";
        // a company administrator grants company roles only
        f.asUser(co.adminUuid()).queryParam("api.usesExternalIds", true)
                .body(List.of(Map.of("email", eve, "role", "BILLING_ADMIN"), Map.of("email", "s@x.example", "role", "CHANNEL_SUPPORT")))
                .post("/api/account/v2/companies/" + ext + "/invitations").then().statusCode(200).body("invitationsSent", equalTo(1))
                .body("errors[0].type", equalTo("ROLE_NOT_ALLOWED"));
        String token = token(eve);
        f.asPartner().queryParam("api.usesExternalIds", true).body(Map.of("firstName", "Eve", "password", "long-enough"))
                .post("/api/account/v2/invitations/" + token + "/registration").then().statusCode(200)
                .body("inviter", equalTo(inviterExt));

        List<Map<String, Object>> one = List.of(Map.of("email", "o@x.example", "role", "USER"));
        f.asOtherPartner().queryParam("inviterUuid", co.adminUuid()).body(one).post(invitations(co)).then().statusCode(404);
        f.asOtherPartner().get(invitations(co)).then().statusCode(404);
        f.asReader().body(one).post(invitations(co)).then().statusCode(403);
        f.asUser(UUID.randomUUID().toString()).get(invitations(co)).then().statusCode(403);
        f.asPartner().body(Map.of("email", "o@x.example")).post(invitations(co)).then().statusCode(400)
                .body("message", containsString("array"));
        Co managed = f.company("Managed Invite Co", false);
        f.asPartner().queryParam("inviterUuid", managed.adminUuid()).body(one).post(invitations(managed)).then().statusCode(409)
                .body("code", equalTo("COMPANY_DOES_NOT_ALLOW_LOGIN"));
    }

    @Test
    void anInvitationExpiresAfterItsLifetime() {
        Co co = f.company("Invite Expiry Co", true);
        String old = "old-" + UUID.randomUUID() + "@x.example";
        String fresh = "fresh-" + UUID.randomUUID() + "@x.example";
        f.asPartner().queryParam("inviterUuid", co.adminUuid())
                .body(List.of(Map.of("email", old, "role", "USER"), Map.of("email", fresh, "role", "USER")))
                .post(invitations(co)).then().statusCode(200).body("invitationsSent", equalTo(2));
        String oldToken = token(old);
        // sent with the default lifetime of 14 days
        long created = f.asPartner().queryParam("filter", fresh).get(invitations(co)).then().statusCode(200)
                .body("content[0].status", equalTo("PENDING")).extract().jsonPath().getLong("content[0].createdOn");
        long expires = f.asPartner().queryParam("filter", fresh).get(invitations(co)).then().extract().jsonPath()
                .getLong("content[0].expiresOn");
        assertEquals(java.time.Duration.ofDays(14).toMillis(), expires - created);

        // an invitation sent 20 days ago: listed as EXPIRED, and it can no longer be accepted
        Fixtures.sql("update invitation set created_on = now() - interval '20 days', expires_on = now() - interval '6 days'"
                + " where token = ?", oldToken);
        f.asPartner().queryParam("filter", old).get(invitations(co)).then().statusCode(200)
                .body("content[0].status", equalTo("EXPIRED")).body("content[0].accepted", equalTo(false));
        String accept = "/api/account/v2/invitations/";
        Map<String, Object> registration = Map.of("firstName", "Old", "password", "correct-horse");
        f.asPartner().body(registration).post(accept + oldToken + "/registration").then().statusCode(400)
                .body("code", equalTo("INVITATION_EXPIRED")).body("message", containsString("invitationToken"))
                .body("message", containsString("14 days")).body("message", not(containsString("Exception")));
        f.asPartner().queryParam("searchText", "old-").get(Fixtures.members(co.uuid())).then()
                .body("content[0].status", equalTo("INVITED"));

        // the company revokes it and invites again: the new invitation is accepted
        f.asPartner().delete(invitations(co) + "/" + old).then().statusCode(200);
        f.asPartner().queryParam("inviterUuid", co.adminUuid()).body(List.of(Map.of("email", old, "role", "USER")))
                .post(invitations(co)).then().statusCode(200).body("invitationsSent", equalTo(1));
        JsonNode again = Fixtures.event("INVITATION_CREATED", e -> old.equals(e.path("payload").path("email").asText())
                && !f.secret(e.path("payload").path("notifications").get(0), "invitationUrl").endsWith(oldToken));
        String url = f.secret(again.path("payload").path("notifications").get(0), "invitationUrl");
        f.asPartner().body(registration).post(accept + url.substring(url.lastIndexOf('/') + 1) + "/registration").then()
                .statusCode(200).body("accepted", equalTo(true)).body("status", equalTo("ACCEPTED"));
    }
}
