package dev.marketplace.devstack;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import jakarta.mail.Message;
import jakarta.mail.internet.MimeMessage;

import io.restassured.http.ContentType;
import io.restassured.response.Response;

/** Set-up the lead end-to-end tests share, through the gateway with the bootstrap consumer. */
final class LeadSteps {
    private LeadSteps() {
    }

    /** A lead-generation product (edition BASIC, 10 USD per user and month); its id. */
    static long leadGenProduct(GatewayClient client, String name) {
        return client.signed("POST", "/api/marketplace/v1/products").contentType(ContentType.JSON)
                .body(Map.of("name", name, "description", "Collects leads", "vendorName", "Lead Vendor Inc",
                        "editions", List.of(Map.of("code", "BASIC", "name", "Basic", "rank", 1, "primary", true,
                                "revenueType", "RECURRING", "leadGen", true, "plans", List.of(Map.of("frequency", "MONTHLY",
                                        "costs", List.of(Map.of("unit", "USER", "minUnits", 1, "amount", Map.of("USD", 10)))))))))
                .post(client.url("/api/marketplace/v1/products")).then().statusCode(201).extract().jsonPath().getLong("id");
    }

    /** A company (a reseller or not) with one user holding {@code role}: {company uuid, user uuid}. */
    static String[] company(GatewayClient client, String name, boolean reseller, String role, String email) {
        String company = client.signed("POST", "/api/account/v2/companies").contentType(ContentType.JSON)
                .body(Map.of("name", name, "countryCode", "US", "reseller", reseller, "emailAddress", email,
                        "firstUser", Map.of("email", "u-" + UUID.randomUUID() + "@e2e.example", "firstName", "Una",
                                "roles", List.of(role))))
                .post(client.url("/api/account/v2/companies")).then().statusCode(201).extract().path("uuid");
        String memberships = "/api/account/v2/companies/" + company + "/memberships";
        String user = client.signed("GET", memberships).get(client.url(memberships)).then().statusCode(200)
                .extract().path("content[0].user.uuid");
        return new String[] {company, user};
    }

    /** A signed POST without a body. */
    static Response post(GatewayClient client, String pathAndQuery) {
        return client.signed("POST", pathAndQuery).post(client.url(pathAndQuery));
    }

    /** The first email to {@code recipient} whose subject contains {@code subjectPart}, waiting for it. */
    static MimeMessage awaitMail(String recipient, String subjectPart, long timeoutMillis) throws Exception {
        long deadline = System.currentTimeMillis() + timeoutMillis;
        while (System.currentTimeMillis() < deadline) {
            for (MimeMessage m : Suite.stack().mail().getReceivedMessages()) {
                if (Arrays.stream(m.getRecipients(Message.RecipientType.TO)).anyMatch(a -> a.toString().contains(recipient))
                        && m.getSubject() != null && m.getSubject().contains(subjectPart)) {
                    return m;
                }
            }
            Thread.sleep(500);
        }
        throw new AssertionError("no email to " + recipient + " about " + subjectPart + " within " + timeoutMillis + " ms");
    }
}
