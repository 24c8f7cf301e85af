package dev.marketplace.lead.activity.repository;

import java.time.Instant;
import java.util.List;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;

import dev.marketplace.common.paging.ListQueries;
import dev.marketplace.common.paging.PageRequest;
import dev.marketplace.common.paging.SqlFilter;
import dev.marketplace.common.paging.Total;
import dev.marketplace.lead.activity.domain.LeadActivity;
import io.quarkus.hibernate.reactive.panache.PanacheRepositoryBase;
import io.smallrye.mutiny.Uni;

/** A lead's history, by creation time (index lead_activity_lead_created). */
@ApplicationScoped
public class ActivityRepository implements PanacheRepositoryBase<LeadActivity, UUID> {
    /** A lead's activities in {@code list_counter}, scoped by lead id. */
    static final String LIST = "lead-activities";

    public Uni<List<LeadActivity>> page(UUID lead, Instant from, Instant to, boolean ascending, PageRequest page) {
        SqlFilter where = sqlFilter(lead, from, to);
        return ListQueries.page(LeadActivity.class, UUID.class, "id", a -> a.id, pageSql(where, ascending, page), where);
    }

    /** The lead's counter when no dates are given, else a capped count. */
    public Uni<Total> count(UUID lead, Instant from, Instant to) {
        return ListQueries.total("from lead_activity a", sqlFilter(lead, from, to), LIST, lead);
    }

    public static String pageSql(SqlFilter where, boolean ascending, PageRequest page) {
        String d = ascending ? " asc" : " desc";
        return ListQueries.pageSql("lead_activity a", "a.id", where, "a.created_on" + d + ", a.id" + d, page);
    }

    public static SqlFilter sqlFilter(UUID lead, Instant from, Instant to) {
        SqlFilter where = SqlFilter.scope("a.lead_id = ?", lead);
        return where.andWithin("a.created_on", from, to);
    }
}
