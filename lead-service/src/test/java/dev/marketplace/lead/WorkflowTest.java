package dev.marketplace.lead;

import static dev.marketplace.lead.Leads.anonymous;
import static dev.marketplace.lead.Leads.channel;
import static dev.marketplace.lead.Leads.post;
import static dev.marketplace.lead.Leads.user;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.startsWith;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.UUID;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;

import dev.marketplace.testkit.DomainEvents;
import io.quarkus.test.junit.QuarkusTest;

/** Assignment, association, conversion request and approval, and a conversion that happens exactly once. */
@QuarkusTest
class WorkflowTest {
    String partner;
    UUID marketplace;
    UUID reseller;
    UUID resellerUser;
    UUID managers;
    UUID resellerManager;

    @BeforeEach
    void marketplace() {
        partner = Leads.partner();
        marketplace = StubAccount.company("Marketplace", false, false, true, null);
        reseller = StubAccount.company("Reseller A", true, false, false, "sales@reseller-a.example");
        resellerUser = StubAccount.member(reseller, "ROLE_RESELLER");
        managers = StubAccount.company("Channel partners", false, false, false, null);
        resellerManager = StubAccount.member(managers, "ROLE_RESELLER_MANAGER");
    }

    private String productLead() {
        return Leads.create(anonymous(partner), "?context=ANONYMOUS",
                Leads.productLead(partner, StubCatalog.product("Appsome", false)));
    }

    private String assignment(String lead, UUID company) {
        return "{\"leadId\":\"" + lead + "\",\"recipient\":{\"participantType\":\"COMPANY\",\"companyId\":\"" + company + "\"}}";
    }

    @Test
    void assignedRequestedApprovedConvertedOnce() throws Exception {
        String lead = productLead();
        String manager = "?context=RESELLER_MANAGER&companyId=" + managers;
        String asReseller = "?context=RESELLER&companyId=" + reseller;

        // the reseller sees nothing until the lead is assigned to it
        user(partner, resellerUser).get("/api/lead/v2/leads/" + lead + asReseller).then().statusCode(404);
        post(user(partner, resellerUser), "/api/lead/v2/assignment" + asReseller, assignment(lead, reseller)).statusCode(403);
        post(user(partner, resellerManager), "/api/lead/v2/assignment" + manager, assignment(lead, marketplace)).statusCode(400)
                .body("message", containsString("recipient.companyId: no enabled reseller company"));
        post(user(partner, resellerManager), "/api/lead/v2/assignment" + manager, assignment(lead, reseller)).statusCode(201)
                .body("lead.status", equalTo("ASSIGNED"))
                .body("lead.recipient.participantType", equalTo("COMPANY"))
                .body("lead.recipient.companyId", equalTo(reseller.toString()))
                .body("lead.recipient.companyName", equalTo("Reseller A"));
        JsonNode assigned = DomainEvents.await(e -> e.path("type").asText().equals("LEAD_ASSIGNED")
                && e.path("aggregate").path("id").asText().equals(lead), Duration.ofSeconds(20));
        JsonNode note = assigned.path("payload").path("notifications").get(0);
        assertEquals("SALES_LEAD_ASSIGNED", note.path("type").asText());
        assertEquals("sales@reseller-a.example", note.path("recipients").get(0).asText());
        user(partner, resellerUser).get("/api/lead/v2/leads/" + lead + asReseller).then().statusCode(200);

        // converting needs approval first: an illegal move names both statuses
        post(user(partner, resellerUser), "/api/lead/v2/conversion" + asReseller + "&leadId=" + lead, "").statusCode(409)
                .body("code", equalTo("ILLEGAL_TRANSITION"))
                .body("message", equalTo("status: a lead in status ASSIGNED cannot move to CONVERTED"));
        post(user(partner, resellerManager), "/api/lead/v2/conversionApproval" + manager + "&leadId=" + lead, "").statusCode(409)
                .body("message", containsString("ASSIGNED cannot move to CONVERSION_APPROVED"));
        post(user(partner, resellerManager), "/api/lead/v2/conversionRequest" + manager + "&leadId=" + lead, "").statusCode(403);
        post(user(partner, resellerUser), "/api/lead/v2/conversionRequest" + asReseller + "&leadId=" + lead, "").statusCode(200)
                .body("lead.status", equalTo("PENDING_CONVERSION_APPROVAL"));
        post(user(partner, resellerUser), "/api/lead/v2/conversionRequest" + asReseller + "&leadId=" + lead, "").statusCode(409);
        post(user(partner, resellerUser), "/api/lead/v2/conversionApproval" + asReseller + "&leadId=" + lead, "").statusCode(403);
        post(user(partner, resellerManager), "/api/lead/v2/conversionApproval" + manager + "&leadId=" + lead, "").statusCode(200)
                .body("lead.status", equalTo("CONVERSION_APPROVED"));

        // account-service creates the company, then the answer is lost: the conversion fails and nothing is recorded
        int before = StubAccount.creates();
        StubAccount.failAfterCreate();
        post(user(partner, resellerUser), "/api/lead/v2/conversion" + asReseller + "&leadId=" + lead, "").statusCode(503)
                .body("code", equalTo("ACCOUNT_UNAVAILABLE"));
        assertEquals(before + 1, StubAccount.creates());
        // the retry finds that company (same externalId) instead of creating a second one
        String company = post(user(partner, resellerUser), "/api/lead/v2/conversion" + asReseller + "&leadId=" + lead, "")
                .statusCode(200)
                .body("lead.status", equalTo("CONVERTED"))
                .body("lead.result", equalTo("WON"))
                .body("lead.convertedCompany.name", startsWith("Acme"))
                .body("lead.convertedUser.id", org.hamcrest.Matchers.notNullValue())
                .extract().path("lead.convertedCompany.id");
        assertEquals(before + 1, StubAccount.creates(), "one company for the lead, however often conversion is tried");
        JsonNode created = StubAccount.created("lead-" + lead);
        assertNotNull(created);
        assertEquals(company, created.path("uuid").asText());
        assertTrue(StubAccount.lastAuthorization().startsWith("Bearer "));
        // converted once and for all
        post(user(partner, resellerUser), "/api/lead/v2/conversion" + asReseller + "&leadId=" + lead, "").statusCode(409)
                .body("message", equalTo("status: a lead in status CONVERTED cannot move to CONVERTED"));
        assertEquals(before + 1, StubAccount.creates());

        JsonNode converted = DomainEvents.await(e -> e.path("type").asText().equals("LEAD_CONVERTED")
                && e.path("aggregate").path("id").asText().equals(lead), Duration.ofSeconds(20));
        assertEquals("LEAD_CONVERTED_ADMIN", converted.path("payload").path("notifications").get(0).path("type").asText());
        assertEquals(company, converted.path("payload").path("convertedCompany").path("id").asText());

        channel(partner).get("/api/lead/v2/leads/" + lead + "/activities?context=CHANNEL_ADMIN&companyId=" + marketplace
                + "&creationDateOrder=ASC").then().statusCode(200)
                .body("content.verb", equalTo(List.of("LEAD_CREATED", "LEAD_ASSIGNED", "LEAD_CONVERSION_REQUESTED",
                        "LEAD_CONVERSION_APPROVED", "LEAD_CONVERTED")))
                .body("content[1].actor.userId", equalTo(resellerManager.toString()))
                .body("content[1].contextCompany.id", equalTo(reseller.toString()))
                .body("content[2].actorCompany.id", equalTo(reseller.toString()))
                .body("content[4].contextCompany.id", equalTo(company));
    }

    @Test
    void anAssociatedLeadConvertsIntoThatCompanyWithoutCreatingOne() {
        String lead = productLead();
        String q = "?context=CHANNEL_ADMIN&companyId=" + marketplace;
        UUID customer = StubAccount.company("Globex", false, false, false, null);
        UUID customerUser = StubAccount.member(customer, "ROLE_SYS_ADMIN");
        post(channel(partner), "/api/lead/v2/companyAssociation" + q, "{\"leadId\":\"" + lead + "\",\"user\":{\"id\":\""
                + UUID.randomUUID() + "\",\"companyId\":\"" + customer + "\"}}").statusCode(400)
                .body("message", containsString("user.id: is not an enabled member"));
        post(channel(partner), "/api/lead/v2/companyAssociation" + q, "{\"leadId\":\"" + lead + "\"}").statusCode(400)
                .body("message", containsString("user"));
        post(channel(partner), "/api/lead/v2/companyAssociation" + q, "{\"leadId\":\"" + lead + "\",\"user\":{\"id\":\""
                + customerUser + "\",\"companyId\":\"" + customer + "\"}}").statusCode(200)
                .body("id", equalTo(lead))
                .body("status", equalTo("SUBMITTED"))
                .body("convertedCompany.id", equalTo(customer.toString()))
                .body("convertedCompany.name", equalTo("Globex"))
                .body("convertedUser.id", equalTo(customerUser.toString()))
                .body("customer.company.linked", equalTo(true));
        int before = StubAccount.creates();
        post(channel(partner), "/api/lead/v2/conversion" + q + "&leadId=" + lead, "").statusCode(200)
                .body("lead.status", equalTo("CONVERTED"))
                .body("lead.convertedCompany.id", equalTo(customer.toString()));
        assertEquals(before, StubAccount.creates());
    }

    @Test
    void discardDisqualifiesAnAssignedLeadAndEveryBadInputIsNamed() {
        String lead = productLead();
        String q = "?context=CHANNEL_ADMIN&companyId=" + marketplace;
        post(channel(partner), "/api/lead/v2/assignment" + q, "{\"recipient\":{\"participantType\":\"CHANNEL\"}}").statusCode(400)
                .body("message", containsString("leadId"));
        post(channel(partner), "/api/lead/v2/assignment" + q, "{\"leadId\":\"" + lead
                + "\",\"recipient\":{\"participantType\":\"CHANNEL\"}}").statusCode(400)
                .body("message", containsString("recipient.participantType: must be COMPANY"))
                .body("message", containsString("recipient.companyId: is required"));
        post(channel(partner), "/api/lead/v2/assignment" + q, assignment(UUID.randomUUID().toString(), reseller)).statusCode(404);
        post(channel(partner), "/api/lead/v2/conversion" + q, "").statusCode(400).body("message", equalTo("leadId: is required"));
        post(channel(partner), "/api/lead/v2/conversion" + q + "&leadId=nope", "").statusCode(400)
                .body("message", containsString("leadId"));
        post(channel(partner), "/api/lead/v2/assignment" + q, assignment(lead, reseller)).statusCode(201);
        channel(partner).delete("/api/lead/v2/leads/" + lead + q).then().statusCode(204);
        channel(partner).get("/api/lead/v2/leads/" + lead + q).then().body("status", equalTo("DISQUALIFIED"));
        post(channel(partner), "/api/lead/v2/assignment" + q, assignment(lead, reseller)).statusCode(409)
                .body("message", equalTo("status: a lead in status DISQUALIFIED cannot move to ASSIGNED"));
        channel(partner).get("/api/lead/v2/leads" + q + "&status=DISQUALIFIED").then().body("content.id", equalTo(List.of(lead)));
    }
}
