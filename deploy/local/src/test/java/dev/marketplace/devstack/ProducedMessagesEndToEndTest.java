package dev.marketplace.devstack;

import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;

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
        long product = LeadSteps.leadGenProduct(client, "Produced Leads " + run);
        String resellerEmail = "sales-" + run + "@produced.e2e.example";
        String[] reseller = LeadSteps.company(client, "Reseller " + run, true, "ROLE_RESELLER", resellerEmail);
        String[] managers = LeadSteps.company(client, "Channel Team " + run, false, "ROLE_RESELLER_MANAGER",
                "team-" + run + "@e2e.example");
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
        LeadSteps.post(client, "/api/lead/v2/conversionRequest?" + asReseller + "&leadId=" + lead).then().statusCode(200);
        LeadSteps.post(client, "/api/lead/v2/conversionApproval?" + asManager + "&leadId=" + lead).then().statusCode(200)
                .body("lead.status", equalTo("CONVERSION_APPROVED"));
        String accepted = text(LeadSteps.awaitMail(resellerEmail, "Conversion approved: " + customer, 90_000));
        assertTrue(accepted.contains(lead) && accepted.contains("Reseller " + run) && accepted.contains("Pia Prospect")
                && accepted.contains("Produced Leads " + run), accepted);
        assertTrue(!accepted.contains("{"), "placeholders are rendered: " + accepted);

        LeadSteps.post(client, "/api/lead/v2/conversion?" + asReseller + "&leadId=" + lead).then().statusCode(200)
                .body("lead.result", equalTo("WON"));
        String won = text(LeadSteps.awaitMail(resellerEmail, "Lead won: " + customer, 90_000));
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

        MimeMessage mail = LeadSteps.awaitMail(buyerEmail, "Votre abonnement à Tableur " + run + " a été modifié", 90_000);
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


}
