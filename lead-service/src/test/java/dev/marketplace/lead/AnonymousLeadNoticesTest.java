package dev.marketplace.lead;

import static dev.marketplace.lead.Leads.anonymous;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;

import dev.marketplace.testkit.DomainEvents;
import dev.marketplace.testkit.QueryPlans;
import io.quarkus.test.junit.QuarkusTest;

/**
 * Anonymous leads write to each address at most once per interval (README, "Anonymous leads: one message per
 * interval"): the leads held meanwhile are listed in the address's next message, or in a digest when the interval ends.
 * The interval (15 minutes) is made to pass by moving the recorded times back.
 */
@QuarkusTest
class AnonymousLeadNoticesTest {
    private static final String MANAGERS = "leads@test.example";
    private static final Duration WAIT = Duration.ofSeconds(20);

    @Test
    void aFloodOfAnonymousLeadsMailsEachAddressOnceAndTheRestInTheDigestWhenTheIntervalEnds() throws Exception {
        String partner = Leads.partner();
        UUID reseller = StubAccount.company("Reseller Co", true, false, false, "Sales@Reseller.example");
        List<String> ids = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            ids.add(Leads.create(anonymous(partner), "?context=ANONYMOUS", Leads.companyLead(partner, reseller)));
        }
        // the first lead tells the managers and the reseller (that a customer was referred to it) at once
        JsonNode first = notifications(created(ids.get(0)));
        assertEquals(2, first.size(), first.toString());
        assertEquals("SALES_LEAD_CREATED", first.get(0).path("type").asText());
        assertEquals(List.of(MANAGERS), texts(first.get(0).path("recipients")));
        assertEquals("LEAD_REFERRED_COMPANY_RESELLER", first.get(1).path("type").asText());
        assertEquals(List.of("Sales@Reseller.example"), texts(first.get(1).path("recipients")));
        // the others, within the interval, tell nobody yet
        for (String id : ids.subList(1, 4)) {
            assertEquals(0, notifications(created(id)).size(), "lead " + id + " mailed within the interval");
        }

        endInterval(partner, true);
        for (String recipient : List.of(MANAGERS, "sales@reseller.example")) {
            JsonNode digest = DomainEvents.await(e -> e.path("type").asText().equals("LEAD_NOTICE_DIGEST")
                    && e.path("partner").asText().equals(partner)
                    && notifications(e).path(0).path("recipients").path(0).asText().equals(recipient), WAIT);
            assertEquals("lead-service", digest.path("source").asText());
            assertEquals(ids.subList(1, 4), texts(digest.path("payload").path("leadIds")));
            JsonNode mail = notifications(digest).get(0);
            assertEquals("SALES_LEAD_DIGEST", mail.path("type").asText());
            assertEquals("3", mail.path("parameters").path("leadCount").asText());
            String leads = mail.path("parameters").path("leads").asText();
            for (String id : ids.subList(1, 4)) {
                assertTrue(leads.contains("(lead " + id + ")"), leads);
            }
            assertTrue(leads.contains("John Doe <john.doe@acme.example>, Reseller Co"), leads);
            assertEquals(3, leads.lines().count(), leads);
        }
        assertEquals(0, held(partner));
    }

    @Test
    void heldLeadsAreListedInTheAddresssNextMessage() throws Exception {
        String partner = Leads.partner();
        long product = StubCatalog.product("Appsome", false);
        String first = Leads.create(anonymous(partner), "?context=ANONYMOUS", Leads.productLead(partner, product));
        String second = Leads.create(anonymous(partner), "?context=ANONYMOUS", Leads.productLead(partner, product));
        assertEquals(1, notifications(created(first)).size());
        assertEquals(0, notifications(created(second)).size());

        // the interval ended, and the next lead comes before the digest is sent: it carries the held one
        endInterval(partner, false);
        String third = Leads.create(anonymous(partner), "?context=ANONYMOUS", Leads.productLead(partner, product));
        JsonNode mails = notifications(created(third));
        assertEquals(1, mails.size(), mails.toString());
        assertEquals("SALES_LEAD_DIGEST", mails.get(0).path("type").asText());
        assertEquals(List.of(MANAGERS), texts(mails.get(0).path("recipients")));
        assertEquals("2", mails.get(0).path("parameters").path("leadCount").asText());
        List<String> lines = mails.get(0).path("parameters").path("leads").asText().lines().toList();
        assertTrue(lines.get(0).endsWith("(lead " + second + ")"), lines.toString());
        assertTrue(lines.get(1).endsWith("(lead " + third + ")"), lines.toString());
        // nothing is left for a digest, and a new interval began
        assertEquals(0, held(partner));
        String fourth = Leads.create(anonymous(partner), "?context=ANONYMOUS", Leads.productLead(partner, product));
        assertEquals(0, notifications(created(fourth)).size());
        assertEquals(1, held(partner));
    }

    @Test
    void signedLeadsAreNotHeld() {
        String partner = Leads.partner();
        UUID marketplace = StubAccount.company("Marketplace Owner", false, false, true, null);
        long product = StubCatalog.product("Appsome", false);
        // a signed lead in the marketplace's name: its own mail, whatever the anonymous ones did
        Leads.create(anonymous(partner), "?context=ANONYMOUS", Leads.productLead(partner, product));
        String signed = Leads.create(Leads.channel(partner), "?context=CHANNEL_ADMIN&companyId=" + marketplace,
                Leads.productLead(partner, product));
        assertEquals("SALES_LEAD_CREATED", notifications(created(signed)).get(0).path("type").asText());
    }

    private static JsonNode created(String id) {
        return DomainEvents.await(e -> e.path("type").asText().equals("LEAD_CREATED")
                && e.path("aggregate").path("id").asText().equals(id), WAIT);
    }

    private static JsonNode notifications(JsonNode event) {
        return event.path("payload").path("notifications");
    }

    private static List<String> texts(JsonNode array) {
        List<String> values = new ArrayList<>();
        array.forEach(n -> values.add(n.asText()));
        return values;
    }

    /** The partner's addresses were written to an hour ago; {@code digestDue}: their digests are due now (else later). */
    private static void endInterval(String partner, boolean digestDue) throws Exception {
        try (Connection c = QueryPlans.connect(); PreparedStatement st = c.prepareStatement("update lead_notice_window set"
                + " last_sent = last_sent - interval '1 hour', digest_due = case when digest_due is null then null when ?"
                + " then now() - interval '1 second' else now() + interval '1 hour' end where partner = ?")) {
            st.setBoolean(1, digestDue);
            st.setString(2, partner);
            assertTrue(st.executeUpdate() > 0);
        }
    }

    private static int held(String partner) throws Exception {
        try (Connection c = QueryPlans.connect();
                PreparedStatement st = c.prepareStatement("select count(*) from lead_notice_held where partner = ?")) {
            st.setString(1, partner);
            try (ResultSet rs = st.executeQuery()) {
                rs.next();
                return rs.getInt(1);
            }
        }
    }
}
