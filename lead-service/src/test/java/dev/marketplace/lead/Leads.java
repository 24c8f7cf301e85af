package dev.marketplace.lead;

import static io.restassured.RestAssured.given;

import java.util.Set;
import java.util.UUID;

import dev.marketplace.common.security.InternalToken;
import dev.marketplace.common.security.Roles;
import dev.marketplace.testkit.InternalTokens;
import io.restassured.http.ContentType;
import io.restassured.response.ValidatableResponse;
import io.restassured.specification.RequestSpecification;

/** Callers and request bodies for the lead tests. */
final class Leads {
    private Leads() {
    }

    static String partner() {
        return "LEADS-" + UUID.randomUUID().toString().substring(0, 8);
    }

    /** Channel credentials (PARTNER, CHANNEL_ADMIN, SUPER_SUPPORT authorities). */
    static RequestSpecification channel(String partner) {
        return given().header("Authorization", InternalTokens.bearer(partner, Roles.PARTNER, Roles.CHANNEL_ADMIN,
                Roles.SUPER_SUPPORT));
    }

    /** Credentials holding ROLE_PARTNER only: no Marketplace Manager authority. */
    static RequestSpecification partnerOnly(String partner) {
        return given().header("Authorization", InternalTokens.bearer(partner, Roles.PARTNER));
    }

    /** Channel credentials with ROLE_PARTNER acting as {@code user} (xoauth_requestor_id). */
    static RequestSpecification user(String partner, UUID user) {
        return given().header("Authorization", InternalTokens.bearerAsUser(partner, user, Roles.PARTNER));
    }

    /** The gateway's token for an unsigned contact form of {@code partner}. */
    static RequestSpecification anonymous(String partner) {
        return given().header("Authorization", InternalTokens.bearer(new InternalToken.Claims("anonymous", "anonymous",
                partner, Set.of(Roles.ANONYMOUS_LEAD), null, null)));
    }

    static String body(String partner, String type, String extra) {
        return "{\"partner\":\"" + partner + "\",\"leadType\":\"" + type + "\",\"customer\":{\"company\":{\"name\":\"Acme "
                + UUID.randomUUID().toString().substring(0, 6) + "\",\"country\":\"US\",\"city\":\"Miami\"},\"contact\":{"
                + "\"firstName\":\"John\",\"lastName\":\"Doe\",\"email\":\"john.doe@acme.example\",\"phone\":\"+13055555555\"}}"
                + (extra == null ? "" : "," + extra) + "}";
    }

    static String productLead(String partner, long product) {
        return body(partner, "PRODUCT", "\"product\":{\"id\":\"" + product + "\"}");
    }

    static String companyLead(String partner, UUID reseller) {
        return body(partner, "COMPANY", "\"profileCompany\":{\"id\":\"" + reseller + "\"}");
    }

    /** Creates a lead and answers its id. */
    static String create(RequestSpecification caller, String query, String body) {
        return post(caller, "/api/lead/v2/leads" + query, body).statusCode(201).extract().path("id");
    }

    static ValidatableResponse post(RequestSpecification caller, String path, String body) {
        return caller.contentType(ContentType.JSON).body(body).post(path).then();
    }
}
