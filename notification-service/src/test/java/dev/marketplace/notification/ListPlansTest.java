package dev.marketplace.notification;

import static dev.marketplace.testkit.QueryPlans.assertNoSeqScan;
import static dev.marketplace.testkit.QueryPlans.assertUsesIndex;
import static dev.marketplace.testkit.QueryPlans.explain;

import java.sql.Connection;
import java.time.Instant;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import dev.marketplace.common.paging.PageRequest;
import dev.marketplace.common.paging.SqlFilter;
import dev.marketplace.common.paging.Total;
import dev.marketplace.notification.delivery.domain.DeliveryStatus;
import dev.marketplace.notification.delivery.repository.DeliveryRepository;
import dev.marketplace.notification.eventlog.repository.EventFilter;
import dev.marketplace.notification.eventlog.repository.LoggedEventRepository;
import dev.marketplace.notification.vendorevent.domain.VendorEventStatus;
import dev.marketplace.notification.vendorevent.repository.VendorEventRepository;
import dev.marketplace.testkit.QueryPlans;
import io.quarkus.test.junit.QuarkusTest;

/**
 * The event log, deliveries and vendor events keep using their indexes: each is seeded with 200,000 rows in one
 * marketplace, then the very SQL the repositories build is planned — first page, filters, a text search, a deep page and
 * the capped count of a filtered list. A query that falls back to scanning its whole table fails here.
 */
@QuarkusTest
class ListPlansTest {
    private static final int ROWS = 200_000;
    private static final String PARTNER = "PLANS";
    private static final PageRequest FIRST = PageRequest.of(0, 50, 50);
    private static final PageRequest DEEP = PageRequest.of(2_000, 50, 50);
    private static Connection db;

    @BeforeAll
    static void seed() throws Exception {
        db = QueryPlans.seeded("seed/lists.sql", Map.of("partner", PARTNER, "rows", Integer.toString(ROWS)),
                "event_log", "notification_delivery", "vendor_event");
    }

    @AfterAll
    static void close() throws Exception {
        db.close();
    }

    @Test
    void eventLog() throws Exception {
        Instant hourAgo = Instant.now().minusSeconds(3600);
        // the two words of the company name in one seeded event's payload (the seed draws names from a vocabulary: one
        // event of the 200,000)
        String term = words(seeded("select payload::json ->> 'name' from event_log where id = ?", "event"), 2);
        for (EventFilter f : List.of(new EventFilter(PARTNER, null, null, null, null, null, false),
                new EventFilter(PARTNER, null, null, null, null, null, true),
                new EventFilter(PARTNER, hourAgo, null, null, null, null, false),
                new EventFilter(PARTNER, null, null, null, "SUBSCRIPTION_ORDER", null, false),
                new EventFilter(PARTNER, null, null, 4242L, null, null, false),
                new EventFilter(PARTNER, null, null, null, null, term, false))) {
            SqlFilter where = LoggedEventRepository.sqlFilter(f);
            for (PageRequest page : List.of(FIRST, DEEP)) {
                assertNoSeqScan(explain(db, LoggedEventRepository.pageSql(f, where, page), where.params()), "event_log");
            }
            if (where.narrowed()) {
                assertNoSeqScan(count("from event_log e", where), "event_log");
            }
        }
        EventFilter all = new EventFilter(PARTNER, null, null, null, null, null, false);
        SqlFilter where = LoggedEventRepository.sqlFilter(all);
        assertUsesIndex(explain(db, LoggedEventRepository.pageSql(all, where, DEEP), where.params()), "event_log_partner_occurred");
        EventFilter searched = new EventFilter(PARTNER, null, null, null, null, term, false);
        SqlFilter text = LoggedEventRepository.sqlFilter(searched);
        assertUsesIndex(explain(db, LoggedEventRepository.pageSql(searched, text, FIRST), text.params()), "event_log_search_trgm");
    }

    @Test
    void deliveriesAndVendorEvents() throws Exception {
        // the plans below are index-only scans, which the planner costs by the visibility map: set it now, once the
        // service's own start-up transactions are over
        try (var s = db.createStatement()) {
            s.execute("vacuum analyze notification_delivery, vendor_event");
        }
        for (DeliveryStatus status : java.util.Arrays.asList(null, DeliveryStatus.FAILED)) {
            SqlFilter where = DeliveryRepository.sqlFilter(PARTNER, null, status);
            // a deep page of a status filter that holds a fifth of the table may fairly be planned as a scan and a
            // top-N sort (the planner's choice varies with the visibility map): only its first page is held to the index
            for (PageRequest page : status == null ? List.of(FIRST, DEEP) : List.of(FIRST)) {
                String plan = explain(db, DeliveryRepository.pageSql(where, page), where.params());
                assertNoSeqScan(plan, "notification_delivery");
                assertUsesIndex(plan, "notification_delivery_list");
            }
        }
        for (VendorEventStatus status : java.util.Arrays.asList(null, VendorEventStatus.PARKED)) {
            SqlFilter where = VendorEventRepository.sqlFilter(PARTNER, status);
            // a deep page of a status filter that holds a fifth of the table may fairly be planned as a scan and a
            // top-N sort (the planner's choice varies with the visibility map): only its first page is held to the index
            for (PageRequest page : status == null ? List.of(FIRST, DEEP) : List.of(FIRST)) {
                String plan = explain(db, VendorEventRepository.pageSql(where, page), where.params());
                assertNoSeqScan(plan, "vendor_event");
                assertUsesIndex(plan, "vendor_event_list");
            }
            if (where.narrowed()) {
                assertNoSeqScan(count("from vendor_event v", where), "vendor_event");
            }
        }
    }

    /** A text of the seed's row {@code md5('<partner>-<kind>-4242')::uuid}, read by {@code sql} (one parameter: that uuid). */
    private static String seeded(String sql, String kind) throws Exception {
        try (var s = db.prepareStatement(sql.replace("?", "md5('" + PARTNER + "-" + kind + "-4242')::uuid"));
                var rs = s.executeQuery()) {
            rs.next();
            return rs.getString(1);
        }
    }

    /** The first {@code n} words of {@code text}. */
    private static String words(String text, int n) {
        return String.join(" ", java.util.Arrays.asList(text.split(" ")).subList(0, n));
    }

    private static String count(String from, SqlFilter where) throws Exception {
        return explain(db, Total.cappedCountSql("select 1 " + from + " where " + where.where()), where.params());
    }
}
