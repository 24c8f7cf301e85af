package dev.marketplace.lead;

import static dev.marketplace.lead.Leads.anonymous;
import static dev.marketplace.lead.Leads.channel;
import static dev.marketplace.lead.Leads.post;
import static dev.marketplace.lead.Leads.user;
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
 * Issue 45: lead messages are written in their recipient's language (README, "Events and notifications";
 * docs/notifications.md, "Locale"). A company is written to in the {@code locale} account-service gave it when it was
 * assigned the lead; a company without a usable one, and the configured addresses (the sales managers), get no locale,
 * which notification-service renders in the marketplace default.
 */
@QuarkusTest
class LeadNoticeLocaleTest {
    private static final Duration WAIT = Duration.ofSeconds(20);
    private static final String MANAGERS = "leads@test.example"; // %test LEAD_MANAGER_EMAILS

    String partner;
    UUID marketplace;

    @BeforeEach
    void marketplace() {
        partner = Leads.partner();
        marketplace = StubAccount.company("Marketplace", false, false, true, null);
    }

    private String manager() {
        return "?context=CHANNEL_ADMIN&companyId=" + marketplace;
    }

    private record Reseller(UUID id, UUID user, String email, String phone) {
        String context() {
            return "?context=RESELLER&companyId=" + id;
        }
    }

    private static Reseller reseller(String name, String locale) {
        String email = "sales-" + UUID.randomUUID().toString().substring(0, 6) + "@reseller.example";
        String phone = "+1555" + (1_000_000 + (int) (Math.random() * 8_999_999));
        UUID id = StubAccount.company(name, true, email, phone, locale);
        return new Reseller(id, StubAccount.member(id, "ROLE_RESELLER"), email, phone);
    }

    private String productLead() {
        return Leads.create(anonymous(partner), "?context=ANONYMOUS",
                Leads.productLead(partner, StubCatalog.product("Appsome", false)));
    }

    private void assign(String lead, Reseller to) {
        post(channel(partner), "/api/lead/v2/assignment" + manager(), "{\"leadId\":\"" + lead
                + "\",\"recipient\":{\"participantType\":\"COMPANY\",\"companyId\":\"" + to.id() + "\"}}").statusCode(201);
    }

    private static List<JsonNode> notes(String type, String lead) {
        JsonNode event = DomainEvents.await(e -> e.path("type").asText().equals(type)
                && e.path("aggregate").path("id").asText().equals(lead), WAIT);
        List<JsonNode> all = new ArrayList<>();
        event.path("payload").path("notifications").forEach(all::add);
        return all;
    }

    private static List<JsonNode> ofType(List<JsonNode> notes, String type) {
        return notes.stream().filter(n -> type.equals(n.path("type").asText())).toList();
    }

    /** Each entry of {@code type} (its email and, with a phone number, its SMS) to {@code to}, in {@code locale}. */
    private static void assertToIn(List<JsonNode> notes, String type, Reseller to, String locale) {
        List<JsonNode> entries = ofType(notes, type);
        assertEquals(2, entries.size(), notes.toString());
        assertEquals(to.email(), entries.get(0).path("recipients").get(0).asText());
        assertEquals(to.phone(), entries.get(1).path("recipients").get(0).asText());
        for (JsonNode n : entries) {
            assertLocale(n, locale);
        }
    }

    /** {@code locale} null: the entry carries none (notification-service applies the marketplace default). */
    private static void assertLocale(JsonNode n, String locale) {
        if (locale == null) {
            assertTrue(n.path("locale").isNull() || n.path("locale").isMissingNode(), n.toString());
        } else {
            assertEquals(locale, n.path("locale").asText(), n.toString());
        }
    }

    @Test
    void aFrenchCompanyReceivesEveryMessageInFrenchAndTheManagersInTheMarketplaceDefault() {
        Reseller french = reseller("Revendeur Lyon", "fr_FR");
        String lead = productLead();
        assign(lead, french);
        List<JsonNode> assigned = notes("LEAD_ASSIGNED", lead);
        assertEquals(1, assigned.size(), assigned.toString());
        assertEquals("SALES_LEAD_ASSIGNED", assigned.get(0).path("type").asText());
        assertEquals(french.email(), assigned.get(0).path("recipients").get(0).asText());
        assertLocale(assigned.get(0), "fr_FR");

        post(user(partner, french.user()), "/api/lead/v2/conversionRequest" + french.context() + "&leadId=" + lead, "")
                .statusCode(200);
        post(channel(partner), "/api/lead/v2/conversionApproval" + manager() + "&leadId=" + lead, "").statusCode(200);
        assertToIn(notes("LEAD_CONVERSION_APPROVED", lead), "SALES_LEAD_ACCEPTED", french, "fr_FR");

        post(user(partner, french.user()), "/api/lead/v2/conversion" + french.context() + "&leadId=" + lead, "")
                .statusCode(200);
        List<JsonNode> converted = notes("LEAD_CONVERTED", lead);
        assertToIn(converted, "SALES_LEAD_WON", french, "fr_FR");
        List<JsonNode> admin = ofType(converted, "LEAD_CONVERTED_ADMIN");
        assertEquals(1, admin.size(), converted.toString());
        assertEquals(MANAGERS, admin.get(0).path("recipients").get(0).asText());
        assertLocale(admin.get(0), null);

        // a customer referred from the French reseller's profile: the reseller hears of it in French
        String referred = Leads.create(anonymous(partner), "?context=ANONYMOUS", Leads.companyLead(partner, french.id()));
        assertToIn(notes("LEAD_CREATED", referred), "LEAD_REFERRED_COMPANY_RESELLER", french, "fr_FR");
    }

    @Test
    void aCompanyWithoutAUsableLocaleFallsBackToTheMarketplaceDefaultAndEachAssignmentRecordsItsOwn() {
        Reseller french = reseller("Revendeur Paris", "fr_CA");
        Reseller none = reseller("Reseller Without Locale", null);
        Reseller garbled = reseller("Reseller Garbled", "fran\u00e7ais de France");

        String lead = productLead();
        assign(lead, french);
        assertLocale(notes("LEAD_ASSIGNED", lead).get(0), "fr_CA");
        // reassigned: the new assignee's (absent) locale replaces the former one's
        assign(lead, none);
        JsonNode reassigned = DomainEvents.await(e -> e.path("type").asText().equals("LEAD_ASSIGNED")
                && e.path("aggregate").path("id").asText().equals(lead)
                && none.email().equals(e.path("payload").path("notifications").path(0).path("recipients").path(0).asText()),
                WAIT).path("payload").path("notifications").get(0);
        assertLocale(reassigned, null);
        channel(partner).delete("/api/lead/v2/leads/" + lead + manager()).then().statusCode(204);
        assertToIn(notes("LEAD_DISQUALIFIED", lead), "SALES_LEAD_LOST", none, null);

        // a locale nobody can render in is not passed on either
        String other = productLead();
        assign(other, garbled);
        post(user(partner, garbled.user()), "/api/lead/v2/conversionRequest" + garbled.context() + "&leadId=" + other, "")
                .statusCode(200);
        channel(partner).delete("/api/lead/v2/leads/" + other + manager()).then().statusCode(204);
        assertToIn(notes("LEAD_DISQUALIFIED", other), "SALES_LEAD_DENIED", garbled, null);
    }
}
