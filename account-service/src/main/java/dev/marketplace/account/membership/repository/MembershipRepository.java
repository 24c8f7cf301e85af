package dev.marketplace.account.membership.repository;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;

import dev.marketplace.account.membership.domain.Membership;
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
public class MembershipRepository implements PanacheRepositoryBase<Membership, UUID> {
    /** The name of a company's memberships list in {@code list_counter}, scoped by company. */
    static final String LIST = "memberships";
    private static final String ROLE_SEPARATOR = "\u001f";

    private final CommonWordsReader commonWords;

    public MembershipRepository(CommonWordsReader commonWords) {
        this.commonWords = commonWords;
    }

    public enum SortField {
        DATE, FIRST_NAME, LAST_NAME
    }

    /** Filters of the membership listing; null means "any". */
    public record Filter(UUID company, Boolean active, Boolean enabled, String roleName, UUID groupUuid, Boolean inGroup,
            String searchText, SortField sortField, boolean ascending) {
    }

    public Uni<Membership> find(UUID company, UUID user) {
        return find("companyUuid = ?1 and userUuid = ?2", company, user).firstResult();
    }

    public Uni<List<Membership>> ofUser(UUID user) {
        return list("userUuid = ?1 order by createdOn", user);
    }

    public Uni<List<Membership>> ofUsers(List<UUID> users) {
        return users.isEmpty() ? Uni.createFrom().item(List.of()) : list("userUuid in ?1 order by createdOn", users);
    }

    /**
     * A page of a company's memberships: read from the membership's own copy of the user's sort keys and status (V5
     * triggers); the caller fetches the page's users in one more query.
     */
    public Uni<List<Membership>> search(Filter filter, PageRequest page) {
        return where(filter).chain(where -> ListQueries.page(Membership.class, UUID.class, "uuid", m -> m.uuid,
                pageSql(filter, where, page), where));
    }

    /** The list's total: the company's counter when unfiltered, else a capped count. */
    public Uni<Total> count(Filter filter) {
        return where(filter).chain(where -> ListQueries.total("from membership m", where, LIST, filter.company()));
    }

    private Uni<SqlFilter> where(Filter filter) {
        return commonWords.of("membership", "user_search", filter.searchText()).map(common -> sqlFilter(filter, common));
    }

    public static String pageSql(Filter filter, SqlFilter where, PageRequest page) {
        String direction = filter.ascending() ? " asc" : " desc";
        String key = switch (filter.sortField()) {
            case DATE -> "m.created_on";
            case FIRST_NAME -> "m.user_sort_first_name";
            case LAST_NAME -> "m.user_sort_last_name";
        };
        String order = key + direction + (filter.sortField() == SortField.DATE ? "" : " nulls last") + ", m.uuid" + direction;
        return ListQueries.pageSql("membership m", "m.uuid", where, order, page);
    }

    public static SqlFilter sqlFilter(Filter f) {
        return sqlFilter(f, CommonWords.NONE);
    }

    public static SqlFilter sqlFilter(Filter f, CommonWords common) {
        SqlFilter where = SqlFilter.scope("m.company_uuid = ?", f.company());
        if (f.active() != null) {
            where.and(f.active() ? "m.user_status = 'ACTIVE'" : "m.user_status <> 'ACTIVE'");
        }
        if (f.enabled() != null) {
            where.and("m.enabled = ?", f.enabled());
        }
        if (f.roleName() != null) {
            where.and("? || m.roles || ? like ?", ROLE_SEPARATOR, ROLE_SEPARATOR,
                    "%" + ROLE_SEPARATOR + f.roleName() + ROLE_SEPARATOR + "%");
        }
        if (f.groupUuid() != null) {
            where.and((Boolean.FALSE.equals(f.inGroup()) ? "not " : "")
                    + "exists (select 1 from group_member g where g.group_uuid = ? and g.user_uuid = m.user_uuid)", f.groupUuid());
        }
        if (f.searchText() != null && !f.searchText().isBlank()) {
            where.andContains("m.user_search", f.searchText(), common);
        }
        return where;
    }

    /** Enabled memberships of {@code company} holding one of {@code roles}. */
    public Uni<List<Membership>> enabledWithAnyRole(UUID company, List<String> roles) {
        Map<String, Object> params = new HashMap<>();
        params.put("company", company);
        StringBuilder anyRole = new StringBuilder();
        for (int i = 0; i < roles.size(); i++) {
            anyRole.append(i == 0 ? "" : " or ").append("concat(:sep, m.roles, :sep) like :role").append(i);
            params.put("role" + i, "%" + ROLE_SEPARATOR + roles.get(i) + ROLE_SEPARATOR + "%");
        }
        params.put("sep", ROLE_SEPARATOR);
        return Queries.list("select m from Membership m where m.companyUuid = :company and m.enabled = true and (" + anyRole
                + ")", params, Membership.class, null);
    }

    /** How many companies other than {@code company} the user belongs to. */
    public Uni<Long> otherCompanies(UUID user, UUID company) {
        return count("userUuid = ?1 and companyUuid <> ?2", user, company);
    }
}
