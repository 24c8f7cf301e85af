package dev.marketplace.account.group.repository;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;

import dev.marketplace.account.group.domain.CompanyGroup;
import dev.marketplace.account.support.Queries;
import dev.marketplace.common.paging.PageRequest;
import io.quarkus.hibernate.reactive.panache.PanacheRepositoryBase;
import io.smallrye.mutiny.Uni;

@ApplicationScoped
public class GroupRepository implements PanacheRepositoryBase<CompanyGroup, UUID> {

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

    public Uni<List<CompanyGroup>> search(Filter filter, PageRequest page) {
        Map<String, Object> params = new HashMap<>();
        String direction = filter.ascending() ? " asc" : " desc";
        String order = filter.byName() ? "lower(g.name)" + direction : "g.createdOn" + direction;
        return Queries.list("select g from CompanyGroup g where " + where(filter, params) + " order by " + order + ", g.uuid",
                params, CompanyGroup.class, page);
    }

    public Uni<Long> count(Filter filter) {
        Map<String, Object> params = new HashMap<>();
        return Queries.count("select count(g) from CompanyGroup g where " + where(filter, params), params);
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

    private static String where(Filter f, Map<String, Object> params) {
        StringBuilder where = new StringBuilder("g.companyUuid = :company");
        params.put("company", f.company());
        if (f.member() != null) {
            where.append(" and exists (select 1 from GroupMember m where m.groupUuid = g.uuid and m.userUuid = :member)");
            params.put("member", f.member());
        }
        if (f.searchText() != null && !f.searchText().isBlank()) {
            where.append(" and (lower(g.name) like :text escape '\\' or lower(coalesce(g.description, '')) like :text escape '\\')");
            params.put("text", "%" + Queries.escapeLike(f.searchText().trim()) + "%");
        }
        return where.toString();
    }
}
