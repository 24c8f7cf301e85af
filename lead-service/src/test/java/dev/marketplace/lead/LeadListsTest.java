package dev.marketplace.lead;

import static dev.marketplace.lead.Leads.anonymous;
import static dev.marketplace.lead.Leads.channel;
import static dev.marketplace.lead.Leads.user;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasKey;
import static org.hamcrest.Matchers.not;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.Statement;
import java.util.UUID;

import jakarta.inject.Inject;

import org.hibernate.reactive.mutiny.Mutiny;
import org.junit.jupiter.api.Test;

import dev.marketplace.common.persistence.NativeSelects;
import dev.marketplace.common.paging.Total;
import dev.marketplace.testkit.QueryPlans;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;

/**
 * Totals and statements of the lists: an unfiltered list's total is exact (the marketplace's counter plus the caller's
 * own manual leads), a filtered one is exact up to {@link Total#CAP} rows and flagged beyond; a page runs as many statements
 * whatever its size (rows by id in one query, never one per row).
 */
@QuarkusTest
class LeadListsTest {
    @Inject
    Mutiny.SessionFactory sessions;

    @Test
    void unfilteredTotalsAreExactAndFilteredOnesCappedAndFlagged() throws Exception {
        String partner = Leads.partner();
        UUID marketplace = StubAccount.company("Marketplace Owner", false, false, true, null);
        // 10,100 product leads written through the schema: the counter follows them (trigger), 50 of them deleted
        try (Connection db = QueryPlans.connect(); Statement s = db.createStatement()) {
            s.execute("insert into lead (id, partner, lead_type, status, customer_company_name, contact_email,"
                    + " creator_context, referrer_type, recipient_type, created_on, last_modified)"
                    + " select gen_random_uuid(), '" + partner + "', 'PRODUCT', case when i <= 50 then 'DELETED' else"
                    + " 'SUBMITTED' end, 'Counted ' || i, 'c' || i || '@x.example', 'ANONYMOUS', 'CUSTOMER', 'CHANNEL',"
                    + " now() - make_interval(secs => i), now() from generate_series(1, 10100) i");
        }
        String q = "/api/lead/v2/leads?context=CHANNEL_ADMIN&companyId=" + marketplace;
        channel(partner).get(q + "&size=10").then().statusCode(200).body("page.totalElements", equalTo(10_050))
                .body("page.totalPages", equalTo(1_005)).body("page", not(hasKey("totalElementsCapped")));
        // one more through the API: exact
        Leads.create(anonymous(partner), "?context=ANONYMOUS", Leads.body(partner, "PRODUCT",
                "\"product\":{\"id\":\"" + StubCatalog.product("Counted", false) + "\"}"));
        channel(partner).get(q + "&size=10").then().body("page.totalElements", equalTo(10_051))
                .body("page", not(hasKey("totalElementsCapped")));
        // filtered: more than Total.CAP match, the total is a lower bound and says so
        channel(partner).get(q + "&size=10&searchText=counted").then().statusCode(200)
                .body("page.totalElements", equalTo(Total.CAP)).body("page.totalElementsCapped", equalTo(true));
        channel(partner).queryParam("searchText", "counted 10099").get(q + "&size=10").then()
                .body("page.totalElements", equalTo(1)).body("page", not(hasKey("totalElementsCapped")));

        // a reseller's own manual leads count in its marketplace view beside the counter (nobody else sees them)
        UUID reseller = StubAccount.company("Reseller", true, false, true, null);
        UUID seller = StubAccount.member(reseller, "ROLE_RESELLER", "ROLE_CHANNEL_ADMIN");
        Leads.create(user(partner, seller), "?context=RESELLER&companyId=" + reseller, Leads.body(partner, "MANUAL", null));
        user(partner, seller).get("/api/lead/v2/leads?context=CHANNEL_ADMIN&size=1&companyId=" + reseller).then()
                .statusCode(200).body("page.totalElements", equalTo(10_052));
        channel(partner).get(q + "&size=10").then().body("page.totalElements", equalTo(10_051));
    }

    @Test
    void aPageRunsAsManyStatementsWhateverItsSize() {
        String partner = Leads.partner();
        UUID marketplace = StubAccount.company("Marketplace Owner", false, false, true, null);
        long product = StubCatalog.product("Paged", false);
        String lead = null;
        for (int i = 0; i < 12; i++) {
            lead = Leads.create(anonymous(partner), "?context=ANONYMOUS", Leads.body(partner, "PRODUCT",
                    "\"product\":{\"id\":\"" + product + "\"}"));
        }
        String q = "?context=CHANNEL_ADMIN&companyId=" + marketplace;
        long small = statements(() -> channel(partner).get("/api/lead/v2/leads" + q + "&size=2").then().statusCode(200)
                .body("content.size()", equalTo(2)));
        long large = statements(() -> channel(partner).get("/api/lead/v2/leads" + q + "&size=12").then().statusCode(200)
                .body("content.size()", equalTo(12)));
        assertTrue(small > 0, "statements are counted");
        assertEquals(small, large, "statements per page do not grow with the page");

        for (int i = 0; i < 11; i++) {
            channel(partner).contentType(ContentType.JSON).body("{\"notes\":\"n" + i + "\"}")
                    .patch("/api/lead/v2/leads/" + lead + q).then().statusCode(200);
        }
        String activities = "/api/lead/v2/leads/" + lead + "/activities" + q;
        long fewActivities = statements(() -> channel(partner).get(activities + "&size=2").then().statusCode(200)
                .body("content.size()", equalTo(2)).body("page.totalElements", equalTo(12)));
        long manyActivities = statements(() -> channel(partner).get(activities + "&size=12").then().statusCode(200)
                .body("content.size()", equalTo(12)));
        assertEquals(fewActivities, manyActivities, "statements per page do not grow with the page");
        // a date filter makes it a counted total, exact below the cap
        channel(partner).get(activities + "&fromDate=" + (System.currentTimeMillis() - 3_600_000)).then()
                .body("page.totalElements", equalTo(12)).body("page", not(hasKey("totalElementsCapped")));
    }

    @Test
    void channelReadsAskForTheirCompanyOnceButNeverKeepARefusalOrAFailure() {
        String partner = Leads.partner();
        String list = "/api/lead/v2/leads?context=PARTNER&size=5&companyId=";
        UUID company = StubAccount.company("Asked once", false, false, true, null);
        channel(partner).get(list + company).then().statusCode(200);
        channel(partner).get(list + company).then().statusCode(200);
        assertEquals(1, StubAccount.companyReads(company), "two list reads, one account-service call");

        // a company account-service refuses: refused every time, never remembered
        UUID foreign = StubAccount.refusingCompany();
        channel(partner).get(list + foreign).then().statusCode(403);
        channel(partner).get(list + foreign).then().statusCode(403);
        assertEquals(2, StubAccount.companyReads(foreign), "a refusal is asked again");

        // unknown, then created: the 404 was not kept
        UUID later = UUID.randomUUID();
        channel(partner).get(list + later).then().statusCode(404);
        StubAccount.company(later, "Created later");
        channel(partner).get(list + later).then().statusCode(200);

        // account-service failing: 503, and the next read asks again
        UUID flaky = UUID.randomUUID();
        StubAccount.unavailable(flaky);
        channel(partner).get(list + flaky).then().statusCode(503);
        int failed = StubAccount.companyReads(flaky);
        StubAccount.company(flaky, "Back again");
        channel(partner).get(list + flaky).then().statusCode(200);
        channel(partner).get(list + flaky).then().statusCode(200);
        assertEquals(failed + 1, StubAccount.companyReads(flaky), "a failure is asked again, then remembered");

        // users' contexts depend on the company's live state (enabled, accesses) and their membership: asked each time
        UUID reseller = StubAccount.company("Live reseller", true, false, false, null);
        UUID seller = StubAccount.member(reseller, "ROLE_RESELLER");
        String mine = "/api/lead/v2/leads?context=RESELLER&size=5&companyId=" + reseller;
        user(partner, seller).get(mine).then().statusCode(200);
        user(partner, seller).get(mine).then().statusCode(200);
        assertEquals(2, StubAccount.companyReads(reseller), "a user's context reads the company live");
    }

    /** Queries, and single entity or collection fetches, Hibernate ran during {@code call}. */
    /**
     * The statements a call runs: the least of three runs, since the counters are the whole JVM's and background work
     * (the anonymous-lead digest poll, every second in tests) can only add to a run, never take away.
     */
    private long statements(Runnable call) {
        long least = Long.MAX_VALUE;
        for (int run = 0; run < 3; run++) {
            var stats = sessions.getStatistics();
            long before = stats.getQueryExecutionCount() + stats.getEntityFetchCount() + stats.getCollectionFetchCount()
                    + NativeSelects.executed();
            call.run();
            least = Math.min(least, stats.getQueryExecutionCount() + stats.getEntityFetchCount()
                    + stats.getCollectionFetchCount() + NativeSelects.executed() - before);
        }
        return least;
    }
}
