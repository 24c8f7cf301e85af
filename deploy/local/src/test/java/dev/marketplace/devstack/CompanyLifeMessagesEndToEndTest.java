package dev.marketplace.devstack;

import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;

/**
 * Issue 45, the messages of a company's life through the gateway, each seen at the devstack's SMTP server (or SMS
 * sandbox) by its template type, with its parameters filled and in its recipient's language: a French company
 * (company locale fr_FR) gets its first user, adds users with temporary passwords, invites one, changes an email,
 * asks for a purchase, buys a product of AppDirect's SDK vendor app, assigns users until its seats run out, unassigns
 * one, changes the edition,
 * and has membership removals refused for each reason; an order the vendor refuses is a FAILED_ORDER by email and SMS.
 * Users without a locale of their own read their company's language; a buyer whose order names en_US reads English.
 */
class CompanyLifeMessagesEndToEndTest {
    private static final GatewayClient client = GatewayClient.bootstrapConsumer();
    private static final String PHONE = "+33612345678";
    private static String run;
    private static String company;
    private static String companyName;
    private static String adminEmail;
    private static String admin;
    private static String domain;
    private static JsonPath product;

    @BeforeAll
    static void aFrenchCompanyAndAProductOfTheSdkVendor() throws Exception {
        Suite.stack();
        run = UUID.randomUUID().toString().substring(0, 8);
        companyName = "Atelier Dupont " + run;
        domain = "atelier-" + run + ".e2e.example";
        adminEmail = "ada@" + domain;
        company = client.signed("POST", "/api/account/v2/companies").contentType(ContentType.JSON)
                .body(Map.of("name", companyName, "externalId", "life-" + run, "countryCode", "FR", "allowLogin", true,
                        "locale", "fr_FR", "phoneNumber", PHONE,
                        "firstUser", Map.of("email", adminEmail, "firstName", "Ada", "lastName", "Dupont")))
                .post(client.url("/api/account/v2/companies")).then().statusCode(201).extract().path("uuid");
        admin = client.signed("GET", memberships()).get(client.url(memberships())).then().statusCode(200)
                .extract().path("content[0].user.uuid");
        product = BillingSteps.sdkProduct(client, VendorApp.get(), Map.of("name", "Tableur " + run,
                "description", "Spreadsheets", "vendorName", "SDK Vendor Inc",
                "editions", List.of(edition("BASIC", "Basique", 1), edition("PREMIUM", "Premium", 2), edition("FAIL", "Refusée", 3))),
                "SUBSCRIPTION_ORDER", "SUBSCRIPTION_CANCEL", "SUBSCRIPTION_CHANGE", "USER_ASSIGNMENT", "USER_UNASSIGNMENT");
    }

    @Test
    @Delivers({"NEW_USER", "WELCOME_USER", "ACCOUNT_ACTIVATION"})
    void theFirstUserIsWelcomedAndAskedToActivateInTheCompanysLanguage() {
        Messages.email(adminEmail, "NEW_USER").assertRendered("fr", "Ada", companyName);
        Messages.email(adminEmail, "WELCOME_USER").assertRendered("fr");
        Messages.Email activation = Messages.email(adminEmail, "ACCOUNT_ACTIVATION").assertRendered("fr", "Ada");
        assertTrue(activation.links().stream().anyMatch(l -> l.contains("/activation/")), activation.text());
    }

    @Test
    @Delivers({"ACTIVE_USER_TEMP_PASSWORD", "INVITE_USER", "PRIMARY_EMAIL_CHANGED_NOTICE"})
    void addedInvitedAndRenamedUsersAreToldInTheCompanysLanguage() {
        verifiedDomain();
        String bruno = activeUser("bruno", "Bruno");
        Messages.email(adminEmail, "ACTIVE_USER_TEMP_PASSWORD", "bruno@" + domain).assertRendered("fr", "Bruno", companyName,
                "Temp-" + run);

        String invitee = "gaston-" + run + "@e2e.example";
        String invitations = "/api/account/v2/companies/" + company + "/invitations?inviterUuid=" + admin;
        client.signed("POST", invitations).contentType(ContentType.JSON).body(List.of(Map.of("email", invitee, "role", "USER")))
                .post(client.url(invitations)).then().statusCode(200).body("invitationsSent", equalTo(1));
        Messages.Email invitation = Messages.email(invitee, "INVITE_USER").assertRendered("fr", companyName, "Ada");
        assertTrue(invitation.links().stream().anyMatch(l -> l.contains("/invitations/") || l.contains("/signup/")),
                invitation.text());

        String newEmail = "bruno.martin@" + domain;
        String user = "/api/account/v2/users/" + bruno;
        client.signed("PATCH", user).contentType(ContentType.JSON).body(Map.of("email", newEmail))
                .patch(client.url(user)).then().statusCode(200).body("email", equalTo(newEmail));
        for (String to : List.of("bruno@" + domain, newEmail)) {
            Messages.email(to, "PRIMARY_EMAIL_CHANGED_NOTICE").assertRendered("fr", "Bruno", newEmail);
        }
    }

    @Test
    @Delivers({"APPLICATION_PURCHASE_REQUEST_NOTICE", "SUBSCRIPTION_ORDER", "ASSIGNMENT_NOTICE", "UNASSIGNMENT_NOTICE",
            "SUBSCRIPTION_UPGRADE", "SUBSCRIPTION_CANCEL", "ASSIGNED_USERS_LIMIT", "FAILED_TO_REMOVE_USER_HAS_ACTIVE_OR_PENDING_APPS",
            "FAILED_TO_REMOVE_USER_OWNS_APPS", "FAILED_TO_REMOVE_USER"})
    void aProductIsRequestedBoughtAssignedChangedAndItsHoldersCannotBeRemoved() {
        verifiedDomain();
        String chloe = activeUser("chloe", "Chloé");
        String denis = activeUser("denis", "Denis");
        String chloeEmail = "chloe@" + domain;
        String denisEmail = "denis@" + domain;
        String productName = "Tableur " + run;

        // a user asks the administrators to buy the product
        String request = memberships() + "/" + chloe + "/applications/" + product.getLong("id") + "/purchaseRequests";
        client.signed("POST", request).contentType(ContentType.JSON)
                .body(Map.of("productName", productName, "message", "Pour la compta"))
                .post(client.url(request)).then().statusCode(204);
        Messages.email(adminEmail, "APPLICATION_PURCHASE_REQUEST_NOTICE").assertRendered("fr", "Chloé", productName,
                "Pour la compta");

        // Denis buys it (his order names French), and assigns Chloé, whose assignment names French too
        String subscription = order(denis, denisEmail, "Denis", "BASIC", "fr_FR");
        VendorEndToEndTest.awaitStatus(subscription, "ACTIVE", Duration.ofSeconds(90));
        Messages.email(denisEmail, "SUBSCRIPTION_ORDER").assertRendered("fr", "Denis", productName, "Basique");
        String assignments = "/api/billing/v1/subscriptions/" + subscription + "/assignments";
        client.signed("POST", assignments).contentType(ContentType.JSON)
                .body(Map.of("uuid", chloe, "email", chloeEmail, "firstName", "Chloé", "lastName", "Dupont", "locale", "fr_FR"))
                .post(client.url(assignments)).then().statusCode(202);
        Messages.email(chloeEmail, "ASSIGNMENT_NOTICE").assertRendered("fr", "Chloé", productName, companyName);

        // the edition changes: the buyer hears of it by email and at the company's phone
        String path = "/api/billing/v1/subscriptions/" + subscription;
        client.signed("PUT", path).contentType(ContentType.JSON).body(Map.of("editionId", product.getLong("editions[1].id")))
                .put(client.url(path)).then().statusCode(202);
        Messages.email(denisEmail, "SUBSCRIPTION_UPGRADE").assertRendered("fr", productName, "Basique", "Premium");
        Messages.sms(PHONE, "Premium", productName);

        // removals refused, each for its reason, told to the administrator who asked
        String asAda = "?xoauth_requestor_id=" + admin;
        awaitAssigned(chloe);
        client.signed("DELETE", memberships() + "/" + chloe + asAda).delete(client.url(memberships() + "/" + chloe + asAda))
                .then().statusCode(409).body("code", equalTo("ACTIVE_SUBSCRIPTIONS_FOUND"));
        Messages.email(adminEmail, "FAILED_TO_REMOVE_USER_HAS_ACTIVE_OR_PENDING_APPS").assertRendered("fr", "Ada", chloeEmail,
                companyName);

        // the buyer assigns himself, then gives his seat up: he still owns the subscription
        client.signed("POST", assignments).contentType(ContentType.JSON)
                .body(Map.of("uuid", denis, "email", denisEmail, "firstName", "Denis", "lastName", "Dupont", "locale", "fr_FR"))
                .post(client.url(assignments)).then().statusCode(202);
        Messages.await("Denis ASSIGNED", () -> client.signed("GET", assignments).get(client.url(assignments)).then()
                .statusCode(200).extract().jsonPath().getList("findAll { it.userUuid == '" + denis + "' }.status")
                .contains("ASSIGNED") ? true : null);
        // both seats bought are taken: Ada cannot be assigned, and the buyer hears of it
        client.signed("POST", assignments).contentType(ContentType.JSON)
                .body(Map.of("uuid", admin, "email", adminEmail, "firstName", "Ada", "lastName", "Dupont"))
                .post(client.url(assignments)).then().statusCode(409).body("code", equalTo("ASSIGNED_USERS_LIMIT"));
        Messages.email(denisEmail, "ASSIGNED_USERS_LIMIT").assertRendered("fr", "Denis", productName, adminEmail, "2");
        client.signed("DELETE", assignments + "/" + denis).delete(client.url(assignments + "/" + denis)).then().statusCode(202);
        Messages.email(denisEmail, "UNASSIGNMENT_NOTICE").assertRendered("fr", "Denis", productName);
        awaitNotAssigned(denis);
        client.signed("DELETE", memberships() + "/" + denis + asAda).delete(client.url(memberships() + "/" + denis + asAda))
                .then().statusCode(409).body("code", equalTo("USER_OWNS_PRODUCTS"));
        Messages.email(adminEmail, "FAILED_TO_REMOVE_USER_OWNS_APPS").assertRendered("fr", "Ada", denisEmail);

        // a directory synchronisation (channel credentials) manages Chloé: the marketplace refuses to remove her
        String chloeUser = "/api/account/v2/users/" + chloe;
        client.signed("PATCH", chloeUser).contentType(ContentType.JSON).body(Map.of("externallyManaged", true))
                .patch(client.url(chloeUser)).then().statusCode(200).body("externallyManaged", equalTo(true));
        client.signed("DELETE", memberships() + "/" + chloe + asAda).delete(client.url(memberships() + "/" + chloe + asAda))
                .then().statusCode(409).body("code", equalTo("USER_EXTERNALLY_MANAGED"));
        Messages.email(adminEmail, "FAILED_TO_REMOVE_USER").assertRendered("fr", "Ada", chloeEmail);

        // the subscription is cancelled
        client.signed("DELETE", path).delete(client.url(path)).then().statusCode(202);
        VendorEndToEndTest.awaitStatus(subscription, "CANCELLED", Duration.ofSeconds(90));
        Messages.email(denisEmail, "SUBSCRIPTION_CANCEL").assertRendered("fr", "Denis", productName);
    }

    @Test
    @Delivers("FAILED_ORDER")
    void anOrderTheVendorRefusesIsAFailedOrderByEmailAndSmsInTheBuyersLanguage() {
        verifiedDomain();
        String emile = activeUser("emile", "Émile");
        String emileEmail = "emile@" + domain;
        String subscription = order(emile, emileEmail, "Émile", "FAIL", "en_US");
        VendorEndToEndTest.awaitStatus(subscription, "FAILED", Duration.ofSeconds(90));
        // the order named English for its buyer: English, though the company is French
        Messages.email(emileEmail, "FAILED_ORDER").assertRendered("en", "Émile", "Tableur " + run, "FAIL");
        Messages.sms(PHONE, "could not be completed", "Tableur " + run);
    }

    /** The company's domain, added and verified by the channel (idempotent across the tests of this class). */
    private static synchronized void verifiedDomain() {
        String domains = "/api/account/v2/companies/" + company + "/domains";
        int added = client.signed("POST", domains).contentType(ContentType.JSON).body(Map.of("name", domain))
                .post(client.url(domains)).then().extract().statusCode();
        assertTrue(added == 201 || added == 409, "the domain is added: " + added);
        String verify = domains + "/" + domain + "/verification?method=MANUAL";
        client.signed("POST", verify).post(client.url(verify)).then().statusCode(200).body("status", equalTo("VERIFIED"));
    }

    /** An active user of the company with a temporary password, told to the administrator; answers their uuid. */
    private static String activeUser(String name, String firstName) {
        String active = memberships() + "/active";
        return client.signed("POST", active).contentType(ContentType.JSON)
                .body(Map.of("user", Map.of("email", name + "@" + domain, "firstName", firstName, "lastName", "Dupont",
                        "roles", List.of("ROLE_USER")), "temporaryPassword", "Temp-" + run, "recipientEmails", List.of(adminEmail)))
                .post(client.url(active)).then().statusCode(200).body("status", equalTo("ACTIVE")).extract().path("user.uuid");
    }

    private static String order(String buyer, String email, String firstName, String editionCode, String locale) {
        String orders = "/api/billing/v1/companies/" + company + "/users/" + buyer + "/subscriptions";
        long edition = product.getLong("editions.find { it.code == '" + editionCode + "' }.id");
        return client.signed("POST", orders).contentType(ContentType.JSON)
                .body(Map.of("productId", product.getLong("id"), "editionId", edition,
                        "items", List.of(Map.of("unit", "USER", "quantity", 2)),
                        "company", Map.of("name", companyName, "country", "FR", "phoneNumber", PHONE),
                        "user", Map.of("email", email, "firstName", firstName, "lastName", "Dupont", "locale", locale)))
                .post(client.url(orders)).then().statusCode(201).extract().path("id");
    }

    /** Until account-service's projection shows the user's assignment ACTIVE. */
    private static void awaitAssigned(String user) {
        awaitAssignments(user + " assigned", user, statuses -> statuses.contains("ACTIVE"));
    }

    /** Until account-service's projection shows the user without a current assignment. */
    private static void awaitNotAssigned(String user) {
        awaitAssignments(user + " unassigned", user,
                statuses -> statuses.stream().noneMatch(s -> s.equals("ACTIVE") || s.startsWith("PENDING")));
    }

    private static void awaitAssignments(String what, String user, java.util.function.Predicate<List<String>> state) {
        String path = memberships() + "/" + user + "/assignments";
        Messages.await(what, () -> {
            List<String> statuses = client.signed("GET", path).get(client.url(path)).then().statusCode(200).extract().jsonPath()
                    .getList("content.status");
            return statuses != null && state.test(statuses) ? true : null;
        });
    }

    private static String memberships() {
        return "/api/account/v2/companies/" + company + "/memberships";
    }

    private static Map<String, Object> edition(String code, String name, int rank) {
        return Map.of("code", code, "name", name, "rank", rank, "primary", rank == 1, "revenueType", "RECURRING",
                "plans", List.of(Map.of("frequency", "MONTHLY", "costs", List.of(Map.of("unit", "USER", "minUnits", 1,
                        "maxUnits", 100, "amount", Map.of("USD", 10))))));
    }

    @Test
    void aMessageIsFoundByItsTypeAndLanguageNotBySubject() {
        // the check itself can fail: the first user's NEW_USER is French, never English
        Messages.Email welcome = Messages.email(adminEmail, "NEW_USER");
        assertEquals("fr", welcome.language().split("-")[0]);
        org.junit.jupiter.api.Assertions.assertThrows(AssertionError.class, () -> welcome.assertRendered("en"));
        org.junit.jupiter.api.Assertions.assertThrows(AssertionError.class, () -> welcome.assertRendered("fr", "Zorro"));
    }
}
