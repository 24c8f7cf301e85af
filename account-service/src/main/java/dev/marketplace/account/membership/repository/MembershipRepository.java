package dev.marketplace.account.membership.repository;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;

import dev.marketplace.account.membership.domain.Membership;
import dev.marketplace.account.support.Queries;
import dev.marketplace.account.user.domain.UserStatus;
import dev.marketplace.common.paging.PageRequest;
import io.quarkus.hibernate.reactive.panache.PanacheRepositoryBase;
import io.smallrye.mutiny.Uni;

@ApplicationScoped
public class MembershipRepository implements PanacheRepositoryBase<Membership, UUID> {
    private static final String ROLE_SEPARATOR = "\u001f";

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

    /** Memberships with each user, one {@code Object[]{Membership, AppUser}} per row. */
    public Uni<List<Object[]>> search(Filter filter, PageRequest page) {
        Map<String, Object> params = new HashMap<>();
        String where = where(filter, params);
        String direction = filter.ascending() ? " asc" : " desc";
        String order = switch (filter.sortField()) {
            case DATE -> "m.createdOn" + direction;
            case FIRST_NAME -> "lower(u.firstName)" + direction + " nulls last";
            case LAST_NAME -> "lower(u.lastName)" + direction + " nulls last";
        };
        return Queries.list("select m, u from Membership m join AppUser u on u.uuid = m.userUuid where " + where
                + " order by " + order + ", m.uuid", params, Object[].class, page);
    }

    public Uni<Long> count(Filter filter) {
        Map<String, Object> params = new HashMap<>();
        return Queries.count("select count(m) from Membership m join AppUser u on u.uuid = m.userUuid where "
                + where(filter, params), params);
    }

    /** Enabled members of {@code company} who can log in and hold one of {@code roles}, with their users. */
    public Uni<List<Object[]>> withAnyRole(UUID company, List<String> roles) {
        Map<String, Object> params = new HashMap<>();
        params.put("company", company);
        StringBuilder anyRole = new StringBuilder();
        for (int i = 0; i < roles.size(); i++) {
            anyRole.append(i == 0 ? "" : " or ").append("concat(:sep, m.roles, :sep) like :role").append(i);
            params.put("role" + i, "%" + ROLE_SEPARATOR + roles.get(i) + ROLE_SEPARATOR + "%");
        }
        params.put("sep", ROLE_SEPARATOR);
        params.put("active", UserStatus.ACTIVE);
        return Queries.list("select m, u from Membership m join AppUser u on u.uuid = m.userUuid where m.companyUuid = :company"
                + " and m.enabled = true and u.status = :active and (" + anyRole + ") order by u.email", params, Object[].class,
                null);
    }

    private static String where(Filter f, Map<String, Object> params) {
        StringBuilder where = new StringBuilder("m.companyUuid = :company");
        params.put("company", f.company());
        if (f.active() != null) {
            where.append(f.active() ? " and u.status = :active" : " and u.status <> :active");
            params.put("active", UserStatus.ACTIVE);
        }
        if (f.enabled() != null) {
            where.append(" and m.enabled = :enabled");
            params.put("enabled", f.enabled());
        }
        if (f.roleName() != null) {
            where.append(" and concat(:sep, m.roles, :sep) like :role");
            params.put("sep", ROLE_SEPARATOR);
            params.put("role", "%" + ROLE_SEPARATOR + f.roleName() + ROLE_SEPARATOR + "%");
        }
        if (f.groupUuid() != null) {
            where.append(Boolean.FALSE.equals(f.inGroup()) ? " and not" : " and").append(
                    " exists (select 1 from GroupMember g where g.groupUuid = :group and g.userUuid = m.userUuid)");
            params.put("group", f.groupUuid());
        }
        if (f.searchText() != null && !f.searchText().isBlank()) {
            where.append(" and (lower(u.email) like :text escape '\\' or lower(u.firstName) like :text escape '\\'"
                    + " or lower(u.lastName) like :text escape '\\'"
                    + " or lower(concat(coalesce(u.firstName, ''), ' ', coalesce(u.lastName, ''))) like :text escape '\\')");
            params.put("text", "%" + Queries.escapeLike(f.searchText().trim()) + "%");
        }
        return where.toString();
    }
}
