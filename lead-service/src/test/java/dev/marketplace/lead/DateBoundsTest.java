package dev.marketplace.lead;

import static dev.marketplace.lead.Leads.anonymous;
import static dev.marketplace.lead.Leads.channel;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.UUID;

import org.junit.jupiter.api.Test;

import dev.marketplace.testkit.DateBounds;
import dev.marketplace.testkit.DirectSql;
import io.quarkus.test.junit.QuarkusTest;

/** {@code fromDate}/{@code toDate} bounded at the millisecond a lead or an activity shows include it. */
@QuarkusTest
class DateBoundsTest {

    private static String dates(Long from, Long to) {
        return (from == null ? "" : "&fromDate=" + from) + (to == null ? "" : "&toDate=" + to);
    }

    /** Microseconds within the millisecond the row shows, as a clock with microseconds leaves them. */
    private static void microseconds(String table, UUID id) {
        DirectSql.update("update " + table + " set created_on = date_trunc('milliseconds', created_on)"
                + " + interval '987 microseconds' where id = ?", id);
    }

    /** A lead of a new marketplace: {partner, lead id, the channel's query}. */
    private static String[] lead() {
        String partner = Leads.partner();
        UUID marketplace = StubAccount.company("Bounds Marketplace", false, false, true, null);
        long product = StubCatalog.product("Bounds App", false);
        String lead = Leads.create(anonymous(partner), "?context=ANONYMOUS", Leads.productLead(partner, product));
        return new String[] { partner, lead, "?context=CHANNEL_ADMIN&companyId=" + marketplace };
    }

    @Test
    void leads() {
        String[] made = lead();
        String partner = made[0];
        String lead = made[1];
        microseconds("lead", UUID.fromString(lead));
        long shown = channel(partner).get("/api/lead/v2/leads/" + lead + made[2]).then().statusCode(200).extract().jsonPath()
                .getLong("createdOn");

        assertEquals(List.of(), DateBounds.misjudged(shown, (from, to) -> channel(partner).get("/api/lead/v2/leads" + made[2]
                + dates(from, to)).then().statusCode(200).extract().jsonPath().getList("content.id").contains(lead)));
    }

    @Test
    void activities() {
        String[] made = lead();
        String partner = made[0];
        String activities = "/api/lead/v2/leads/" + made[1] + "/activities" + made[2];
        String activity = channel(partner).get(activities).then().statusCode(200).extract().jsonPath().getString("content[0].id");
        microseconds("lead_activity", UUID.fromString(activity));
        long shown = channel(partner).get(activities).then().statusCode(200).extract().jsonPath()
                .getLong("content.find { it.id == '" + activity + "' }.createdOn");

        assertEquals(List.of(), DateBounds.misjudged(shown, (from, to) -> channel(partner).get(activities + dates(from, to))
                .then().statusCode(200).extract().jsonPath().getList("content.id").contains(activity)));
    }
}
