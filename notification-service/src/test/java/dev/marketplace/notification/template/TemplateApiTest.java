package dev.marketplace.notification.template;

import static dev.marketplace.testkit.ErrorBodies.errorBody;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.allOf;
import static org.hamcrest.Matchers.containsInAnyOrder;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.emptyString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.greaterThan;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.hasItems;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.notNullValue;
import static org.hamcrest.Matchers.nullValue;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import org.junit.jupiter.api.Test;

import dev.marketplace.common.security.Roles;
import dev.marketplace.testkit.InternalTokens;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.specification.RequestSpecification;

@QuarkusTest
class TemplateApiTest {
    private static final String BASE = "/api/notification/v1/templates";
    private final String partner = "P" + UUID.randomUUID().toString().substring(0, 8);

    private RequestSpecification as(String partner, String... roles) {
        return given().header("Authorization", InternalTokens.bearer(partner, roles)).contentType(ContentType.JSON);
    }

    private RequestSpecification asPartner() {
        return as(partner, Roles.PARTNER);
    }

    private RequestSpecification asSuperSupport() {
        return as(partner, Roles.SUPER_SUPPORT);
    }

    private static Map<String, Object> email(String type, String locale, String subject, String content) {
        Map<String, Object> body = new HashMap<>();
        body.put("type", type);
        body.put("locale", locale);
        body.put("subject", subject);
        body.put("content", content);
        return body;
    }

    @Test
    void listsTemplateDefinitionsOfTheChannel() {
        asPartner().get(BASE).then().statusCode(200)
                .body("size()", greaterThan(150))
                .body("find { it.type == 'INVITE_USER' }.methods.method", hasItems("EMAIL", "SMS"))
                .body("find { it.type == 'INVITE_USER' }.methods.find { it.method == 'EMAIL' }.enabled", equalTo(true))
                .body("find { it.type == 'INVITE_USER' }.required", equalTo(true))
                .body("find { it.type == 'INVITE_USER' }.audience", equalTo("NEW_USER"))
                .body("find { it.type == 'INVOICE' }.category", equalTo("BILLING"))
                .body("find { it.type == 'REGISTRATION_REMINDER' }.reminder", equalTo("AFTER"))
                .body("find { it.type == 'DENY_REVIEW' }.methods.find { it.method == 'EMAIL' }.enabled", equalTo(false)); // no default ships for it
        // directSales=true lists only the developer templates of the partner: none yet
        asPartner().queryParam("directSales", "true").get(BASE).then().statusCode(200).body("size()", equalTo(0));
        asPartner().body(Map.of("type", "SUBSCRIPTION_ORDER", "locale", "en", "subject", "Dev {productName}",
                "content", "dev", "directSales", true)).post(BASE + "/email").then().statusCode(200)
                .body("directSales", equalTo(true));
        asPartner().queryParam("directSales", "true").get(BASE).then().statusCode(200)
                .body("type", containsInAnyOrder("SUBSCRIPTION_ORDER"));
        asPartner().queryParam("directSales", "maybe").get(BASE).then().statusCode(400)
                .body("message", containsString("directSales"));
        asPartner().queryParam("directSales", "true").get(BASE + "/email/SUBSCRIPTION_ORDER").then().statusCode(200)
                .body("subject", equalTo("Dev {productName}"));
        asPartner().get(BASE + "/email/SUBSCRIPTION_ORDER").then().statusCode(200)
                .body("subject", equalTo("Your order of {productName} is confirmed")).body("defaultTemplate", equalTo(true));
    }

    @Test
    void readsTheDefaultEmailTemplateUntilThePartnerCustomisesIt() {
        asPartner().get(BASE + "/email/INVITE_USER").then().statusCode(200)
                .body("type", equalTo("INVITE_USER")).body("locale", equalTo("en"))
                .body("defaultTemplate", equalTo(true)).body("partner", nullValue())
                .body("subject", containsString("{companyName}"));
        int id = asPartner().body(email("INVITE_USER", "en_US", "Join {companyName}", "<p>{invitationUrl}</p>"))
                .post(BASE + "/email").then().statusCode(200)
                .body("id", notNullValue()).body("partner", equalTo(partner)).body("defaultTemplate", equalTo(false))
                .body("enabled", equalTo(true)).body("locale", equalTo("en_US"))
                .extract().path("id");
        asPartner().queryParam("locale", "en_US").get(BASE + "/email/INVITE_USER").then().statusCode(200)
                .body("id", equalTo(id)).body("subject", equalTo("Join {companyName}"));
        // en_US was customised, plain en was not: the default still answers for en
        asPartner().queryParam("locale", "en").get(BASE + "/email/INVITE_USER").then().statusCode(200)
                .body("defaultTemplate", equalTo(true));
        // create-or-update: same (type, locale) updates the same template
        asPartner().body(email("INVITE_USER", "en-us", "Join {companyName} now", "<p>{invitationUrl}</p>"))
                .post(BASE + "/email").then().statusCode(200).body("id", equalTo(id)).body("subject", equalTo("Join {companyName} now"));
        // by id
        Map<String, Object> byId = email("INVITE_USER", "en_US", "By id", "x");
        byId.put("id", id);
        byId.put("reminderPattern", "P1D");
        asPartner().body(byId).post(BASE + "/email").then().statusCode(200).body("id", equalTo(id))
                .body("subject", equalTo("By id")).body("reminderPattern", equalTo("P1D"));
        // another partner's template cannot be changed by id (a 404: anotherMarketplacesTemplateIsAsUnknownAsAMissingOne),
        // nor read
        as("O" + partner, Roles.PARTNER).body(byId).post(BASE + "/email").then().statusCode(404);
        as("O" + partner, Roles.PARTNER).queryParam("locale", "en_US").get(BASE + "/email/INVITE_USER").then().statusCode(200)
                .body("defaultTemplate", equalTo(true));
        Map<String, Object> unknownId = email("INVITE_USER", "en_US", "x", "x");
        unknownId.put("id", 999_999_999);
        asPartner().body(unknownId).post(BASE + "/email").then().statusCode(404);
    }

    /**
     * Template ids are one sequence for every marketplace: another marketplace's email template, SMS template or common
     * element named by id answers exactly as an id that does not exist (404 NOT_FOUND, the same body but for the id);
     * the old code answered 403, telling which ids were taken elsewhere. Nothing of the owner's changes.
     */
    @Test
    void anotherMarketplacesTemplateIsAsUnknownAsAMissingOne() {
        int email = asPartner().body(email("NEW_USER", "en_GB", "Mine", "<p>mine</p>")).post(BASE + "/email").then()
                .statusCode(200).extract().path("id");
        int sms = asPartner().body(Map.of("type", "NEW_USER", "locale", "en_GB", "content", "mine")).post(BASE + "/sms")
                .then().statusCode(200).extract().path("id");
        int common = asPartner().body(Map.of("type", "UNSUBSCRIBE", "locale", "en_GB", "content", "<p>mine</p>"))
                .post(BASE + "/common/email").then().statusCode(200).extract().path("id");
        RequestSpecification rival = as("R" + partner, Roles.PARTNER, Roles.CHANNEL_ADMIN);
        List<Object[]> cases = List.of(new Object[] { "/email", "Email template", email },
                new Object[] { "/sms", "SMS template", sms }, new Object[] { "/common/email", "Common element", common });
        for (Object[] c : cases) {
            for (int id : List.of((Integer) c[2], 999_999_999)) {
                Map<String, Object> body = "/email".equals(c[0]) ? email("NEW_USER", "en_GB", "Taken", "<p>taken</p>")
                        : new HashMap<String, Object>(Map.of("type", "/sms".equals(c[0]) ? "NEW_USER" : "UNSUBSCRIBE", "locale", "en_GB",
                                "content", "taken"));
                body.put("id", id);
                as("R" + partner, Roles.PARTNER, Roles.CHANNEL_ADMIN).body(body).post(BASE + c[0]).then().statusCode(404)
                        .body(errorBody("{\"code\":\"NOT_FOUND\",\"message\":\"" + c[1] + " " + id + " was not found\"}"));
            }
        }
        asPartner().queryParam("locale", "en_GB").get(BASE + "/email/NEW_USER").then().body("subject", equalTo("Mine"));
        asPartner().queryParam("locale", "en_GB").get(BASE + "/sms/NEW_USER").then().body("content", equalTo("mine"));
        asPartner().queryParam("locale", "en_GB").get(BASE + "/common/email/UNSUBSCRIBE").then()
                .body("content", equalTo("<p>mine</p>"));
        rival.queryParam("locale", "en_GB").get(BASE + "/email/NEW_USER").then().body("defaultTemplate", equalTo(true));
    }

    @Test
    void resolvesLocalesFromRegionToLanguageToTheMarketplaceDefault() {
        asPartner().body(email("NEW_USER", "fr", "Bienvenue", "Bonjour")).post(BASE + "/email").then().statusCode(200);
        asPartner().queryParam("locale", "fr_CA").get(BASE + "/email/NEW_USER").then().statusCode(200)
                .body("locale", equalTo("fr")).body("subject", equalTo("Bienvenue"));
        asPartner().body(email("NEW_USER", "fr_CA", "Bienvenue (CA)", "Allo")).post(BASE + "/email").then().statusCode(200);
        asPartner().queryParam("locale", "fr_CA").get(BASE + "/email/NEW_USER").then().statusCode(200)
                .body("locale", equalTo("fr_CA"));
        asPartner().queryParam("locale", "de_DE").get(BASE + "/email/NEW_USER").then().statusCode(200)
                .body("locale", equalTo("en")).body("defaultTemplate", equalTo(true));
        asPartner().queryParam("locale", "not a locale").get(BASE + "/email/NEW_USER").then().statusCode(400)
                .body("message", containsString("locale"));
    }

    /** A placeholder the type's parameter list does not name would render empty: refused when saved, naming it. */
    @Test
    void placeholdersMustBeParametersOfTheTemplatesType() {
        asPartner().get(BASE + "/parameters/NEW_USER").then().statusCode(200).body("parameterName", hasItems("{firstName}", "{marketplaceName}"));
        asPartner().body(email("NEW_USER", "en", "Welcome {firstName}", "Hi {firstName}, your {favouriteColour} and {a.b}"))
                .post(BASE + "/email").then().statusCode(400).body("code", equalTo("INVALID_FIELD"))
                .body("message", allOf(containsString("content: names {a.b}, {favouriteColour}, which this template type does not fill"),
                        containsString("firstName"), not(containsString("subject"))));
        asPartner().body(email("NEW_USER", "en", "Welcome {userName}", "Hi")).post(BASE + "/email").then().statusCode(400)
                .body("message", containsString("subject: names {userName}"));
        asPartner().body(Map.of("type", "INVITE_USER", "locale", "en", "content", "Join {firstName}")).post(BASE + "/sms")
                .then().statusCode(400).body("message", containsString("content: names {firstName}"));
        // nothing was saved: the default still answers
        asPartner().get(BASE + "/email/NEW_USER").then().statusCode(200).body("defaultTemplate", equalTo(true));
        asPartner().body(email("NEW_USER", "en", "Welcome {firstName}",
                "{#if lastName}Dear {firstName} {lastName}{#else}Hello{/if}, from {marketplaceName}"))
                .post(BASE + "/email").then().statusCode(200).body("defaultTemplate", equalTo(false));
    }

    @Test
    void validatesEmailTemplatesNamingEachField() {
        asPartner().body(Map.of("type", "INVITE_USER")).post(BASE + "/email").then().statusCode(400)
                .body("message", allOf(containsString("locale: is required"), containsString("subject: is required"),
                        containsString("content: is required")));
        asPartner().body(email("NOT_A_TYPE", "en", "s", "c")).post(BASE + "/email").then().statusCode(400)
                .body("message", containsString("type: must be a NotificationTemplateType"));
        asPartner().body(email("NEW_USER", "english please", "s", "c")).post(BASE + "/email").then().statusCode(400)
                .body("message", containsString("locale"));
        asPartner().body(email("NEW_USER", "en", "s", "{#if foo}never closed")).post(BASE + "/email").then().statusCode(400)
                .body("message", containsString("content: is not a valid template"));
        Map<String, Object> wrongType = email("NEW_USER", "en", "s", "c");
        wrongType.put("enabled", "yes");
        asPartner().body(wrongType).post(BASE + "/email").then().statusCode(400).body("code", equalTo("INVALID_FIELD"))
                .body("message", equalTo("enabled: must be a boolean"));
        Map<String, Object> unknown = email("NEW_USER", "en", "s", "c");
        unknown.put("color", "red");
        asPartner().body(unknown).post(BASE + "/email").then().statusCode(400).body("code", equalTo("INVALID_FIELD"))
                .body("message", equalTo("color: is not a known property"));
        // annotation rules and the rules across fields answer the same shape, every field named
        asPartner().body(Map.of("type", "NOT_A_TYPE", "locale", "english please", "subject", "s", "content", "{#if x}"))
                .post(BASE + "/email").then().statusCode(400).body("code", equalTo("INVALID_FIELD"))
                .body("message", allOf(containsString("type: must be a NotificationTemplateType"), containsString("locale: must be"),
                        containsString("content: is not a valid template")));
        Map<String, Object> badId = email("NEW_USER", "en", "s", "c");
        badId.put("id", -3);
        asPartner().body(badId).post(BASE + "/email").then().statusCode(400)
                .body("message", equalTo("id: must be a positive integer"));
        Map<String, Object> missingFallback = email("NEW_USER", "en", "s", "c");
        missingFallback.put("fallbackEmailTemplateId", 987_654_321);
        asPartner().body(missingFallback).post(BASE + "/email").then().statusCode(400)
                .body("message", containsString("fallbackEmailTemplateId"));
        Map<String, Object> requiredOff = email("INVITE_USER", "en", "s", "c");
        requiredOff.put("enabled", false);
        asPartner().body(requiredOff).post(BASE + "/email").then().statusCode(400)
                .body("message", containsString("enabled"));
        asPartner().body("{not json").post(BASE + "/email").then().statusCode(400);
        // another partner's template is not a usable fallback
        int foreign = as("F" + partner, Roles.PARTNER).body(email("CUSTOM_AD_HOC", "en", "theirs", "theirs"))
                .post(BASE + "/email").then().statusCode(200).extract().path("id");
        Map<String, Object> foreignFallback = email("PAYMENT_FAILED", "en", "s", "c");
        foreignFallback.put("fallbackEmailTemplateId", foreign);
        asPartner().body(foreignFallback).post(BASE + "/email").then().statusCode(400)
                .body("message", containsString("fallbackEmailTemplateId"));
        // nothing was written by the refusals
        asPartner().get(BASE + "/email/NEW_USER").then().statusCode(200).body("defaultTemplate", equalTo(true));
    }

    @Test
    void smsTemplatesAreReadAndWritten() {
        asPartner().get(BASE + "/sms/INVITE_USER").then().statusCode(200).body("content", containsString("{invitationUrl}"))
                .body("directSales", equalTo(false));
        asPartner().get(BASE + "/sms/SUBSCRIPTION_ORDER").then().statusCode(404);
        asPartner().body(Map.of("type", "SUBSCRIPTION_ORDER", "locale", "en", "content", "Order {orderId} ok"))
                .post(BASE + "/sms").then().statusCode(200).body("id", notNullValue()).body("enabled", equalTo(true));
        asPartner().get(BASE + "/sms/SUBSCRIPTION_ORDER").then().statusCode(200).body("content", equalTo("Order {orderId} ok"));
        as("O" + partner, Roles.PARTNER).get(BASE + "/sms/SUBSCRIPTION_ORDER").then().statusCode(404);
        asPartner().body(Map.of("type", "SUBSCRIPTION_ORDER", "content", "x")).post(BASE + "/sms").then().statusCode(400)
                .body("message", containsString("locale: is required"));
        asPartner().body(Map.of("type", "BOGUS", "locale", "en", "content", "x")).post(BASE + "/sms").then().statusCode(400)
                .body("message", containsString("type"));
        asPartner().get(BASE + "/sms/BOGUS").then().statusCode(400).body("message", containsString("type"));
    }

    @Test
    void parametersListExactlyThePlaceholdersOfTheType() {
        asPartner().get(BASE + "/parameters/INVITE_USER").then().statusCode(200)
                .body("parameterName", containsInAnyOrder("{companyName}", "{inviterName}", "{email}", "{role}",
                        "{invitationUrl}", "{marketplaceName}", "{partner}"))
                .body("find { it.parameterName == '{invitationUrl}' }.type", equalTo("INVITATION_URL"))
                .body("valueType", everyItemIs("SINGLE"));
        asPartner().get(BASE + "/parameters/PAYMENT_FAILED").then().statusCode(200)
                .body("parameterName", containsInAnyOrder("{companyName}", "{invoiceNumber}", "{amount}", "{currency}",
                        "{marketplaceName}", "{partner}"));
        asPartner().get(BASE + "/parameters/REFUND").then().statusCode(200)
                .body("parameterName", containsInAnyOrder("{companyName}", "{invoiceNumber}", "{amount}", "{currency}",
                        "{marketplaceName}", "{partner}"));
        asPartner().get(BASE + "/parameters/API_ALERT").then().statusCode(200)
                .body("parameterName", containsInAnyOrder("{marketplaceName}", "{partner}"));
        asPartner().get(BASE + "/parameters/NOPE").then().statusCode(400);
    }

    private static org.hamcrest.Matcher<Iterable<? super String>> everyItemIs(String value) {
        return not(hasItem(not(equalTo(value))));
    }

    @Test
    void commonElementsOfTheChannel() {
        asPartner().get(BASE + "/common").then().statusCode(200)
                .body("type", containsInAnyOrder("UNSUBSCRIBE")).body("[0].position", equalTo("BOTTOM"))
                .body("[0].methods", hasItem("EMAIL"));
        asPartner().get(BASE + "/common/email/UNSUBSCRIBE").then().statusCode(200)
                .body("defaultCommonElement", equalTo(true)).body("content", containsString("{marketplaceName}"));
        asPartner().body(Map.of("type", "UNSUBSCRIBE", "locale", "en", "content", "<p>Bye from {partner}</p>", "enabled", true))
                .post(BASE + "/common/email").then().statusCode(200)
                .body("partner", equalTo(partner)).body("defaultCommonElement", equalTo(false)).body("id", notNullValue());
        asPartner().get(BASE + "/common/email/UNSUBSCRIBE").then().statusCode(200)
                .body("content", equalTo("<p>Bye from {partner}</p>"));
        asPartner().body(Map.of("type", "HEADER", "locale", "en", "content", "x")).post(BASE + "/common/email").then()
                .statusCode(400).body("message", containsString("type: must be UNSUBSCRIBE"));
        asPartner().body(Map.of("type", "UNSUBSCRIBE", "locale", "en")).post(BASE + "/common/email").then()
                .statusCode(400).body("message", containsString("content: is required"));
        asPartner().get(BASE + "/common/email/FOOTER").then().statusCode(400);
    }

    @Test
    void defaultTemplatesAreReservedForSuperSupport() {
        for (String role : List.of(Roles.PARTNER, Roles.CHANNEL_ADMIN, Roles.PARTNER_READ)) {
            as(partner, role).get(BASE + "/default").then().statusCode(403).body("code", equalTo("FORBIDDEN"));
            as(partner, role).get(BASE + "/default/email/INVITE_USER").then().statusCode(403);
            as(partner, role).get(BASE + "/default/common/email/UNSUBSCRIBE").then().statusCode(403);
            as(partner, role).body(email("INVITE_USER", "en", "s", "c")).post(BASE + "/default/email").then().statusCode(403);
            as(partner, role).body(Map.of("type", "UNSUBSCRIBE", "locale", "en", "content", "c"))
                    .post(BASE + "/default/common/email").then().statusCode(403);
        }
        asSuperSupport().get(BASE + "/default").then().statusCode(200)
                .body("type", hasItems("INVITE_USER", "ACTIVE_USER_TEMP_PASSWORD", "NEW_USER", "ACCOUNT_ACTIVATION",
                        "APPLICATION_PURCHASE_REQUEST_NOTICE", "SUBSCRIPTION_ORDER", "SUBSCRIPTION_CANCEL", "INVOICE",
                        "PAYMENT_SUCCESSFUL", "PAYMENT_FAILED", "SALES_LEAD_CREATED", "MANUAL_EVENT_RESOLUTION",
                        "RESELLER_LINKED", "SALES_LEAD_DIGEST", "REFUND"));
        asSuperSupport().get(BASE + "/default/email/RESELLER_LINKED").then().statusCode(200)
                .body("defaultTemplate", equalTo(true)).body("subject", not(emptyString()));
        asSuperSupport().get(BASE + "/default/email/API_ALERT").then().statusCode(404);
        asSuperSupport().get(BASE + "/default/common/email/UNSUBSCRIBE").then().statusCode(200)
                .body("defaultCommonElement", equalTo(true));
    }

    @Test
    void superSupportWritesDefaultTemplatesThatEveryPartnerThenReads() {
        String locale = "x" + (char) ('a' + (int) (Math.random() * 26)) + "_ZZ";
        asSuperSupport().body(email("API_ALERT", locale, "Alert on {marketplaceName}", "<p>alert</p>"))
                .post(BASE + "/default/email").then().statusCode(201).body(emptyString());
        asSuperSupport().queryParam("locale", locale).get(BASE + "/default/email/API_ALERT").then().statusCode(200)
                .body("subject", equalTo("Alert on {marketplaceName}")).body("partner", nullValue());
        as("any" + partner, Roles.PARTNER_READ).queryParam("locale", locale).get(BASE + "/email/API_ALERT").then()
                .statusCode(200).body("defaultTemplate", equalTo(true));
        asSuperSupport().body(email("API_ALERT", locale, "Updated", "<p>alert</p>"))
                .post(BASE + "/default/email").then().statusCode(201);
        asSuperSupport().queryParam("locale", locale).get(BASE + "/default/email/API_ALERT").then().statusCode(200)
                .body("subject", equalTo("Updated"));
        asSuperSupport().body(Map.of("type", "UNSUBSCRIBE", "locale", locale, "content", "<p>default bye</p>"))
                .post(BASE + "/default/common/email").then().statusCode(201);
        asSuperSupport().queryParam("locale", locale).get(BASE + "/default/common/email/UNSUBSCRIBE").then().statusCode(200)
                .body("content", equalTo("<p>default bye</p>"));
        asSuperSupport().body(Map.of("type", "UNSUBSCRIBE", "content", "<p>x</p>")).post(BASE + "/default/common/email")
                .then().statusCode(400).body("message", containsString("locale"));
        asSuperSupport().body(email("API_ALERT", locale, "", "c")).post(BASE + "/default/email")
                .then().statusCode(400).body("message", containsString("subject"));
        // a partner template is not a default template: the default API does not update it by id
        int partnerTemplate = asPartner().body(email("CUSTOM_AD_HOC", "en", "mine", "mine")).post(BASE + "/email").then()
                .statusCode(200).extract().path("id");
        Map<String, Object> byId = email("CUSTOM_AD_HOC", "en", "hijack", "x");
        byId.put("id", partnerTemplate);
        asSuperSupport().body(byId).post(BASE + "/default/email").then().statusCode(404);
    }

    @Test
    void rolesOfTheChannelTemplatesApi() {
        as(partner, Roles.PARTNER_READ).get(BASE + "/email/INVITE_USER").then().statusCode(200);
        as(partner, Roles.PARTNER_READ).body(email("NEW_USER", "en", "s", "c")).post(BASE + "/email").then().statusCode(403);
        as(partner, Roles.CHANNEL_ADMIN).body(email("NEW_USER", "it", "s", "c")).post(BASE + "/email").then().statusCode(200);
        as(partner, Roles.USER).get(BASE).then().statusCode(403);
        given().get(BASE + "/parameters/INVITE_USER").then().statusCode(403);
        given().contentType(ContentType.JSON).body(email("NEW_USER", "en", "s", "c")).post(BASE + "/email").then().statusCode(403);
    }
}
