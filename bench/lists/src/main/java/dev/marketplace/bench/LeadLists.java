package dev.marketplace.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

import dev.marketplace.bench.ListsBench.Query;
import dev.marketplace.bench.ListsBench.Sql;
import dev.marketplace.common.paging.PageRequest;
import dev.marketplace.common.paging.SqlFilter;
import dev.marketplace.lead.access.Actor;
import dev.marketplace.lead.access.LeadContext;
import dev.marketplace.lead.activity.repository.ActivityRepository;
import dev.marketplace.lead.lead.domain.LeadSortField;
import dev.marketplace.lead.lead.repository.LeadFilter;
import dev.marketplace.lead.lead.repository.LeadRepository;

/**
 * lead-service's lists for {@link ListsBench}: the marketplace's leads (channel credentials in context PARTNER, as the
 * bench's token) and the activities of one lead, seeded by lead-service/src/test/resources/seed/lists.sql (its
 * {@code company} parameter is the lead whose activities are seeded).
 */
final class LeadLists {
    private LeadLists() {
    }

    /**
     * First page, text filter and page 2,000 (the deepest served) of each list. {@code company}: a company of the marketplace known to
     * account-service (the context's company, checked there on every call) and the seeded lead.
     */
    static List<Query> leadQueries(String partner, UUID company) {
        PageRequest first = PageRequest.of(0, 50, 50);
        PageRequest deep = PageRequest.of(2_000, 50, 50);
        String leads = "/api/lead/v2/leads?context=PARTNER&companyId=" + company + "&size=50";
        // channel credentials: no acting user, so no own manual leads beside the counter
        Actor actor = new Actor(partner, LeadContext.PARTNER, company, null, null, "bench");
        LeadFilter all = new LeadFilter(actor, null, null, null, null, LeadSortField.DATE, false);
        // the two words of one seeded lead's customer company (SeedNames: the seed's formulas): 1 lead of a million
        String customer = SeedNames.words(SeedNames.companyName(SeedNames.ROW), 2);
        LeadFilter searched = new LeadFilter(actor, null, customer, null, null, LeadSortField.DATE, false);
        List<Query> queries = new ArrayList<>();
        queries.add(new Query("leads", "first page", leads, false, leadSql(all, first, partner)));
        queries.add(new Query("leads", "searchText (company name, 1 row)", leads + "&searchText=" + SeedNames.query(customer),
                false, leadSql(searched, first, partner)));
        queries.add(new Query("leads", "page 2,000", leads + "&page=2000", true, leadSql(all, deep, partner)));

        String activities = "/api/lead/v2/leads/" + company + "/activities?context=PARTNER&companyId=" + company
                + "&size=50";
        queries.add(new Query("lead activities", "first page", activities, false, activitySql(company, first)));
        queries.add(new Query("lead activities", "page 2,000", activities + "&page=2000", true,
                activitySql(company, deep)));
        return queries;
    }

    private static List<Sql> leadSql(LeadFilter f, PageRequest page, String partner) {
        SqlFilter where = LeadRepository.sqlFilter(f);
        return ListsBench.withTotal(new Sql("page", LeadRepository.pageSql(f, where, page), where.params()), "from lead l",
                where, "leads", partner);
    }

    private static List<Sql> activitySql(UUID lead, PageRequest page) {
        SqlFilter where = ActivityRepository.sqlFilter(lead, null, null);
        return ListsBench.withTotal(new Sql("page", ActivityRepository.pageSql(where, false, page), where.params()),
                "from lead_activity a", where, "lead-activities", lead);
    }
}
