package dev.marketplace.account.user.repository;

import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;

import dev.marketplace.account.support.Queries;
import dev.marketplace.account.user.domain.AppUser;
import dev.marketplace.account.user.domain.UserStatus;
import io.quarkus.hibernate.reactive.panache.PanacheRepositoryBase;
import io.smallrye.mutiny.Uni;

@ApplicationScoped
public class UserRepository implements PanacheRepositoryBase<AppUser, UUID> {

    public enum SortField {
        DATE, FIRST_NAME, LAST_NAME, EMAIL, LAST_MODIFIED
    }

    /** Filters of the user listings (REST and GraphQL); null means "any". Deleted users are never listed. */
    public record Filter(String partner, String name, String email, String externalId, String username, String membershipRole,
            Instant modifiedSince, SortField sortField, boolean ascending) {
    }

    public Uni<AppUser> findByEmail(String partner, String email) {
        return find("partner = ?1 and lower(email) = lower(?2)", partner, email).firstResult();
    }

    public Uni<AppUser> findByExternalId(String partner, String externalId) {
        return find("partner = ?1 and externalId = ?2", partner, externalId).firstResult();
    }

    public Uni<List<AppUser>> search(Filter filter, int offset, int limit) {
        Map<String, Object> params = new HashMap<>();
        String direction = filter.ascending() ? " asc" : " desc";
        String order = switch (filter.sortField()) {
            case DATE -> "u.createdOn" + direction;
            case LAST_MODIFIED -> "u.lastModified" + direction;
            case EMAIL -> "lower(u.email)" + direction;
            case FIRST_NAME -> "lower(u.firstName)" + direction + " nulls last";
            case LAST_NAME -> "lower(u.lastName)" + direction + " nulls last";
        };
        return Panache_list("select u from AppUser u where " + where(filter, params) + " order by " + order + ", u.uuid" + direction,
                params, offset, limit);
    }

    public Uni<Long> count(Filter filter) {
        Map<String, Object> params = new HashMap<>();
        return Queries.count("select count(u) from AppUser u where " + where(filter, params), params);
    }

    private static Uni<List<AppUser>> Panache_list(String hql, Map<String, Object> params, int offset, int limit) {
        return io.quarkus.hibernate.reactive.panache.Panache.getSession().chain(session -> {
            var query = session.createSelectionQuery(hql, AppUser.class);
            params.forEach(query::setParameter);
            return query.setFirstResult(offset).setMaxResults(limit).getResultList();
        });
    }

    private static String where(Filter f, Map<String, Object> params) {
        StringBuilder where = new StringBuilder("u.partner = :partner and u.status <> :deleted");
        params.put("partner", f.partner());
        params.put("deleted", UserStatus.DELETED);
        if (f.name() != null && !f.name().isBlank()) {
            where.append(" and (lower(u.firstName) like :name escape '\\' or lower(u.lastName) like :name escape '\\'"
                    + " or lower(concat(coalesce(u.firstName, ''), ' ', coalesce(u.lastName, ''))) like :name escape '\\')");
            params.put("name", "%" + Queries.escapeLike(f.name().trim()) + "%");
        }
        if (f.email() != null && !f.email().isBlank()) {
            where.append(" and lower(u.email) = :email");
            params.put("email", f.email().trim().toLowerCase());
        }
        if (f.externalId() != null) {
            where.append(" and u.externalId = :externalId");
            params.put("externalId", f.externalId());
        }
        if (f.username() != null) {
            where.append(" and coalesce(u.username, u.email) = :username");
            params.put("username", f.username());
        }
        if (f.membershipRole() != null) {
            where.append(" and exists (select 1 from Membership m where m.userUuid = u.uuid"
                    + " and concat(:sep, m.roles, :sep) like :role)");
            params.put("sep", "\u001f");
            params.put("role", "%\u001f" + f.membershipRole() + "\u001f%");
        }
        if (f.modifiedSince() != null) {
            where.append(" and u.lastModified >= :since");
            params.put("since", f.modifiedSince());
        }
        return where.toString();
    }
}
