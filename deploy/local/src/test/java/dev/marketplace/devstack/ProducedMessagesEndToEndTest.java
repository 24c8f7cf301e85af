package dev.marketplace.devstack;

import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import jakarta.mail.Message;
import jakarta.mail.internet.MimeMessage;

import org.junit.jupiter.api.Test;

import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;

/**
 * Issue 45, the messages billing-service and lead-service produce, through the gateway to the SMTP server: a lead's
 * conversion request approved (SALES_LEAD_ACCEPTED) and the lead converted (SALES_LEAD_WON) reach the reseller it is
 * assigned to; an edition change the SDK vendor accepts reaches its French-speaking buyer as SUBSCRIPTION_UPGRADE in
 * French. Each with its parameters filled (lead-service / billing-service → outbox → Kafka → notification-service → SMTP).
 */
class ProducedMessagesEndToEndTest {
    private final GatewayClient client = GatewayClient.bootstrapConsumer();

    @Test
    void aLeadAcceptedAndWonReachesItsReseller() throws Exception {
        String run = UUID.randomUUID().toString().substring(0, 8);
        long product = client.signed("POST", "/api/marketplace/v1/products").contentType(ContentType.JSON)
                .body(Map.of("name", "Produced Leads " + run, "description", "Collects leads", "vendorName", "Lead Vendor",
                        "editions", List.of(Map.of("code", "BASIC", "name", "Basic", "rank", 1, "primary", true,
                                "revenueType", "RECURRING", "leadGen", true, "plans", List.of(Map.of("frequency", "MONTHLY",
                                        "costs", List.of(Map.of("unit", "USER", "minUnits", 1, "amount", Map.of("USD", 10)))))))))
                .post(client.url("/api/marketplace/v1/products")).then().statusCode(201).extract().jsonPath().getLong("id");
        String resellerEmail = "sales-" + run + "@produced.e2e.example";
        String[] reseller = company("Reseller " + run, true, "ROLE_RESELLER", resellerEmail);
        String[] managers = company("Channel Team " + run, false, "ROLE_RESELLER_MANAGER", "team-" + run + "@e2e.example");
        String customer = "Prospect " + run;
        String lead = io.restassured.RestAssured.given().contentType(ContentType.JSON)
                .body(Map.of("partner", DevStack.PARTNER, "leadType", "PRODUCT", "product", Map.of("id", String.valueOf(product)),
                        "customer", Map.of("company", Map.of("name", customer, "country", "US"),
                                "contact", Map.of("firstName", "Pia", "lastName", "Prospect", "email",
                                        "prospect-" + run + "@e2e.example"))))
                .post(client.url("/api/lead/v2/leads?context=ANONYMOUS")).then().statusCode(201).extract().path("id");

        String asManager = "context=RESELLER_MANAGER&companyId=" + managers[0] + "&xoauth_requestor_id=" + managers[1];
        String asReseller = "context=RESELLER&companyId=" + reseller[0] + "&xoauth_requestor_id=" + reseller[1];
        client.signed("POST", "/api/lead/v2/assignment?" + asManager).contentType(ContentType.JSON)
                .body(Map.of("leadId", lead, "recipient", Map.of("participantType", "COMPANY", "companyId", reseller[0])))
                .post(client.url("/api/lead/v2/assignment?" + asManager)).then().statusCode(201);
        post("/api/lead/v2/conversionRequest?" + asReseller + "&leadId=" + lead).then().statusCode(200);
        post("/api/lead/v2/conversionApproval?" + asManager + "&leadId=" + lead).then().statusCode(200)
                .body("lead.status", equalTo("CONVERSION_APPROVED"));
        String accepted = text(awaitMail(resellerEmail, "Conversion approved: " + customer));
        assertTrue(accepted.contains(lead) && accepted.contains("Reseller " + run) && accepted.contains("Pia Prospect")
                && accepted.contains("Produced Leads " + run), accepted);
        assertTrue(!accepted.contains("{"), "placeholders are rendered: " + accepted);

        post("/api/lead/v2/conversion?" + asReseller + "&leadId=" + lead).then().statusCode(200)
                .body("lead.result", equalTo("WON"));
        String won = text(awaitMail(resellerEmail, "Lead won: " + customer));
        assertTrue(won.contains(lead) && won.contains("is now a customer") && won.contains("Reseller " + run), won);
    }

    @Test
    void anEditionChangeReachesItsBuyerInFrench() throws Exception {
        VendorApp vendor = VendorApp.get();
        String run = UUID.randomUUID().toString().substring(0, 8);
        JsonPath product = BillingSteps.sdkProduct(client, vendor, Map.of("name", "Tableur " + run,
                "description", "Changes editions", "vendorName", "SDK Vendor Inc",
                "editions", List.of(edition("BASIC", "Basique", true), edition("PREMIUM", "Premium", false))),
                "SUBSCRIPTION_ORDER", "SUBSCRIPTION_CANCEL", "SUBSCRIPTION_CHANGE");
        String buyerEmail = "acheteur-" + run + "@e2e.example";
        BillingSteps.Buyer buyer = BillingSteps.company(client, "Acheteur SARL " + run, "produced-" + run, buyerEmail,
                "Élodie", "Achat");
        String orders = "/api/billing/v1/companies/" + buyer.companyUuid() + "/users/" + buyer.userUuid() + "/subscriptions";
        String subscription = client.signed("POST", orders).contentType(ContentType.JSON)
                .body(Map.of("productId", product.getLong("id"), "editionId", product.getLong("editions[0].id"),
                        "items", List.of(Map.of("unit", "USER", "quantity", 2)),
                        "company", Map.of("name", "Acheteur SARL " + run, "country", "FR"),
                        "user", Map.of("email", buyerEmail, "firstName", "Élodie", "locale", "fr_FR")))
                .post(client.url(orders)).then().statusCode(201).extract().path("id");
        String path = "/api/billing/v1/subscriptions/" + subscription;
        awaitStatus(path, "ACTIVE", null);
        client.signed("PUT", path).contentType(ContentType.JSON).body(Map.of("editionId", product.getLong("editions[1].id")))
                .put(client.url(path)).then().statusCode(202);
        awaitStatus(path, "ACTIVE", "PREMIUM");

        MimeMessage mail = awaitMail(buyerEmail, "Votre abonnement à Tableur " + run + " a été modifié");
        String body = text(mail);
        assertTrue(body.contains("Bonjour Élodie"), body);
        assertTrue(body.contains("Basique") && body.contains("Premium") && body.contains("Acheteur SARL " + run), body);
        assertTrue(!body.contains("{"), "placeholders are rendered: " + body);
    }

    /** The message's text, decoded (the French one is not plain ASCII on the wire). */
    private static String text(MimeMessage m) throws Exception {
        Object content = m.getContent();
        if (content instanceof jakarta.mail.Multipart multipart) {
            StringBuilder all = new StringBuilder();
            for (int i = 0; i < multipart.getCount(); i++) {
                all.append(multipart.getBodyPart(i).getContent());
            }
            return all.toString();
        }
        return String.valueOf(content);
    }

    private static Map<String, Object> edition(String code, String name, boolean primary) {
        return Map.of("code", code, "name", name, "rank", primary ? 1 : 2, "primary", primary, "revenueType", "RECURRING",
                "plans", List.of(Map.of("frequency", "MONTHLY", "costs", List.of(Map.of("unit", "USER", "minUnits", 1,
                        "maxUnits", 100, "amount", Map.of("USD", 10))))));
    }

    /** Until the subscription has {@code status} (and, when given, {@code editionCode}). */
    private void awaitStatus(String path, String status, String editionCode) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(90).toNanos();
        JsonPath current = null;
        while (System.nanoTime() < deadline) {
            current = client.signed("GET", path).get(client.url(path)).then().statusCode(200).extract().jsonPath();
            if (status.equals(current.getString("status"))
                    && (editionCode == null || editionCode.equals(current.getString("editionCode")))) {
                return;
            }
            Thread.sleep(250);
        }
        throw new AssertionError(path + " is not " + status + "/" + editionCode + ": " + (current == null ? "" : current.prettify()));
    }

    /** A company with one user holding {@code role}: [company id, user id]. */
    private String[] company(String name, boolean reseller, String role, String email) {
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

    private io.restassured.response.Response post(String pathAndQuery) {
        return client.signed("POST", pathAndQuery).post(client.url(pathAndQuery));
    }

    private static MimeMessage awaitMail(String recipient, String subjectPart) throws Exception {
        long deadline = System.currentTimeMillis() + 90_000;
        while (System.currentTimeMillis() < deadline) {
            for (MimeMessage m : Suite.stack().mail().getReceivedMessages()) {
                if (Arrays.stream(m.getRecipients(Message.RecipientType.TO)).anyMatch(a -> a.toString().contains(recipient))
                        && m.getSubject() != null && m.getSubject().contains(subjectPart)) {
                    return m;
                }
            }
            Thread.sleep(500);
        }
        throw new AssertionError("no email to " + recipient + " about " + subjectPart + " within 90 s");
    }
}
