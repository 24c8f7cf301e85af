package dev.marketplace.account;

import static dev.marketplace.testkit.QueryPlans.assertNoSeqScan;
import static dev.marketplace.testkit.QueryPlans.assertUsesIndex;
import static dev.marketplace.testkit.QueryPlans.explain;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import dev.marketplace.account.activity.repository.ActivityRepository;
import dev.marketplace.account.company.repository.CompanyFilter;
import dev.marketplace.account.company.repository.CompanyRepository;
import dev.marketplace.account.group.repository.GroupRepository;
import dev.marketplace.account.invitation.repository.InvitationRepository;
import dev.marketplace.account.membership.repository.MembershipRepository;
import dev.marketplace.account.user.repository.UserRepository;
import dev.marketplace.common.paging.CommonWords;
import dev.marketplace.common.paging.PageRequest;
import dev.marketplace.common.paging.SqlFilter;
import dev.marketplace.common.paging.Total;
import dev.marketplace.testkit.QueryPlans;
import io.quarkus.test.junit.QuarkusTest;

/**
 * Every list query keeps using its index: each list is seeded with 200,000 rows in one marketplace (and a tenth as many
 * beside them in another), then the very SQL the repositories build is planned — first page, a text filter, a deep page
 * and the capped count of a filtered list (an unfiltered one reads its counter). A query that falls back to scanning its
 * whole table fails here.
 */
@QuarkusTest
class ListPlansTest {
    private static final int ROWS = 200_000;
    private static final String PARTNER = "PLANS";
    private static final UUID COMPANY = UUID.nameUUIDFromBytes("plans-company".getBytes());
    private static final PageRequest FIRST = PageRequest.of(0, 50, 50);
    private static final PageRequest DEEP = PageRequest.of(2_000, 50, 50);
    private static Connection db;

    @BeforeAll
    static void seed() throws Exception {
        db = QueryPlans.seeded("seed/lists.sql", Map.of("partner", PARTNER, "company", COMPANY.toString(), "rows",
                Integer.toString(ROWS)), "company", "app_user", "membership", "company_group", "invitation", "activity");
    }

    @AfterAll
    static void close() throws Exception {
        db.close();
    }

    @Test
    void companies() throws Exception {
        CompanyFilter all = new CompanyFilter(PARTNER, null, null, Map.of(), false);
        // the two words of one seeded company's name (the seed draws names from a vocabulary: one company of the 200,000)
        CompanyFilter named = new CompanyFilter(PARTNER, words(seeded("select name from company where uuid = ?", "company"), 2),
                null, Map.of(), false);
        CompanyFilter vendors = new CompanyFilter(PARTNER, null, true, Map.of(), true);
        for (CompanyFilter f : List.of(all, named, vendors)) {
            SqlFilter where = CompanyRepository.sqlFilter(f);
            for (PageRequest page : List.of(FIRST, DEEP)) {
                assertNoSeqScan(explain(db, CompanyRepository.pageSql(f, where, page), where.params()), "company");
            }
            if (where.narrowed()) {
                assertNoSeqScan(count("from company c", where), "company");
            }
        }
        SqlFilter where = CompanyRepository.sqlFilter(all);
        assertUsesIndex(explain(db, CompanyRepository.pageSql(all, where, DEEP), where.params()), "company_list");
        SqlFilter byName = CompanyRepository.sqlFilter(named);
        assertUsesIndex(explain(db, CompanyRepository.pageSql(named, byName, FIRST), byName.params()), "company_name_trgm");
    }

    @Test
    void users() throws Exception {
        for (UserRepository.SortField sort : UserRepository.SortField.values()) {
            for (boolean ascending : List.of(true, false)) {
                UserRepository.Filter f = new UserRepository.Filter(PARTNER, null, null, null, null, null, null, sort, ascending);
                SqlFilter where = UserRepository.sqlFilter(f);
                for (PageRequest page : List.of(FIRST, DEEP)) {
                    String plan = explain(db, UserRepository.pageSql(f, where, page.offset(), page.size()), where.params());
                    assertNoSeqScan(plan, "app_user");
                    assertUsesIndex(plan, "app_user_list_");
                }
            }
        }
        // a seeded user's first and last name (one user of the 200,000)
        String name = seeded("select first_name || ' ' || last_name from app_user where uuid = ?", "user");
        UserRepository.Filter named = new UserRepository.Filter(PARTNER, name, null, null, null, null, null,
                UserRepository.SortField.DATE, true);
        SqlFilter where = UserRepository.sqlFilter(named);
        String plan = explain(db, UserRepository.pageSql(named, where, 0, 50), where.params());
        assertNoSeqScan(plan, "app_user");
        assertUsesIndex(plan, "app_user_name_trgm");
        assertNoSeqScan(count("from app_user u", where), "app_user");
    }

    @Test
    void memberships() throws Exception {
        for (MembershipRepository.SortField sort : MembershipRepository.SortField.values()) {
            for (boolean ascending : List.of(true, false)) {
                MembershipRepository.Filter f = new MembershipRepository.Filter(COMPANY, null, null, null, null, null, null,
                        sort, ascending);
                SqlFilter where = MembershipRepository.sqlFilter(f);
                for (PageRequest page : List.of(FIRST, DEEP)) {
                    String plan = explain(db, MembershipRepository.pageSql(f, where, page), where.params());
                    assertNoSeqScan(plan, "membership");
                    assertUsesIndex(plan, "membership_list_");
                }
            }
        }
        // the local part of a seeded member's email (one member of the 200,000)
        String local = seeded("select split_part(email, '@', 1) from app_user where uuid = ?", "user");
        MembershipRepository.Filter searched = new MembershipRepository.Filter(COMPANY, null, null, null, null, null,
                local, MembershipRepository.SortField.DATE, true);
        SqlFilter where = MembershipRepository.sqlFilter(searched);
        String plan = explain(db, MembershipRepository.pageSql(searched, where, FIRST), where.params());
        assertNoSeqScan(plan, "membership");
        assertUsesIndex(plan, "membership_search_trgm");
        assertNoSeqScan(count("from membership m", where), "membership");
    }

    @Test
    void groupsInvitationsAndActivities() throws Exception {
        for (boolean byName : List.of(true, false)) {
            GroupRepository.Filter f = new GroupRepository.Filter(COMPANY, null, null, byName, !byName);
            SqlFilter where = GroupRepository.sqlFilter(f);
            for (PageRequest page : List.of(FIRST, DEEP)) {
                String plan = explain(db, GroupRepository.pageSql(f, where, page), where.params());
                assertNoSeqScan(plan, "company_group");
                assertUsesIndex(plan, "company_group_list_");
            }
        }
        // a seeded group's word and department, its name without its number (5 groups of the 200,000 share them)
        String group = words(seeded("select name from company_group where uuid = ?", "group"), 2);
        GroupRepository.Filter searched = new GroupRepository.Filter(COMPANY, null, group, true, true);
        SqlFilter groups = GroupRepository.sqlFilter(searched);
        String groupPlan = explain(db, GroupRepository.pageSql(searched, groups, FIRST), groups.params());
        assertNoSeqScan(groupPlan, "company_group");
        assertUsesIndex(groupPlan, "company_group_search_trgm");
        assertNoSeqScan(count("from company_group g", groups), "company_group");

        // the department (every eighth group) is common by the column's statistics: the index is asked for the word
        // beside it alone, and the whole term is matched on the rows that word finds
        CommonWords common = QueryPlans.commonWords(db, "company_group", "search_text");
        assertTrue(common.isCommon(group.split(" ")[1].toLowerCase()), group);
        assertFalse(common.isCommon(group.split(" ")[0].toLowerCase()), group);
        SqlFilter rareWord = GroupRepository.sqlFilter(searched, common);
        String rarePlan = explain(db, GroupRepository.pageSql(searched, rareWord, FIRST), rareWord.params());
        assertUsesIndex(rarePlan, "company_group_search_trgm");
        assertFalse(rarePlan.contains("%" + group.split(" ")[1].toLowerCase() + "%"), rarePlan);

        // a word the column's sample happens to hold: one of its 101 histogram values (about 1 % of the groups by the
        // sample) where it names 40 groups of the 200,000. Its rows are found through the text index and then ordered,
        // on every page: walking the ordering index and checking each group's text would read all of the company's
        // groups to find them (planned as it was before, it removed 199,995 rows by the filter in 68 ms; this 0.2 ms)
        String sampled = words(QueryPlans.sampledValue(db, "company_group", "search_text"), 2);
        GroupRepository.Filter bySampled = new GroupRepository.Filter(COMPANY, null, sampled, true, false);
        SqlFilter sampledWhere = GroupRepository.sqlFilter(bySampled, common);
        assertTrue(sampledWhere.rareText(), sampled);
        for (PageRequest page : List.of(FIRST, DEEP)) {
            String plan = explain(db, GroupRepository.pageSql(bySampled, sampledWhere, page), sampledWhere.params());
            assertUsesIndex(plan, "company_group_search_trgm");
            assertFalse(plan.contains("company_group_list_"), plan);
        }

        // the local part of a seeded invitee's email (one invitation of the 200,000)
        String invitee = seeded("select split_part(email, '@', 1) from invitation where uuid = ?", "invitation");
        for (String filter : java.util.Arrays.asList(null, invitee)) {
            SqlFilter where = InvitationRepository.sqlFilter(COMPANY, filter, null);
            for (PageRequest page : List.of(FIRST, DEEP)) {
                assertNoSeqScan(explain(db, InvitationRepository.pageSql(where, page), where.params()), "invitation");
            }
            if (where.narrowed()) {
                assertNoSeqScan(count("from invitation i", where), "invitation");
            }
        }
        SqlFilter byEmail = InvitationRepository.sqlFilter(COMPANY, invitee, null);
        assertUsesIndex(explain(db, InvitationRepository.pageSql(byEmail, FIRST), byEmail.params()), "invitation_email_trgm");
        SqlFilter invitations = InvitationRepository.sqlFilter(COMPANY, null, null);
        assertUsesIndex(explain(db, InvitationRepository.pageSql(invitations, DEEP), invitations.params()), "invitation_list");

        UUID actor = UUID.nameUUIDFromBytes("someone".getBytes());
        for (UUID user : java.util.Arrays.asList(null, actor)) {
            SqlFilter where = ActivityRepository.sqlFilter(COMPANY, user);
            for (PageRequest page : List.of(FIRST, DEEP)) {
                assertNoSeqScan(explain(db, ActivityRepository.pageSql(where, page), where.params()), "activity");
            }
        }
        SqlFilter activities = ActivityRepository.sqlFilter(COMPANY, null);
        assertUsesIndex(explain(db, ActivityRepository.pageSql(activities, DEEP), activities.params()), "activity_list");
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
