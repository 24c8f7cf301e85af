package dev.marketplace.lead;

import static dev.marketplace.testkit.QueryPlans.assertNoSeqScan;
import static dev.marketplace.testkit.QueryPlans.assertUsesIndex;
import static dev.marketplace.testkit.QueryPlans.explain;

import java.sql.Connection;
import java.time.Instant;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import dev.marketplace.common.paging.PageRequest;
import dev.marketplace.common.paging.SqlFilter;
import dev.marketplace.common.paging.Total;
import dev.marketplace.lead.access.Actor;
import dev.marketplace.lead.access.LeadContext;
import dev.marketplace.lead.activity.repository.ActivityRepository;
import dev.marketplace.lead.lead.domain.LeadSortField;
import dev.marketplace.lead.lead.domain.LeadStatus;
import dev.marketplace.lead.lead.repository.LeadFilter;
import dev.marketplace.lead.lead.repository.LeadRepository;
import dev.marketplace.testkit.QueryPlans;
import io.quarkus.test.junit.QuarkusTest;

/**
 * Every list query keeps using its index: leads and a lead's activities are seeded with 200,000 rows (and a tenth as
 * many beside them in another marketplace), then the very SQL the repositories build is planned — first page, a text
 * filter, a deep page and the capped count of a filtered list (an unfiltered one reads its counter). A query that falls
 * back to scanning its whole table fails here.
 */
@QuarkusTest
class ListPlansTest {
    private static final int ROWS = 200_000;
    private static final String PARTNER = "PLANS";
    /** The lead whose activities are seeded. */
    private static final UUID LEAD = UUID.nameUUIDFromBytes("plans-lead".getBytes());
    private static final PageRequest FIRST = PageRequest.of(0, 50, 50);
    private static final PageRequest DEEP = PageRequest.of(2_000, 50, 50);
    /** A user and company of the seed that created manual leads (its creators are md5(partner-user-n), ...). */
    private static final UUID USER = md5Uuid(PARTNER + "-user-1");
    private static final UUID COMPANY = md5Uuid(PARTNER + "-reseller-1");
    private static Connection db;

    @BeforeAll
    static void seed() throws Exception {
        db = QueryPlans.seeded("seed/lists.sql", Map.of("partner", PARTNER, "company", LEAD.toString(), "rows",
                Integer.toString(ROWS)), "lead", "lead_activity");
    }

    @AfterAll
    static void close() throws Exception {
        db.close();
    }

    @Test
    void theMarketplacesLeads() throws Exception {
        // a marketplace manager acting as a user (sees its own manual leads too) and channel credentials (no user)
        for (Actor actor : List.of(new Actor(PARTNER, LeadContext.CHANNEL_ADMIN, COMPANY, "Owner", USER, null),
                new Actor(PARTNER, LeadContext.PARTNER, COMPANY, "Owner", null, "key"))) {
            for (LeadSortField sort : LeadSortField.values()) {
                for (boolean ascending : List.of(true, false)) {
                    LeadFilter f = new LeadFilter(actor, null, null, null, null, sort, ascending);
                    SqlFilter where = LeadRepository.sqlFilter(f);
                    for (PageRequest page : List.of(FIRST, DEEP)) {
                        String plan = explain(db, LeadRepository.pageSql(f, where, page), where.params());
                        assertNoSeqScan(plan, "lead");
                        assertUsesIndex(plan, "lead_list_");
                    }
                }
            }
        }
        Actor manager = new Actor(PARTNER, LeadContext.CHANNEL_ADMIN, COMPANY, "Owner", USER, null);
        // the part of an unfiltered total the counter does not hold: the caller's own manual leads
        SqlFilter own = SqlFilter.scope("l.partner = ?", PARTNER).and("l.status <> 'DELETED'")
                .always("l.lead_type = 'MANUAL' and l.creator_company = ? and l.creator_user = ?", COMPANY, USER);
        assertNoSeqScan(count(own), "lead");

        // the two words of one seeded lead's customer company (the seed draws names from a vocabulary: one lead of the
        // 200,000)
        String term = words(seeded("select customer_company_name from lead where id = ?", "lead"), 2);
        LeadFilter searched = new LeadFilter(manager, null, term, null, null, LeadSortField.DATE, false);
        SqlFilter text = LeadRepository.sqlFilter(searched);
        String plan = explain(db, LeadRepository.pageSql(searched, text, FIRST), text.params());
        assertNoSeqScan(plan, "lead");
        assertUsesIndex(plan, "lead_search_text");
        assertNoSeqScan(count(text), "lead");

        for (LeadSortField sort : LeadSortField.values()) {
            LeadFilter assigned = new LeadFilter(manager, EnumSet.of(LeadStatus.ASSIGNED), null, null, null, sort, false);
            SqlFilter status = LeadRepository.sqlFilter(assigned);
            assertNoSeqScan(explain(db, LeadRepository.pageSql(assigned, status, FIRST), status.params()), "lead");
            assertNoSeqScan(count(status), "lead");
        }
        LeadFilter recent = new LeadFilter(manager, null, null, Instant.now().minusSeconds(3600), null, LeadSortField.DATE,
                false);
        SqlFilter dates = LeadRepository.sqlFilter(recent);
        assertNoSeqScan(explain(db, LeadRepository.pageSql(recent, dates, FIRST), dates.params()), "lead");
        assertNoSeqScan(count(dates), "lead");
    }

    @Test
    void aCompanysLeads() throws Exception {
        for (LeadContext context : List.of(LeadContext.RESELLER, LeadContext.REFERRAL)) {
            Actor actor = new Actor(PARTNER, context, COMPANY, "Reseller", USER, null);
            for (LeadSortField sort : LeadSortField.values()) {
                LeadFilter f = new LeadFilter(actor, null, null, null, null, sort, false);
                SqlFilter where = LeadRepository.sqlFilter(f);
                assertNoSeqScan(explain(db, LeadRepository.pageSql(f, where, FIRST), where.params()), "lead");
                assertNoSeqScan(count(where), "lead");
            }
        }
    }

    @Test
    void aLeadsActivities() throws Exception {
        for (boolean ascending : List.of(true, false)) {
            SqlFilter where = ActivityRepository.sqlFilter(LEAD, null, null);
            for (PageRequest page : List.of(FIRST, DEEP)) {
                String plan = explain(db, ActivityRepository.pageSql(where, ascending, page), where.params());
                assertNoSeqScan(plan, "lead_activity");
                assertUsesIndex(plan, "lead_activity_lead_created");
            }
        }
        SqlFilter recent = ActivityRepository.sqlFilter(LEAD, Instant.now().minusSeconds(3600), null);
        assertNoSeqScan(explain(db, ActivityRepository.pageSql(recent, false, FIRST), recent.params()), "lead_activity");
        assertNoSeqScan(count("from lead_activity a", recent), "lead_activity");
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

    private static String count(SqlFilter where) throws Exception {
        return count("from lead l", where);
    }

    private static String count(String from, SqlFilter where) throws Exception {
        return explain(db, Total.cappedCountSql("select 1 " + from + " where " + where.where()), where.params());
    }

    /** The uuid the seed writes as {@code md5(text)::uuid}. */
    private static UUID md5Uuid(String text) {
        byte[] md5;
        try {
            md5 = java.security.MessageDigest.getInstance("MD5").digest(text.getBytes());
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
        String hex = java.util.HexFormat.of().formatHex(md5);
        return UUID.fromString(hex.replaceFirst("(.{8})(.{4})(.{4})(.{4})(.{12})", "$1-$2-$3-$4-$5"));
    }
}
