package dev.marketplace.account.activity.repository;

import java.util.List;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;

import dev.marketplace.account.activity.domain.Activity;
import dev.marketplace.common.paging.ListQueries;
import dev.marketplace.common.paging.PageRequest;
import dev.marketplace.common.paging.SqlFilter;
import dev.marketplace.common.paging.Total;
import io.quarkus.hibernate.reactive.panache.PanacheRepositoryBase;
import io.smallrye.mutiny.Uni;

@ApplicationScoped
public class ActivityRepository implements PanacheRepositoryBase<Activity, UUID> {
    /** The name of a company's activities list in {@code list_counter}, scoped by company. */
    static final String LIST = "activities";

    /** {@code user} null: every activity of the company; otherwise those the user did or was the subject of. */
    public Uni<List<Activity>> page(UUID company, UUID user, PageRequest page) {
        SqlFilter where = sqlFilter(company, user);
        return ListQueries.page(Activity.class, UUID.class, "uuid", a -> a.uuid, pageSql(where, page), where);
    }

    public static String pageSql(SqlFilter where, PageRequest page) {
        return ListQueries.pageSql("activity a", "a.uuid", where, "a.created_on desc, a.uuid desc", page);
    }

    /** The list's total: the company's counter for everyone's activities, else a capped count. */
    public Uni<Total> count(UUID company, UUID user) {
        return ListQueries.total("from activity a", sqlFilter(company, user), LIST, company);
    }

    public static SqlFilter sqlFilter(UUID company, UUID user) {
        SqlFilter where = SqlFilter.scope("a.company_uuid = ?", company);
        if (user != null) {
            where.and("(a.actor_uuid = ? or a.subject_uuid = ?)", user, user);
        }
        return where;
    }
}
