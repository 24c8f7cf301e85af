package dev.marketplace.billing.paymentmethod;

import static dev.marketplace.billing.BillingFixtures.as;
import static dev.marketplace.billing.BillingFixtures.asPartner;
import static dev.marketplace.billing.BillingFixtures.newPartner;
import static dev.marketplace.billing.BillingFixtures.paymentMethods;
import static dev.marketplace.billing.BillingFixtures.sql;
import static dev.marketplace.billing.BillingFixtures.token;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasSize;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.UUID;

import org.junit.jupiter.api.Test;

import dev.marketplace.billing.FakeAccount;
import dev.marketplace.billing.PaymentGatewayResource;
import dev.marketplace.common.security.Roles;
import dev.marketplace.testkit.InternalTokens;
import dev.marketplace.testkit.SandboxPaymentGateway;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;

/** Cards on file: registered by provider token, listed, made default, removed; who may; nothing but the provider's view kept. */
@QuarkusTest
class PaymentMethodApiTest {
    private final String partner = newPartner();
    private final UUID company = UUID.randomUUID();
    private final UUID user = UUID.randomUUID();

    private String path() {
        FakeAccount.buyer(partner, company, user);
        return paymentMethods(company, user);
    }

    @Test
    void aTokenBecomesACardOnFileAndTheFirstIsTheDefault() {
        String path = path();
        String token = token(SandboxPaymentGateway.APPROVED);
        var created = asPartner(partner).body(Map.of("token", token)).post(path).then().statusCode(201)
                .header("Location", containsString(path + "/"));
        JsonPath first = created
                .body("type", equalTo("CREDIT_CARD")).body("brand", equalTo("visa")).body("last4", equalTo("4242"))
                .body("expirationMonth", equalTo(12)).body("expirationYear", equalTo(2099)).body("default", equalTo(true))
                .body("links[0].rel", equalTo("self")).extract().jsonPath();
        String id = first.getString("id");
        assertTrue(created.extract().header("Location").endsWith(path + "/" + id));
        assertTrue(first.getLong("createdOn") > 0);
        // a token is used once
        asPartner(partner).body(Map.of("token", token)).post(path).then().statusCode(400)
                .body("message", startsWithToken());
        // a second card is not the default unless asked
        String second = asPartner(partner).body(Map.of("token", token(SandboxPaymentGateway.APPROVED_MASTERCARD))).post(path)
                .then().statusCode(201).body("default", equalTo(false)).body("brand", equalTo("mastercard"))
                .body("last4", equalTo("4444")).extract().path("id");
        asPartner(partner).get(path).then().statusCode(200).body("$", hasSize(2)).body("[0].id", equalTo(second))
                .body("[1].id", equalTo(id)).body("[1].default", equalTo(true));
        asPartner(partner).get(path + "/" + second).then().statusCode(200).body("last4", equalTo("4444"));

        // another is made the default: one default
        asPartner(partner).body(Map.of("default", true)).patch(path + "/" + second).then().statusCode(200)
                .body("default", equalTo(true));
        asPartner(partner).get(path + "/" + id).then().body("default", equalTo(false));
        asPartner(partner).body(Map.of("default", false)).patch(path + "/" + id).then().statusCode(400)
                .body("message", containsString("default: can only be set to true"));
        asPartner(partner).body(Map.of()).patch(path + "/" + id).then().statusCode(400)
                .body("message", containsString("default: is required"));

        // a third, made default at once; removing the default makes the newest other card the default
        String third = asPartner(partner).body(Map.of("token", token(SandboxPaymentGateway.DECLINED), "default", true)).post(path)
                .then().statusCode(201).body("default", equalTo(true)).extract().path("id");
        asPartner(partner).get(path + "/" + second).then().body("default", equalTo(false));
        String providerId = providerMethodId(third);
        asPartner(partner).delete(path + "/" + third).then().statusCode(204);
        assertTrue(PaymentGatewayResource.gateway().detached().contains(providerId), "detached at the provider");
        asPartner(partner).get(path + "/" + third).then().statusCode(404);
        asPartner(partner).get(path).then().body("$", hasSize(2)).body("[0].id", equalTo(second))
                .body("[0].default", equalTo(true));
        asPartner(partner).delete(path + "/" + third).then().statusCode(404);

        // only what the provider said is kept: its id, brand, last four, expiry
        assertEquals(0, sql("select count(*) from payment_method where partner = ? and provider_method_id not like 'pm_%'",
                partner));
        assertEquals(0, sql("select count(*) from information_schema.columns where table_name = 'payment_method' "
                + "and (column_name like '%token%' or column_name like '%number%' or column_name like '%cvc%')"));
    }

    private static org.hamcrest.Matcher<String> startsWithToken() {
        return org.hamcrest.Matchers.startsWith("token: was refused by the payment provider");
    }

    private String providerMethodId(String id) {
        var config = org.eclipse.microprofile.config.ConfigProvider.getConfig();
        try (var c = java.sql.DriverManager.getConnection(config.getValue("quarkus.datasource.jdbc.url", String.class),
                config.getValue("quarkus.datasource.username", String.class),
                config.getValue("quarkus.datasource.password", String.class));
                var q = c.prepareStatement("select provider_method_id from payment_method where id = ?")) {
            q.setObject(1, UUID.fromString(id));
            try (var rs = q.executeQuery()) {
                rs.next();
                return rs.getString(1);
            }
        } catch (java.sql.SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    @Test
    void badTokensAreRefusedNamingTheFieldAndStoreNothing() {
        String path = path();
        asPartner(partner).body(Map.of("token", "tok_unknown")).post(path).then().statusCode(400)
                .body("code", equalTo("INVALID_FIELD")).body("message", startsWithToken());
        asPartner(partner).body(Map.of()).post(path).then().statusCode(400).body("message", containsString("token: is required"));
        asPartner(partner).body(Map.of("token", "tok with spaces")).post(path).then().statusCode(400)
                .body("message", containsString("token: must be a token of the payment provider"));
        asPartner(partner).body(Map.of("token", "tok_x", "number", "4242424242424242")).post(path).then().statusCode(400)
                .body("message", containsString("number"));
        asPartner(partner).body(Map.of("token", token(SandboxPaymentGateway.APPROVED), "default", "yes")).post(path).then()
                .statusCode(400);
        asPartner(partner).get(path).then().statusCode(200).body("$", hasSize(0));
        asPartner(partner).get(path + "/not-a-uuid").then().statusCode(400).body("message", containsString("id"));
    }

    @Test
    void theUserTheirAdministratorsAndTheChannelMayOthersMayNot() {
        String path = path();
        String own = InternalTokens.bearerAsUser(partner, user, Roles.USER);
        String id = as(own).body(Map.of("token", token(SandboxPaymentGateway.APPROVED))).post(path).then().statusCode(201)
                .extract().path("id");
        as(own).get(path).then().statusCode(200).body("$", hasSize(1));

        UUID admin = UUID.randomUUID();
        FakeAccount.member(company, admin, true, "ROLE_BILLING_ADMIN");
        as(InternalTokens.bearerAsUser(partner, admin, Roles.USER)).get(path + "/" + id).then().statusCode(200);
        as(InternalTokens.bearerAsUser(partner, admin, Roles.USER)).body(Map.of("default", true)).patch(path + "/" + id)
                .then().statusCode(200);

        UUID colleague = UUID.randomUUID();
        FakeAccount.member(company, colleague, true, "ROLE_USER");
        String other = InternalTokens.bearerAsUser(partner, colleague, Roles.USER);
        as(other).get(path).then().statusCode(403);
        as(other).get(path + "/" + id).then().statusCode(403);
        as(other).body(Map.of("token", token(SandboxPaymentGateway.APPROVED))).post(path).then().statusCode(403);
        as(other).delete(path + "/" + id).then().statusCode(403);
        String reader = InternalTokens.bearer(partner, Roles.PARTNER_READ);
        as(reader).get(path).then().statusCode(200).body("$", hasSize(1));
        as(reader).body(Map.of("token", token(SandboxPaymentGateway.APPROVED))).post(path).then().statusCode(403);
        as(reader).delete(path + "/" + id).then().statusCode(403);

        // another marketplace: the company, its user and the card are unknown there (the 404 of an unknown one)
        String elsewhere = InternalTokens.bearer(newPartner(), Roles.PARTNER);
        as(elsewhere).get(path).then().statusCode(404).body("message", containsString("Company"));
        as(elsewhere).get(path + "/" + id).then().statusCode(404);
        as(elsewhere).delete(path + "/" + id).then().statusCode(404);
        asPartner(partner).get(paymentMethods(UUID.randomUUID(), user)).then().statusCode(404)
                .body("message", containsString("Company"));
        asPartner(partner).get(paymentMethods(company, UUID.randomUUID())).then().statusCode(404)
                .body("message", containsString("User"));
        // a card of another user of the company is not this user's
        asPartner(partner).get(paymentMethods(company, colleague) + "/" + id).then().statusCode(404);
        asPartner(partner).get(path + "/" + UUID.randomUUID()).then().statusCode(404);
        as(own).get(path).then().body("$", hasSize(1));
        as(own).delete(path + "/" + id).then().statusCode(204);
        as(own).get(path).then().body("$", hasSize(0));
        List<String> detached = PaymentGatewayResource.gateway().detached();
        assertTrue(!detached.isEmpty());
    }
}
