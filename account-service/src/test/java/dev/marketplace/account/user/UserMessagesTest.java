package dev.marketplace.account.user;

import static dev.marketplace.account.Fixtures.members;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import jakarta.inject.Inject;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;

import dev.marketplace.account.BillingEvents;
import dev.marketplace.account.BillingEvents.Sub;
import dev.marketplace.account.Fixtures;
import dev.marketplace.account.Fixtures.Co;
import dev.marketplace.common.crypto.NotificationSecrets;
import dev.marketplace.testkit.InternalTokens;
import dev.marketplace.common.security.Roles;
import io.quarkus.test.junit.QuarkusTest;

/**
 * The messages account-service asks notification-service to send about users (docs/notifications.md, issue 45), read
 * back from the domain-event topic as notification-service reads them, and the USER_UPDATED events for vendors: each
 * type once, with its parameters, recipients and locale (user, else company, else en_US), and nothing when nothing
 * changed. Outbox rows (written in each change's transaction) prove what was not written.
 */
@QuarkusTest
class UserMessagesTest {
    private final Fixtures f = new Fixtures();

    @Inject
    NotificationSecrets secrets;

    private static String user(String uuid) {
        return "/api/account/v2/users/" + uuid;
    }

    private String company(String name, String locale, boolean allowLogin, Map<String, Object> firstUser) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("name", name);
        body.put("allowLogin", allowLogin);
        if (locale != null) {
            body.put("locale", locale);
        }
        body.put("firstUser", firstUser);
        return f.asPartner().body(body).post("/api/account/v2/companies").then().statusCode(201).extract().path("uuid");
    }

    private static JsonNode created(String email) {
        // a first user's event names the email; add-user's carries the membership view, its user inside
        return Fixtures.event("MEMBERSHIP_CREATED", e -> email.equals(e.path("payload").path("email").asText())
                || email.equals(e.path("payload").path("user").path("email").asText()));
    }

    private static JsonNode notification(JsonNode event, String type) {
        for (JsonNode n : event.path("payload").path("notifications")) {
            if (type.equals(n.path("type").asText())) {
                return n;
            }
        }
        throw new AssertionError("no " + type + " in " + event);
    }

    private static long outbox(String type, String aggregateId) {
        return Fixtures.number("select count(*) from outbox_event where type = ? and aggregate_id = ?", type, aggregateId);
    }

    @Test
    void firstUserIsWelcomedAndActivatesInTheirLocaleElseTheCompanys() {
        // no locale of their own: the company's
        String email = "fu-" + UUID.randomUUID().toString().substring(0, 8) + "@lyon.example";
        String co = company("Société Lyon", "fr_FR", true, Map.of("email", email, "firstName", "Zoé", "lastName", "Premier"));
        JsonNode event = created(email);
        List<String> types = new ArrayList<>();
        event.path("payload").path("notifications").forEach(n -> types.add(n.path("type").asText()));
        assertEquals(List.of("NEW_USER", "WELCOME_USER", "ACCOUNT_ACTIVATION"), types);
        JsonNode newUser = notification(event, "NEW_USER");
        assertEquals(List.of(email), List.of(newUser.path("recipients").get(0).asText()));
        assertEquals(1, newUser.path("recipients").size());
        assertEquals("fr_FR", newUser.path("locale").asText(), "the company's locale");
        assertEquals("Zoé", newUser.path("parameters").path("firstName").asText());
        assertEquals("Premier", newUser.path("parameters").path("lastName").asText());
        assertEquals(email, newUser.path("parameters").path("email").asText());
        assertEquals("Société Lyon", newUser.path("parameters").path("companyName").asText());
        assertEquals("fr_FR", notification(event, "WELCOME_USER").path("locale").asText());
        JsonNode activation = notification(event, "ACCOUNT_ACTIVATION");
        assertEquals("fr_FR", activation.path("locale").asText());
        assertEquals(email, activation.path("recipients").get(0).asText());
        assertEquals("Société Lyon", activation.path("parameters").path("companyName").asText());
        String sealed = activation.path("parameters").path("activationUrl").asText();
        assertTrue(NotificationSecrets.isSealed(sealed), "the link is a secret: sealed in the event, " + sealed);
        String url = secrets.open(f.partner, sealed);
        assertTrue(url.contains("/signup/activation/"), url);
        String token = url.substring(url.lastIndexOf('/') + 1);
        assertFalse(Fixtures.number("select count(*) from app_user where activation_token_hash = ?", token) > 0,
                "only the token's hash is stored");

        // the link sets the password once; the user is then active with a password of their own
        String userUuid = f.asPartner().queryParam("searchText", email).get(members(co)).then().statusCode(200)
                .extract().path("content[0].user.uuid");
        f.asPartner().body(Map.of("email", email, "password", "Mot-de-passe-1", "activated", true, "termsOfService", true))
                .patch("/api/account/v2/inactiveUsers/" + token).then().statusCode(200)
                .body("activated", equalTo(true)).body("email", equalTo(email)).body("password", equalTo(""));
        f.asPartner().body(Map.of("password", "Mot-de-passe-2")).patch("/api/account/v2/inactiveUsers/" + token).then()
                .statusCode(404);
        f.asPartner().get(user(userUuid)).then().statusCode(200).body("status", equalTo("ACTIVE"));
        assertEquals(1, Fixtures.number("select count(*) from app_user where uuid = ? and password_hash is not null"
                + " and activation_token_hash is null", UUID.fromString(userUuid)));
        assertEquals(1, outbox("USER_ACTIVATED", userUuid));

        // a locale of their own wins over the company's
        String de = "de-" + UUID.randomUUID().toString().substring(0, 8) + "@berlin.example";
        company("Berlin GmbH", "fr_FR", true, Map.of("email", de, "firstName", "Dora", "locale", "de_DE"));
        assertEquals("de_DE", notification(created(de), "NEW_USER").path("locale").asText());
        // the event names the user as readers of memberships know users (reseller-service addresses its messages so)
        JsonNode dora = created(de).path("payload").path("user");
        assertEquals(List.of(de, "Dora", "de_DE", "ACTIVE"), List.of(dora.path("email").asText(),
                dora.path("firstName").asText(), dora.path("locale").asText(), dora.path("status").asText()));
        // neither: the marketplace default
        String none = "en-" + UUID.randomUUID().toString().substring(0, 8) + "@plain.example";
        company("Plain Co", null, true, Map.of("email", none, "firstName", "Eve"));
        assertEquals("en_US", notification(created(none), "ACCOUNT_ACTIVATION").path("locale").asText());
        // a managed company's first user cannot log in: no email at all
        String managed = "m-" + UUID.randomUUID().toString().substring(0, 8) + "@managed.example";
        company("Managed Co", null, false, Map.of("email", managed, "firstName", "Max"));
        assertTrue(created(managed).path("payload").path("notifications").isMissingNode()
                || created(managed).path("payload").path("notifications").isEmpty());
        // a company's locale follows the locale rule
        f.asPartner().body(Map.of("name", "Bad Locale Co", "locale", "french")).post("/api/account/v2/companies").then()
                .statusCode(400).body("message", containsString("locale"));
        f.asPartner().body(Map.of("name", "Bad First Co", "firstUser", Map.of("email", "b@bad.example", "locale", "fr")))
                .post("/api/account/v2/companies").then().statusCode(400).body("message", containsString("firstUser.locale"));
        f.asPartner().get("/api/account/v2/companies/" + co).then().statusCode(200).body("locale", equalTo("fr_FR"));
    }

    @Test
    void activationRefusals() {
        String email = "ar-" + UUID.randomUUID().toString().substring(0, 8) + "@act.example";
        String co = company("Activation Co", null, true, Map.of("email", email, "firstName", "Al"));
        String url = secrets.open(f.partner, notification(created(email), "ACCOUNT_ACTIVATION").path("parameters")
                .path("activationUrl").asText());
        String path = "/api/account/v2/inactiveUsers/" + url.substring(url.lastIndexOf('/') + 1);
        f.asPartner().body(Map.of("password", "short")).patch(path).then().statusCode(400)
                .body("message", containsString("password"));
        f.asPartner().body(Map.of("email", "someone@else.example", "password", "Long-enough-1")).patch(path).then()
                .statusCode(400).body("message", containsString("email"));
        // another marketplace's credentials: as unknown as a made-up token
        f.asOtherPartner().body(Map.of("password", "Long-enough-1")).patch(path).then().statusCode(404);
        f.asPartner().body(Map.of("password", "Long-enough-1")).patch("/api/account/v2/inactiveUsers/made-up").then()
                .statusCode(404);
        f.asReader().body(Map.of("password", "Long-enough-1")).patch(path).then().statusCode(403);
        // past its lifetime the link is refused and changes nothing
        String userUuid = f.asPartner().queryParam("searchText", email).get(members(co)).then().extract().path("content[0].user.uuid");
        Fixtures.sql("update app_user set activation_expires_on = now() - interval '1 minute' where uuid = ?",
                UUID.fromString(userUuid));
        f.asPartner().body(Map.of("password", "Long-enough-1")).patch(path).then().statusCode(400)
                .body("code", equalTo("ACTIVATION_EXPIRED"));
        assertEquals(1, Fixtures.number("select count(*) from app_user where uuid = ? and password_hash is null",
                UUID.fromString(userUuid)));
    }

    @Test
    void anAddedUserIsWelcomedWithoutActivation() {
        Co co = f.company("Added Co", true);
        String domains = "/api/account/v2/companies/" + co.uuid() + "/domains";
        f.asPartner().body(Map.of("name", co.domain())).post(domains).then().statusCode(201);
        f.asPartner().post(domains + "/" + co.domain() + "/verification?method=MANUAL").then().statusCode(200);
        String email = "added-" + UUID.randomUUID().toString().substring(0, 6) + "@" + co.domain();
        f.asPartner().body(Map.of("user", Map.of("email", email, "firstName", "Ana", "lastName", "Added", "locale", "fr_CA"),
                "temporaryPassword", "Temp-Pass-123")).post(members(co.uuid()) + "/active").then().statusCode(200);
        JsonNode event = created(email);
        List<String> types = new ArrayList<>();
        event.path("payload").path("notifications").forEach(n -> types.add(n.path("type").asText()));
        assertEquals(List.of("ACTIVE_USER_TEMP_PASSWORD", "NEW_USER", "WELCOME_USER"), types, "a password: no activation");
        JsonNode newUser = notification(event, "NEW_USER");
        assertEquals("fr_CA", newUser.path("locale").asText());
        assertEquals("fr_CA", notification(event, "ACTIVE_USER_TEMP_PASSWORD").path("locale").asText());
        assertEquals("Added Co", newUser.path("parameters").path("companyName").asText());
        assertEquals(email, newUser.path("recipients").get(0).asText());
        f.asPartner().body(Map.of("user", Map.of("email", "x-" + UUID.randomUUID().toString().substring(0, 6) + "@" + co.domain(),
                "locale", "fr-fr"))).post(members(co.uuid()) + "/active").then().statusCode(400)
                .body("message", containsString("user.locale"));
    }

    @Test
    void nameEmailOrLocaleChangesReachTheVendorsOfHeldProductsOnly() {
        Co co = f.company("Vendor Users Co", true);
        String member = f.member(co, "vu-" + UUID.randomUUID().toString().substring(0, 8) + "@x.example", List.of("ROLE_USER"));
        long base = 700_000 + (System.nanoTime() % 1000) * 10;
        // product 1: bought by the administrator, assigned to the member, through billing's events (its account too)
        Sub sub = Sub.of(f.partner, co.uuid(), co.adminUuid(), base + 1, "Held One", "Premium");
        long t = System.currentTimeMillis();
        BillingEvents.publish(BillingEvents.request("SUBSCRIPTION_ORDER", sub, null, t));
        BillingEvents.publish(BillingEvents.result("SUBSCRIPTION_ORDER", true, sub, "ACTIVE", null, null, t + 1));
        BillingEvents.publish(BillingEvents.request("USER_ASSIGNMENT", sub, member, t + 2));
        BillingEvents.publish(BillingEvents.result("USER_ASSIGNMENT", true, sub, "ACTIVE", member, "ASSIGNED", t + 3));
        Fixtures.eventually(() -> assertEquals(1, Fixtures.number("select count(*) from user_assignment where user_uuid = ?"
                + " and status = 'ACTIVE' and account_identifier = 'acct-1'", UUID.fromString(member))));
        // product 2 held, product 3 cancelled, product 4 another member's
        assignment(co.uuid(), member, base + 2, "ACTIVE");
        assignment(co.uuid(), member, base + 3, "CANCELLED");
        assignment(co.uuid(), co.adminUuid(), base + 4, "ACTIVE");

        f.asPartner().body(Map.of("firstName", "Renamed")).patch(user(member)).then().statusCode(200)
                .body("firstName", equalTo("Renamed"));
        assertEquals(2, outbox("USER_UPDATED", member), "one per held product");
        assertEquals(1, outbox("USER_CHANGED", member));
        JsonNode one = Fixtures.event("USER_UPDATED", e -> e.path("payload").path("productId").asLong() == base + 1);
        assertEquals("account-service", one.path("source").asText());
        assertEquals(f.partner, one.path("partner").asText());
        JsonNode p = one.path("payload");
        assertEquals(sub.id(), p.path("subscriptionId").asText());
        assertEquals("acct-1", p.path("account").path("accountIdentifier").asText());
        assertEquals(member, p.path("user").path("uuid").asText());
        assertEquals(member, p.path("userUuid").asText());
        assertEquals("Renamed", p.path("user").path("firstName").asText());
        assertEquals("Vendor Users Co", p.path("company").path("name").asText());
        assertTrue(p.path("configuration").isObject());
        JsonNode two = Fixtures.event("USER_UPDATED", e -> e.path("payload").path("productId").asLong() == base + 2);
        assertEquals(member, two.path("payload").path("user").path("uuid").asText());
        assertEquals(1, Fixtures.number("select count(*) from outbox_event where type = 'USER_UPDATED' and envelope like ?",
                "%\"productId\":" + (base + 1) + ",%"), "the pattern below finds what it looks for");
        assertEquals(0, Fixtures.number("select count(*) from outbox_event where type = 'USER_UPDATED' and (envelope like ?"
                + " or envelope like ?)", "%\"productId\":" + (base + 3) + ",%", "%\"productId\":" + (base + 4) + ",%"));

        // nothing changed: nothing written
        f.asPartner().body(Map.of("firstName", "Renamed")).put(user(member)).then().statusCode(200);
        assertEquals(2, outbox("USER_UPDATED", member));
        assertEquals(1, outbox("USER_CHANGED", member));
        // another field: the change is recorded, the vendors are not told
        f.asPartner().body(Map.of("externalId", "ext-" + member)).patch(user(member)).then().statusCode(200)
                .body("externalId", equalTo("ext-" + member));
        assertEquals(2, outbox("USER_UPDATED", member));
        assertEquals(2, outbox("USER_CHANGED", member));
        // a role change is a membership's, not the user's
        f.asPartner().body(Map.of("roles", List.of("ROLE_USER", "ROLE_DEVELOPER"))).put(members(co.uuid()) + "/" + member)
                .then().statusCode(200);
        assertEquals(2, outbox("USER_UPDATED", member));
        // the locale and the email are the vendors' business too
        f.asUser(member).body(Map.of("locale", "fr_FR")).patch(user(member)).then().statusCode(200);
        assertEquals(4, outbox("USER_UPDATED", member));
        f.asPartner().body(Map.of("email", "vu-new-" + UUID.randomUUID().toString().substring(0, 8) + "@x.example"))
                .patch(user(member)).then().statusCode(200);
        assertEquals(6, outbox("USER_UPDATED", member));
    }

    @Test
    void anEmailChangeIsNoticedAtTheOldAndNewAddress() {
        String old = "old-" + UUID.randomUUID().toString().substring(0, 8) + "@paris.example";
        String co = company("Paris SA", "fr_FR", true, Map.of("email", old, "firstName", "Lou"));
        String userUuid = f.asPartner().queryParam("searchText", old).get(members(co)).then().extract().path("content[0].user.uuid");
        String fresh = "new-" + UUID.randomUUID().toString().substring(0, 8) + "@paris.example";
        f.asPartner().body(Map.of("email", fresh)).put(user(userUuid)).then().statusCode(200).body("email", equalTo(fresh));
        JsonNode changed = Fixtures.event("USER_CHANGED", e -> userUuid.equals(e.path("aggregate").path("id").asText()));
        assertEquals(List.of("email"), List.of(changed.path("payload").path("changed").get(0).asText()));
        JsonNode notice = notification(changed, "PRIMARY_EMAIL_CHANGED_NOTICE");
        assertEquals(2, notice.path("recipients").size());
        assertEquals(old, notice.path("recipients").get(0).asText());
        assertEquals(fresh, notice.path("recipients").get(1).asText());
        assertEquals("fr_FR", notice.path("locale").asText(), "no locale of their own: their company's");
        assertEquals("Lou", notice.path("parameters").path("firstName").asText());
        assertEquals(old, notice.path("parameters").path("oldEmail").asText());
        assertEquals(fresh, notice.path("parameters").path("email").asText());
        f.asPartner().get(user(userUuid)).then().statusCode(200).body("email", equalTo(fresh));
        // a name change alone notices nobody
        f.asPartner().body(Map.of("lastName", "Nouveau")).patch(user(userUuid)).then().statusCode(200);
        JsonNode renamed = Fixtures.event("USER_CHANGED", e -> userUuid.equals(e.path("aggregate").path("id").asText())
                && "lastName".equals(e.path("payload").path("changed").get(0).asText()));
        assertTrue(renamed.path("payload").path("notifications").isMissingNode(), renamed.toString());
    }

    @Test
    void userUpdateRefusals() {
        Co co = f.company("Strict Users Co", true);
        String member = f.member(co, "su-" + UUID.randomUUID().toString().substring(0, 8) + "@x.example", List.of("ROLE_USER"));
        long before = outbox("USER_CHANGED", member);
        f.asPartner().body(Map.of("email", "not-an-email")).patch(user(member)).then().statusCode(400)
                .body("code", equalTo("INVALID_FIELD")).body("message", containsString("email"));
        f.asPartner().body(Map.of("locale", "fr")).patch(user(member)).then().statusCode(400)
                .body("message", containsString("locale"));
        f.asPartner().body(Map.of("firstName", " ")).patch(user(member)).then().statusCode(400)
                .body("message", containsString("firstName"));
        f.asPartner().body(Map.of("roles", List.of("ROLE_SUPERUSER"))).patch(user(member)).then().statusCode(400)
                .body("message", containsString("roles"));
        f.asPartner().body(Map.of("email", co.adminEmail())).patch(user(member)).then().statusCode(409)
                .body("code", equalTo("DUPLICATE_EMAIL"));
        f.asReader().body(Map.of("firstName", "Nope")).patch(user(member)).then().statusCode(403);
        f.asOtherPartner().body(Map.of("firstName", "Nope")).patch(user(member)).then().statusCode(404);
        f.asPartner().body(Map.of("firstName", "Nope")).patch(user(UUID.randomUUID().toString())).then().statusCode(404);
        Co other = f.company("Other Users Co", true);
        f.asUser(other.adminUuid()).body(Map.of("firstName", "Nope")).patch(user(member)).then().statusCode(403);
        assertEquals(before, outbox("USER_CHANGED", member), "a refusal changes nothing");
        f.asPartner().get(user(member)).then().body("firstName", equalTo("Mem"));
        // the company's administrator and the user themself may
        f.asUser(co.adminUuid()).body(Map.of("firstName", "ByAdmin")).patch(user(member)).then().statusCode(200);
        f.asUser(member).body(Map.of("lastName", "Myself")).put(user(member)).then().statusCode(200)
                .body("firstName", equalTo("ByAdmin")).body("lastName", equalTo("Myself"));
    }

    @Test
    void refusedRemovalsTellTheAdministratorWhoAsked() {
        Co co = f.company("Removal Co", true);
        Fixtures.sql("update app_user set locale = 'fr_FR' where uuid = ?", UUID.fromString(co.adminUuid()));
        String busy = f.member(co, "busy-" + UUID.randomUUID().toString().substring(0, 6) + "@x.example", List.of("ROLE_USER"));
        String owner = f.member(co, "owner-" + UUID.randomUUID().toString().substring(0, 6) + "@x.example", List.of("ROLE_USER"));
        String synced = f.member(co, "sync-" + UUID.randomUUID().toString().substring(0, 6) + "@x.example", List.of("ROLE_USER"));
        Fixtures.assignment(co.uuid(), busy, 7, "ACTIVE", null);
        Fixtures.assignment(co.uuid(), co.adminUuid(), 9, "ACTIVE", owner);
        // a directory synchronisation (channel credentials) marks the user it manages; the user cannot mark themselves
        f.asUser(synced).body(Map.of("externallyManaged", true)).patch("/api/account/v2/users/" + synced).then().statusCode(403);
        f.asPartner().body(Map.of("externallyManaged", true)).patch("/api/account/v2/users/" + synced).then().statusCode(200)
                .body("externallyManaged", equalTo(true));

        Map<String, String> expected = Map.of(busy, "FAILED_TO_REMOVE_USER_HAS_ACTIVE_OR_PENDING_APPS",
                owner, "FAILED_TO_REMOVE_USER_OWNS_APPS", synced, "FAILED_TO_REMOVE_USER");
        Map<String, String> codes = Map.of(busy, "ACTIVE_SUBSCRIPTIONS_FOUND", owner, "USER_OWNS_PRODUCTS",
                synced, "USER_EXTERNALLY_MANAGED");
        for (Map.Entry<String, String> e : expected.entrySet()) {
            String target = e.getKey();
            f.asUser(co.adminUuid()).delete(members(co.uuid()) + "/" + target).then().statusCode(409)
                    .body("code", equalTo(codes.get(target)));
            JsonNode refused = Fixtures.event("MEMBERSHIP_REMOVAL_REFUSED", ev -> target.equals(ev.path("payload").path("userUuid").asText()));
            assertEquals(codes.get(target), refused.path("payload").path("code").asText());
            JsonNode mail = refused.path("payload").path("notifications").get(0);
            assertEquals(e.getValue(), mail.path("type").asText());
            assertEquals(1, refused.path("payload").path("notifications").size());
            assertEquals(List.of(co.adminEmail()), List.of(mail.path("recipients").get(0).asText()));
            assertEquals("fr_FR", mail.path("locale").asText(), "the administrator's own locale");
            assertEquals("Ada", mail.path("parameters").path("firstName").asText());
            assertEquals("Removal Co", mail.path("parameters").path("companyName").asText());
            assertTrue(mail.path("parameters").path("userEmail").asText().startsWith(target.equals(busy) ? "busy-"
                    : target.equals(owner) ? "owner-" : "sync-"));
            assertEquals("FAILED_TO_REMOVE_USER".equals(e.getValue()), mail.path("parameters").has("reason"));
            // the membership is still there
            f.asPartner().get(members(co.uuid()) + "/" + target).then().statusCode(200);
        }
        // channel credentials acting as nobody: the 409 alone, no one to tell
        long told = Fixtures.number("select count(*) from outbox_event where type = 'MEMBERSHIP_REMOVAL_REFUSED'"
                + " and aggregate_id = ?", co.uuid() + ":" + busy);
        f.asPartner().delete(members(co.uuid()) + "/" + busy).then().statusCode(409);
        assertEquals(told, Fixtures.number("select count(*) from outbox_event where type = 'MEMBERSHIP_REMOVAL_REFUSED'"
                + " and aggregate_id = ?", co.uuid() + ":" + busy));
        // another marketplace: the 404 of an unknown company, nothing told
        Fixtures.as(InternalTokens.bearer("X" + UUID.randomUUID().toString().substring(0, 7), Roles.PARTNER))
                .delete(members(co.uuid()) + "/" + busy).then().statusCode(404);
    }

    private static void assignment(String company, String user, long product, String status) {
        Fixtures.sql("insert into user_assignment (uuid, company_uuid, user_uuid, product_id, product_name, status,"
                + " subscription_id, subscription_status, account_identifier, created_on) values (?, ?, ?, ?, ?, ?, ?, ?, ?, now())",
                UUID.randomUUID(), UUID.fromString(company), UUID.fromString(user), product, "Product " + product, status,
                UUID.randomUUID(), status, "acct-" + product);
    }
}
