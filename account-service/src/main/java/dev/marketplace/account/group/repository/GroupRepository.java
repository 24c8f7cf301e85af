package dev.marketplace.account.group.repository;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;

import dev.marketplace.account.group.domain.CompanyGroup;
import dev.marketplace.account.support.Queries;
import dev.marketplace.common.paging.CommonWords;
import dev.marketplace.common.paging.CommonWordsReader;
import dev.marketplace.common.paging.ListQueries;
import dev.marketplace.common.paging.SqlFilter;
import dev.marketplace.common.paging.Total;
import dev.marketplace.common.paging.PageRequest;
import io.quarkus.hibernate.reactive.panache.PanacheRepositoryBase;
import io.smallrye.mutiny.Uni;

@ApplicationScoped
public class GroupRepository implements PanacheRepositoryBase<CompanyGroup, UUID> {
    /** The name of a company's groups list in {@code list_counter}, scoped by company. */
    static final String LIST = "groups";

    private final CommonWordsReader commonWords;

    public GroupRepository(CommonWordsReader commonWords) {
        this.commonWords = commonWords;
    }

    /** Listing filter: a company's groups, optionally only those {@code member} belongs to. */
    public record Filter(UUID company, UUID member, String searchText, boolean byName, boolean ascending) {
    }

    public Uni<CompanyGroup> find(UUID company, UUID group) {
        return find("companyUuid = ?1 and uuid = ?2", company, group).firstResult();
    }

    public Uni<Boolean> nameTaken(UUID company, String name, UUID except) {
        return count("companyUuid = ?1 and lower(name) = lower(?2) and uuid <> ?3", company, name,
                except == null ? new UUID(0, 0) : except).map(n -> n > 0);
    }

    /** A page of a company's groups, by name or by creation, then uuid. */
    public Uni<List<CompanyGroup>> search(Filter filter, PageRequest page) {
        return where(filter).chain(where -> ListQueries.page(CompanyGroup.class, UUID.class, "uuid", g -> g.uuid,
                pageSql(filter, where, page), where));
    }

    public static String pageSql(Filter filter, SqlFilter where, PageRequest page) {
        String direction = filter.ascending() ? " asc" : " desc";
        String key = filter.byName() ? "g.sort_name" : "g.created_on";
        return ListQueries.pageSql("company_group g", "g.uuid", where, key + direction + ", g.uuid" + direction, page);
    }

    /** The list's total: the company's counter when unfiltered, else a capped count. */
    public Uni<Total> count(Filter filter) {
        return where(filter).chain(where -> ListQueries.total("from company_group g", where, LIST, filter.company()));
    }

    private Uni<SqlFilter> where(Filter filter) {
        return commonWords.of("company_group", "search_text", filter.searchText()).map(common -> sqlFilter(filter, common));
    }

    /** Number of members of each group. */
    public Uni<Map<UUID, Long>> memberCounts(List<UUID> groups) {
        if (groups.isEmpty()) {
            return Uni.createFrom().item(Map.of());
        }
        return Queries.list("select m.groupUuid, count(m) from GroupMember m where m.groupUuid in :groups group by m.groupUuid",
                Map.of("groups", groups), Object[].class, null).map(rows -> {
                    Map<UUID, Long> counts = new HashMap<>();
                    for (Object[] row : rows) {
                        counts.put((UUID) row[0], (Long) row[1]);
                    }
                    return counts;
                });
    }

    public static SqlFilter sqlFilter(Filter f) {
        return sqlFilter(f, CommonWords.NONE);
    }

    public static SqlFilter sqlFilter(Filter f, CommonWords common) {
        SqlFilter where = SqlFilter.scope("g.company_uuid = ?", f.company());
        if (f.member() != null) {
            where.and("exists (select 1 from group_member m where m.group_uuid = g.uuid and m.user_uuid = ?)", f.member());
        }
        if (f.searchText() != null && !f.searchText().isBlank()) {
            where.andContains("g.search_text", f.searchText(), common);
        }
        return where;
    }
}
