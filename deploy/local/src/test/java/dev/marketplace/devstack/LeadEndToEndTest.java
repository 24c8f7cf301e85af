package dev.marketplace.devstack;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.UUID;

import org.junit.jupiter.api.Test;

import com.icegreen.greenmail.util.GreenMailUtil;

import io.restassured.http.ContentType;

/**
 * A sales lead from a product's "contact us" form, unsigned, through to a real company: the gateway lets the unsigned
 * PRODUCT lead through, lead-service checks the product in catalog-service and notifies the sales managers by email
 * (outbox → Kafka → notification-service → SMTP); a reseller manager assigns it to a reseller, the reseller asks to
 * convert it, the manager approves, the reseller converts it, and the company and its first user exist in
 * account-service's companies API. The reseller is told of the assignment and the managers of the conversion by email.
 */
class LeadEndToEndTest {
    /** lead-service's sales-manager address in the devstack profile. */
    private static final String MANAGERS = "leads@marketplace.localhost";
    private final GatewayClient client = GatewayClient.bootstrapConsumer();

    @Test
    void contactFormLeadIsAssignedApprovedAndConvertedIntoARealCompany() throws Exception {
        String run = UUID.randomUUID().toString().substring(0, 8);
        long product = LeadSteps.leadGenProduct(client, "Lead Magnet " + run);
        String resellerEmail = "sales-" + run + "@reseller.e2e.example";
        String[] reseller = LeadSteps.company(client, "Reseller " + run, true, "ROLE_RESELLER", resellerEmail);
        String[] managers = LeadSteps.company(client, "Channel Team " + run, false, "ROLE_RESELLER_MANAGER",
                "team-" + run + "@e2e.example");

        // the contact form: no credentials at all
        String customer = "Prospect " + run;
        String contact = "prospect-" + run + "@e2e.example";
        String lead = given().contentType(ContentType.JSON)
                .body(Map.of("partner", DevStack.PARTNER, "leadType", "PRODUCT", "product", Map.of("id", String.valueOf(product)),
                        "customer", Map.of("company", Map.of("name", customer, "country", "US"),
                                "contact", Map.of("firstName", "Pia", "lastName", "Prospect", "email", contact))))
                .post(client.url("/api/lead/v2/leads?context=ANONYMOUS")).then().statusCode(201)
                .body("status", equalTo("SUBMITTED")).body("profileProduct.name", equalTo("Lead Magnet " + run))
                .extract().path("id");
        // the same form asking for a MANUAL lead, or any other unsigned call, is refused
        given().contentType(ContentType.JSON).body(Map.of("partner", DevStack.PARTNER, "leadType", "MANUAL",
                "customer", Map.of("company", Map.of("name", customer), "contact", Map.of("email", contact))))
                .post(client.url("/api/lead/v2/leads?context=ANONYMOUS")).then().statusCode(403);
        given().get(client.url("/api/lead/v2/leads/" + lead + "?context=ANONYMOUS&companyId=" + reseller[0])).then()
                .statusCode(403);

        // its own SALES_LEAD_CREATED, or, when another contact form wrote to the managers within the interval
        // (Suite.LEAD), the digest that lists it when the interval ends
        Messages.await("the managers' message naming lead " + lead, () -> java.util.stream.Stream.of("SALES_LEAD_CREATED",
                "SALES_LEAD_DIGEST").flatMap(type -> Messages.emails(MANAGERS, type).stream())
                .filter(m -> m.text().contains(lead) && m.text().contains(contact)).findFirst().orElse(null));

        String asManager = "context=RESELLER_MANAGER&companyId=" + managers[0] + "&xoauth_requestor_id=" + managers[1];
        String asReseller = "context=RESELLER&companyId=" + reseller[0] + "&xoauth_requestor_id=" + reseller[1];
        client.signed("POST", "/api/lead/v2/assignment?" + asManager).contentType(ContentType.JSON)
                .body(Map.of("leadId", lead, "recipient", Map.of("participantType", "COMPANY", "companyId", reseller[0])))
                .post(client.url("/api/lead/v2/assignment?" + asManager)).then().statusCode(201)
                .body("lead.status", equalTo("ASSIGNED"));
        // the reseller hears of it at its company address
        assertTrue(GreenMailUtil.getBody(LeadSteps.awaitMail(resellerEmail, customer, 90_000)).contains(lead));
        LeadSteps.post(client, "/api/lead/v2/conversion?" + asReseller + "&leadId=" + lead).then().statusCode(409);
        LeadSteps.post(client, "/api/lead/v2/conversionRequest?" + asReseller + "&leadId=" + lead).then().statusCode(200)
                .body("lead.status", equalTo("PENDING_CONVERSION_APPROVAL"));
        LeadSteps.post(client, "/api/lead/v2/conversionApproval?" + asManager + "&leadId=" + lead).then().statusCode(200)
                .body("lead.status", equalTo("CONVERSION_APPROVED"));
        String converted = LeadSteps.post(client, "/api/lead/v2/conversion?" + asReseller + "&leadId=" + lead).then().statusCode(200)
                .body("lead.status", equalTo("CONVERTED")).body("lead.convertedCompany.name", equalTo(customer))
                .extract().path("lead.convertedCompany.id");
        assertTrue(GreenMailUtil.getBody(LeadSteps.awaitMail(MANAGERS, "Lead converted: " + customer, 90_000)).contains(converted));
        // a retry converts nothing twice
        LeadSteps.post(client, "/api/lead/v2/conversion?" + asReseller + "&leadId=" + lead).then().statusCode(409);

        String path = "/api/account/v2/companies/" + converted;
        client.signed("GET", path).get(client.url(path)).then().statusCode(200)
                .body("name", equalTo(customer)).body("externalId", equalTo("lead-" + lead));
        client.signed("GET", path + "/memberships").get(client.url(path + "/memberships")).then().statusCode(200)
                .body("page.totalElements", equalTo(1)).body("content[0].user.email", equalTo(contact));
        String activities = "/api/lead/v2/leads/" + lead + "/activities?" + asManager + "&creationDateOrder=ASC";
        client.signed("GET", activities).get(client.url(activities)).then().statusCode(200)
                .body("content.verb", equalTo(List.of("LEAD_CREATED", "LEAD_ASSIGNED", "LEAD_CONVERSION_REQUESTED",
                        "LEAD_CONVERSION_APPROVED", "LEAD_CONVERTED")));
    }

    /** A company with one user holding {@code role}: [company id, user id]. */


}
