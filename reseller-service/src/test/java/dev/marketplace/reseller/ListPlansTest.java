package dev.marketplace.reseller;

import static dev.marketplace.testkit.QueryPlans.assertNoSeqScan;
import static dev.marketplace.testkit.QueryPlans.assertUsesIndex;
import static dev.marketplace.testkit.QueryPlans.explain;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

import jakarta.inject.Inject;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import dev.marketplace.common.paging.CommonWords;
import dev.marketplace.common.paging.PageRequest;
import dev.marketplace.common.paging.SqlFilter;
import dev.marketplace.common.paging.Total;
import dev.marketplace.reseller.association.repository.AssociationRepository;
import dev.marketplace.reseller.directory.domain.CompanySearch;
import dev.marketplace.reseller.directory.domain.UserSearch;
import dev.marketplace.reseller.directory.repository.CompanyRepository;
import dev.marketplace.reseller.directory.repository.UserRepository;
import dev.marketplace.testkit.QueryPlans;
import io.quarkus.test.junit.QuarkusTest;
import io.vertx.mutiny.sqlclient.Pool;

/**
 * Every list query keeps using its index: the reseller program's companies, a company's and the program's users and a
 * reseller's associations are seeded with 200,000 rows each (and companies of another marketplace beside them), then
 * the very SQL the repositories build is planned — first page, a text filter, a deep page and the capped count of a
 * filtered list (an unfiltered one reads its counter). A query that falls back to scanning its whole table fails here.
 */
@QuarkusTest
class ListPlansTest {
    private static final int ROWS = 200_000;
    private static final String PARTNER = "PLANS";
    /** The reseller company whose members and associations are seeded. */
    private static final UUID COMPANY = UUID.nameUUIDFromBytes("plans-reseller".getBytes());
    private static final PageRequest FIRST = PageRequest.of(0, 50, 50);
    private static final PageRequest DEEP = PageRequest.of(2_000, 50, 50);
    private static Connection db;

    @Inject
    Pool pool;

    @BeforeAll
    static void seed() throws Exception {
        db = QueryPlans.seeded("seed/lists.sql", Map.of("partner", PARTNER, "company", COMPANY.toString(), "rows",
                Integer.toString(ROWS)), "directory_company", "directory_user", "directory_membership",
                "company_association");
    }

    @AfterAll
    static void close() throws Exception {
        db.close();
    }

    @Test
    void theProgramsCompanies() throws Exception {
        for (CompanySearch.SortField sort : CompanySearch.SortField.values()) {
            for (boolean ascending : List.of(true, false)) {
                CompanySearch f = companies(null, null, sort, ascending);
                SqlFilter where = CompanyRepository.sqlFilter(f);
                for (PageRequest page : List.of(FIRST, DEEP)) {
                    String plan = explain(db, CompanyRepository.pageSql(f, where, page), where.params());
                    assertNoSeqScan(plan, "directory_company");
                    assertUsesIndex(plan, "directory_company_program_list");
                }
            }
        }
        CompanySearch enabled = companies(true, null, CompanySearch.SortField.CREATED_ON, false);
        SqlFilter flags = CompanyRepository.sqlFilter(enabled);
        for (PageRequest page : List.of(FIRST, DEEP)) {
            String plan = explain(db, CompanyRepository.pageSql(enabled, flags, page), flags.params());
            assertNoSeqScan(plan, "directory_company");
        }
        // the two words of one seeded company's name (the seed draws names from a vocabulary: one company of the 200,000)
        CompanySearch searched = companies(null, companyTerm(), CompanySearch.SortField.CREATED_ON, false);
        SqlFilter text = CompanyRepository.sqlFilter(searched);
        String plan = explain(db, CompanyRepository.pageSql(searched, text, FIRST), text.params());
        assertNoSeqScan(plan, "directory_company");
        assertUsesIndex(plan, "directory_company_name_trgm");
        assertUsesIndex(plan, "directory_company_external_id_trgm");
        assertNoSeqScan(count("from directory_company c", text), "directory_company");
        // a word of a name the column's sample holds (about 1 % of the companies by the sample, a few in fact): its
        // companies are found through the text indexes and then ordered, never by walking the ordering index
        String sampledName = QueryPlans.sampledValue(db, "directory_company", "name").split(" ")[0];
        CommonWords companyWords = QueryPlans.commonWords(db, "directory_company", "name")
                .or(QueryPlans.commonWords(db, "directory_company", "external_id"));
        CompanySearch bySampled = companies(null, sampledName, CompanySearch.SortField.CREATED_ON, false);
        SqlFilter sampled = CompanyRepository.sqlFilter(bySampled, companyWords);
        assertTrue(sampled.rareText(), sampledName);
        for (PageRequest page : List.of(FIRST, DEEP)) {
            String sampledPlan = explain(db, CompanyRepository.pageSql(bySampled, sampled, page), sampled.params());
            assertUsesIndex(sampledPlan, "directory_company_name_trgm");
            assertFalse(sampledPlan.contains("directory_company_program_") || sampledPlan.contains("directory_company_created"),
                    sampledPlan);
        }
        // a page's member counts: the companies' counters
        assertNoSeqScan(explain(db, "select scope, n from list_counter where list = 'company-users' and scope in (?1, ?2)",
                List.of(COMPANY.toString(), UUID.randomUUID().toString())), "list_counter");
        // the active filter: the flag leads the ordering index, so a rare value (one active company of the 200,000)
        // is a walk of its own entries, first and deep pages, in each order; never a membership probe per company
        for (boolean activeOnly : List.of(true, false)) {
            for (CompanySearch.SortField sort : CompanySearch.SortField.values()) {
                for (boolean ascending : List.of(true, false)) {
                    CompanySearch f = new CompanySearch(PARTNER, null, activeOnly, null, null, null, null, null, null,
                            sort, ascending);
                    SqlFilter where = CompanyRepository.sqlFilter(f);
                    for (PageRequest page : List.of(FIRST, DEEP)) {
                        String filtered = explain(db, CompanyRepository.pageSql(f, where, page), where.params());
                        assertNoSeqScan(filtered, "directory_company");
                        assertNoSeqScan(filtered, "directory_membership");
                        assertUsesIndex(filtered, "directory_company_program_active_list");
                        if (filtered.contains("directory_membership")) {
                            throw new AssertionError("the active filter probes the memberships:\n" + filtered);
                        }
                    }
                }
            }
        }
        // the seed's flags: only the company with members is active
        List<String> active = new java.util.ArrayList<>();
        try (Statement s = db.createStatement();
                ResultSet rs = s.executeQuery("select id::text from directory_company where partner = '" + PARTNER
                        + "' and active")) {
            while (rs.next()) {
                active.add(rs.getString(1));
            }
        }
        assertEquals(List.of(COMPANY.toString()), active);
    }

    /**
     * The service prepares its statements once per connection and runs them many times (the reactive client's
     * statement cache): each run must still be planned with its values. Under PostgreSQL's default, after five runs a
     * generic plan, made without the term, may be kept: a "contains" filter then looks unselective and its page walks
     * the whole ordering index (companies searchText: 3 ms with the term, 1.2-1.7 s generic at a million companies).
     * The statement is run here as the service runs it, in the plan cache mode of the service's own connections.
     */
    @Test
    void aPreparedTextFilterIsPlannedWithItsTermEveryTime() throws Exception {
        String mode = pool.query("show plan_cache_mode").execute().await().indefinitely().iterator().next().getString(0);
        CompanySearch searched = companies(null, companyTerm(), CompanySearch.SortField.CREATED_ON, false);
        SqlFilter text = CompanyRepository.sqlFilter(searched);
        String sql = CompanyRepository.pageSql(searched, text, FIRST);
        // under any other mode the server may keep the generic plan (it chooses by estimated cost): it must do too
        for (String planned : "force_custom_plan".equals(mode) ? List.of(mode) : List.of(mode, "force_generic_plan")) {
            assertUsesIndex(preparedPlan(sql, text.params(), planned), "directory_company_name_trgm");
        }
    }

    /** The plan of {@code sql}'s seventh run as a prepared statement in plan cache mode {@code mode}. */
    private static String preparedPlan(String sql, List<Object> params, String mode) throws Exception {
        StringBuilder values = new StringBuilder();
        for (int i = params.size(); i >= 1; i--) {
            sql = sql.replace("?" + i, "$" + i);
        }
        for (Object value : params) {
            values.append(values.isEmpty() ? "" : ", ").append("'").append(value.toString().replace("'", "''")).append("'");
        }
        String execute = "execute listed(" + values + ")";
        StringBuilder plan = new StringBuilder();
        try (Statement s = db.createStatement()) {
            s.execute("set plan_cache_mode = " + mode);
            s.execute("prepare listed as " + sql);
            try {
                // the first five runs are planned with their values; from the sixth the server may keep a generic plan
                for (int run = 0; run < 6; run++) {
                    s.execute(execute);
                }
                try (ResultSet rs = s.executeQuery("explain " + execute)) {
                    while (rs.next()) {
                        plan.append(rs.getString(1)).append('\n');
                    }
                }
            } finally {
                s.execute("deallocate listed");
                s.execute("reset plan_cache_mode");
            }
        }
        return plan.toString();
    }

    @Test
    void usersOfACompanyAndOfTheProgram() throws Exception {
        // the local part of one seeded user's email (one user of the 200,000)
        String local = seeded("select split_part(email, '@', 1) from directory_user where id = ?", "user");
        for (UUID company : java.util.Arrays.asList(COMPANY, null)) {
            for (UserSearch.SortField sort : UserSearch.SortField.values()) {
                for (boolean ascending : List.of(true, false)) {
                    UserSearch f = users(company, null, null, sort, ascending);
                    SqlFilter where = UserRepository.sqlFilter(f);
                    for (PageRequest page : List.of(FIRST, DEEP)) {
                        String plan = explain(db, UserRepository.pageSql(f, where, page), where.params());
                        assertNoSeqScan(plan, "directory_membership");
                        assertUsesIndex(plan, company == null ? "directory_membership_program_" : "directory_membership_company_");
                    }
                }
            }
            UserSearch searched = users(company, null, local, UserSearch.SortField.EMAIL, true);
            SqlFilter text = UserRepository.sqlFilter(searched);
            String plan = explain(db, UserRepository.pageSql(searched, text, FIRST), text.params());
            assertNoSeqScan(plan, "directory_membership");
            assertUsesIndex(plan, "directory_membership_search_trgm");
            assertNoSeqScan(count("from directory_membership m", text), "directory_membership");
            UserSearch pending = users(company, Set.of("PENDING"), null, UserSearch.SortField.EMAIL, true);
            SqlFilter status = UserRepository.sqlFilter(pending);
            assertNoSeqScan(explain(db, UserRepository.pageSql(pending, status, FIRST), status.params()), "directory_membership");
            assertNoSeqScan(count("from directory_membership m", status), "directory_membership");
        }
    }

    @Test
    void aResellersAssociations() throws Exception {
        for (AssociationRepository.SortField sort : AssociationRepository.SortField.values()) {
            for (boolean ascending : List.of(true, false)) {
                AssociationRepository.Filter f = new AssociationRepository.Filter(PARTNER, COMPANY, null, null, null, null,
                        sort, ascending);
                SqlFilter where = AssociationRepository.sqlFilter(f, false);
                for (PageRequest page : List.of(FIRST, DEEP)) {
                    String plan = explain(db, AssociationRepository.pageSql(f, where, page), where.params());
                    assertNoSeqScan(plan, "company_association");
                    assertUsesIndex(plan, "company_association_reseller_");
                }
            }
        }
        AssociationRepository.Filter searched = new AssociationRepository.Filter(PARTNER, COMPANY, null, companyTerm(),
                null, null, AssociationRepository.SortField.CREATED_ON, false);
        SqlFilter text = AssociationRepository.sqlFilter(searched, false);
        String plan = explain(db, AssociationRepository.pageSql(searched, text, FIRST), text.params());
        assertNoSeqScan(plan, "company_association");
        assertNoSeqScan(plan, "directory_company");
        assertUsesIndex(plan, "directory_company_name_trgm");
        assertNoSeqScan(count("from company_association a", text), "company_association");
        // a word of a customer's name the sample holds: the customers that match are found first, then ordered
        String sampledName = QueryPlans.sampledValue(db, "directory_company", "name").split(" ")[0];
        AssociationRepository.Filter bySampled = new AssociationRepository.Filter(PARTNER, COMPANY, null, sampledName,
                null, null, AssociationRepository.SortField.CREATED_ON, false);
        SqlFilter sampled = AssociationRepository.sqlFilter(bySampled, false,
                QueryPlans.commonWords(db, "directory_company", "name"));
        assertTrue(sampled.rareText(), sampledName);
        for (PageRequest page : List.of(FIRST, DEEP)) {
            String sampledPlan = explain(db, AssociationRepository.pageSql(bySampled, sampled, page), sampled.params());
            assertUsesIndex(sampledPlan, "directory_company_name_trgm");
            assertFalse(sampledPlan.contains("company_association_reseller_"), sampledPlan);
        }
        // a customer's associations
        UUID customer = UUID.nameUUIDFromBytes("someone".getBytes());
        AssociationRepository.Filter ofCustomer = new AssociationRepository.Filter(PARTNER, null, customer, null, null, null,
                AssociationRepository.SortField.CREATED_ON, false);
        SqlFilter where = AssociationRepository.sqlFilter(ofCustomer, false);
        assertUsesIndex(explain(db, AssociationRepository.pageSql(ofCustomer, where, FIRST), where.params()),
                "company_association_customer_");
    }

    private static CompanySearch companies(Boolean enabled, String text, CompanySearch.SortField sort,
            boolean ascending) {
        return new CompanySearch(PARTNER, null, null, enabled, text, null, null, null, null, sort, ascending);
    }

    private static UserSearch users(UUID company, Set<String> statuses, String text,
            UserSearch.SortField sort, boolean ascending) {
        return new UserSearch(PARTNER, company, null, statuses, text, null, null, sort, ascending);
    }

    /** The two words of one seeded company's name. */
    private static String companyTerm() throws Exception {
        return words(seeded("select name from directory_company where id = ?", "company"), 2);
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
