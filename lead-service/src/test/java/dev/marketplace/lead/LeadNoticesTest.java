package dev.marketplace.lead;

import static dev.marketplace.lead.Leads.anonymous;
import static dev.marketplace.lead.Leads.channel;
import static dev.marketplace.lead.Leads.post;
import static dev.marketplace.lead.Leads.user;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;

import dev.marketplace.testkit.DomainEvents;
import io.quarkus.test.junit.QuarkusTest;

/**
 * Issue 45: the lead transitions tell the people concerned, through the lead's outbox event (README, "Events and
 * notifications"): a conversion request approved (SALES_LEAD_ACCEPTED), denied (SALES_LEAD_DENIED), a lead won
 * (SALES_LEAD_WON) or lost (SALES_LEAD_LOST) reach the assignee's address and, as it has a phone number, its phone;
 * manual leads of a reseller or a developer and leads referred to a reseller have their own types. Refusals and moves
 * nobody else needs to hear of carry none.
 */
@QuarkusTest
class LeadNoticesTest {
    private static final Duration WAIT = Duration.ofSeconds(20);
    private static final String MANAGERS = "leads@test.example"; // %test LEAD_MANAGER_EMAILS

    String partner;
    UUID marketplace;
    UUID reseller;
    UUID resellerUser;
    String resellerPhone;
    String resellerEmail;

    @BeforeEach
    void marketplace() {
        partner = Leads.partner();
        marketplace = StubAccount.company("Marketplace", false, false, true, null);
        resellerEmail = "sales-" + UUID.randomUUID().toString().substring(0, 6) + "@reseller-b.example";
        resellerPhone = "+1555" + (1_000_000 + (int) (Math.random() * 8_999_999));
        reseller = StubAccount.company("Reseller B", true, resellerEmail, resellerPhone);
        resellerUser = StubAccount.member(reseller, "ROLE_RESELLER");
    }

    private String manager() {
        return "?context=CHANNEL_ADMIN&companyId=" + marketplace;
    }

    private String asReseller() {
        return "?context=RESELLER&companyId=" + reseller;
    }

    /** A product lead assigned to the reseller, whose conversion the reseller asked for. */
    private String leadPendingApproval() {
        String lead = Leads.create(anonymous(partner), "?context=ANONYMOUS",
                Leads.productLead(partner, StubCatalog.product("Appsome", false)));
        post(channel(partner), "/api/lead/v2/assignment" + manager(), "{\"leadId\":\"" + lead
                + "\",\"recipient\":{\"participantType\":\"COMPANY\",\"companyId\":\"" + reseller + "\"}}").statusCode(201);
        post(user(partner, resellerUser), "/api/lead/v2/conversionRequest" + asReseller() + "&leadId=" + lead, "")
                .statusCode(200);
        return lead;
    }

    private static JsonNode event(String type, String lead) {
        return DomainEvents.await(e -> e.path("type").asText().equals(type)
                && e.path("aggregate").path("id").asText().equals(lead), WAIT);
    }

    private static List<JsonNode> notes(JsonNode event) {
        List<JsonNode> all = new ArrayList<>();
        event.path("payload").path("notifications").forEach(all::add);
        return all;
    }

    /** The email and the SMS of {@code type} to the reseller, with the lead's parameters. */
    private void assertToReseller(List<JsonNode> notes, String type, String lead) {
        List<JsonNode> ofType = notes.stream().filter(n -> type.equals(n.path("type").asText())).toList();
        assertEquals(2, ofType.size(), notes.toString());
        assertEquals("EMAIL", ofType.get(0).path("channel").asText());
        assertEquals(List.of(resellerEmail), List.of(ofType.get(0).path("recipients").get(0).asText()));
        assertEquals(1, ofType.get(0).path("recipients").size());
        assertEquals("SMS", ofType.get(1).path("channel").asText());
        assertEquals(resellerPhone, ofType.get(1).path("recipients").get(0).asText());
        for (JsonNode n : ofType) {
            JsonNode p = n.path("parameters");
            assertEquals(lead, p.path("leadId").asText());
            assertEquals("Reseller B", p.path("recipientName").asText());
            assertEquals("Appsome", p.path("productName").asText());
            assertEquals("John Doe", p.path("contactName").asText());
            assertEquals("john.doe@acme.example", p.path("contactEmail").asText());
            assertTrue(p.path("companyName").asText().startsWith("Acme "), p.toString());
        }
    }

    @Test
    void anApprovedRequestIsAcceptedAndTheConversionWon() {
        String lead = leadPendingApproval();
        assertEquals(List.of(), notes(event("LEAD_CONVERSION_REQUESTED", lead)), "the request itself tells nobody");
        // a refused approval (the reseller is no manager) changes nothing and tells nobody
        post(user(partner, resellerUser), "/api/lead/v2/conversionApproval" + asReseller() + "&leadId=" + lead, "")
                .statusCode(403);
        post(channel(partner), "/api/lead/v2/conversionApproval" + manager() + "&leadId=" + lead, "").statusCode(200)
                .body("lead.status", equalTo("CONVERSION_APPROVED"));
        JsonNode approved = event("LEAD_CONVERSION_APPROVED", lead);
        assertEquals(2, notes(approved).size(), notes(approved).toString());
        assertToReseller(notes(approved), "SALES_LEAD_ACCEPTED", lead);

        post(user(partner, resellerUser), "/api/lead/v2/conversion" + asReseller() + "&leadId=" + lead, "").statusCode(200)
                .body("lead.result", equalTo("WON"));
        List<JsonNode> converted = notes(event("LEAD_CONVERTED", lead));
        assertEquals("LEAD_CONVERTED_ADMIN", converted.get(0).path("type").asText());
        assertEquals(MANAGERS, converted.get(0).path("recipients").get(0).asText());
        assertEquals(3, converted.size(), converted.toString());
        assertToReseller(converted, "SALES_LEAD_WON", lead);
    }

    @Test
    void disqualifyingARequestDeniesItAndAnyOtherAssignedLeadIsLost() {
        String pending = leadPendingApproval();
        channel(partner).delete("/api/lead/v2/leads/" + pending + manager()).then().statusCode(204);
        List<JsonNode> denied = notes(event("LEAD_DISQUALIFIED", pending));
        assertEquals(2, denied.size(), denied.toString());
        assertToReseller(denied, "SALES_LEAD_DENIED", pending);

        String assigned = Leads.create(anonymous(partner), "?context=ANONYMOUS",
                Leads.productLead(partner, StubCatalog.product("Appsome", false)));
        post(channel(partner), "/api/lead/v2/assignment" + manager(), "{\"leadId\":\"" + assigned
                + "\",\"recipient\":{\"participantType\":\"COMPANY\",\"companyId\":\"" + reseller + "\"}}").statusCode(201);
        // the reseller disqualifies the lead assigned to it: lost
        user(partner, resellerUser).delete("/api/lead/v2/leads/" + assigned + asReseller()).then().statusCode(204);
        List<JsonNode> lost = notes(event("LEAD_DISQUALIFIED", assigned));
        assertEquals(2, lost.size(), lost.toString());
        assertToReseller(lost, "SALES_LEAD_LOST", assigned);
        // disqualified a second time: 409, and no second message
        user(partner, resellerUser).delete("/api/lead/v2/leads/" + assigned + asReseller()).then().statusCode(409);

        // a lead nobody was assigned: disqualified by the managers themselves, nobody to tell
        String unassigned = Leads.create(anonymous(partner), "?context=ANONYMOUS",
                Leads.productLead(partner, StubCatalog.product("Appsome", false)));
        channel(partner).delete("/api/lead/v2/leads/" + unassigned + manager()).then().statusCode(204);
        assertEquals(List.of(), notes(event("LEAD_DISQUALIFIED", unassigned)));
    }

    @Test
    void manualLeadsOfResellersAndDevelopersAndReferredLeadsHaveTheirOwnTypes() {
        String own = Leads.create(user(partner, resellerUser), asReseller(), Leads.body(partner, "MANUAL", null));
        List<JsonNode> byReseller = notes(event("LEAD_CREATED", own));
        assertEquals(1, byReseller.size(), byReseller.toString());
        assertEquals("LEAD_MANUAL_CREATED_RESELLER", byReseller.get(0).path("type").asText());
        assertEquals(MANAGERS, byReseller.get(0).path("recipients").get(0).asText());
        assertEquals("Reseller B", byReseller.get(0).path("parameters").path("creatorName").asText());
        assertEquals(own, byReseller.get(0).path("parameters").path("leadId").asText());
        // the reseller deletes its own lead: nobody else saw it, nobody is told
        user(partner, resellerUser).delete("/api/lead/v2/leads/" + own + asReseller()).then().statusCode(204);
        assertEquals(List.of(), notes(event("LEAD_DELETED", own)));

        UUID vendor = StubAccount.company("Vendor Co", false, false, false, null);
        UUID developer = StubAccount.member(vendor, "ROLE_DEVELOPER");
        String byDeveloper = Leads.create(user(partner, developer), "?context=DEVELOPER&companyId=" + vendor,
                Leads.body(partner, "MANUAL", null));
        List<JsonNode> developerNotes = notes(event("LEAD_CREATED", byDeveloper));
        assertEquals(1, developerNotes.size(), developerNotes.toString());
        assertEquals("LEAD_MANUAL_CREATED_DEVELOPER", developerNotes.get(0).path("type").asText());
        assertEquals("Vendor Co", developerNotes.get(0).path("parameters").path("creatorName").asText());

        // a customer's lead from the reseller's profile: the managers hear of a new lead, the reseller of a referral
        String referred = Leads.create(anonymous(partner), "?context=ANONYMOUS", Leads.companyLead(partner, reseller));
        List<JsonNode> created = notes(event("LEAD_CREATED", referred));
        assertEquals("SALES_LEAD_CREATED", created.get(0).path("type").asText());
        assertEquals(List.of(MANAGERS), List.of(created.get(0).path("recipients").get(0).asText()));
        assertEquals(1, created.get(0).path("recipients").size());
        List<JsonNode> toReseller = created.stream()
                .filter(n -> "LEAD_REFERRED_COMPANY_RESELLER".equals(n.path("type").asText())).toList();
        assertEquals(2, toReseller.size(), created.toString());
        assertEquals(resellerEmail, toReseller.get(0).path("recipients").get(0).asText());
        assertEquals(resellerPhone, toReseller.get(1).path("recipients").get(0).asText());
        assertEquals("Reseller B", toReseller.get(0).path("parameters").path("productName").asText());
    }
}
