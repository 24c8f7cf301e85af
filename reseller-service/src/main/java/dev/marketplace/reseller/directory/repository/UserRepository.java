package dev.marketplace.reseller.directory.repository;

import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;

import dev.marketplace.common.paging.PageRequest;
import dev.marketplace.reseller.directory.domain.DirectoryChange.UserChange;
import dev.marketplace.reseller.directory.domain.DirectoryUser;
import dev.marketplace.reseller.directory.domain.UserSearch;
import io.quarkus.hibernate.reactive.panache.PanacheRepositoryBase;
import dev.marketplace.reseller.support.Sql;
import io.smallrye.mutiny.Uni;

@ApplicationScoped
public class UserRepository implements PanacheRepositoryBase<DirectoryUser, UUID> {

    public Uni<Integer> apply(UserChange change) {
        Upsert upsert = new Upsert("directory_user", "id").key("id", change.id()).key("partner", change.partner())
                .set("source_version", change.version());
        change.fields().forEach((column, value) -> upsert.set(column.column(), value));
        change.defaults().forEach((column, value) -> upsert.onInsert(column.column(), value));
        upsert.onInsert("created_on", change.version());
        return upsert.execute();
    }

    /** Whether a user (not removed) of the marketplace has this email, case-insensitively. */
    public Uni<Boolean> emailTaken(String partner, String email) {
        return count("partner = ?1 and lower(email) = lower(?2) and status <> ?3", partner, email, DirectoryUser.DELETED)
                .map(n -> n > 0);
    }

    public Uni<Boolean> externalIdTaken(String partner, String externalId) {
        return count("partner = ?1 and externalId = ?2 and status <> ?3", partner, externalId, DirectoryUser.DELETED)
                .map(n -> n > 0);
    }

    public Uni<List<UserSearch.Row>> search(UserSearch filter, PageRequest page) {
        Map<String, Object> params = new HashMap<>();
        String d = filter.ascending() ? " asc" : " desc";
        String order = switch (filter.sortField()) {
            case CUSTOMER_ID -> "m.company_id" + d + ", m.user_id" + d;
            case EMAIL -> "lower(u.email)" + d + ", u.id" + d + ", m.company_id" + d;
            case FIRST_NAME -> "lower(u.first_name)" + d + " nulls last, u.id" + d + ", m.company_id" + d;
        };
        params.put("limit", page.size());
        params.put("offset", page.offset());
        return Sql.list("select m.company_id, m.user_id " + fromWhere(filter, params) + " order by " + order
                + " limit :limit offset :offset", params, Object[].class)
                .map(rows -> rows.stream().map(r -> new UserSearch.Row((UUID) r[0], (UUID) r[1])).toList());
    }

    /** How many rows the listing has, counting at most {@code cap + 1}. */
    public Uni<Long> count(UserSearch filter, int cap) {
        Map<String, Object> params = new HashMap<>();
        return Sql.cappedCount(fromWhere(filter, params), params, cap);
    }

    public Uni<Map<UUID, DirectoryUser>> byIds(List<UUID> ids) {
        if (ids.isEmpty()) {
            return Uni.createFrom().item(Map.of());
        }
        return list("id in ?1", ids).map(found -> {
            Map<UUID, DirectoryUser> byId = new HashMap<>();
            found.forEach(u -> byId.put(u.id, u));
            return byId;
        });
    }

    private static String fromWhere(UserSearch f, Map<String, Object> params) {
        StringBuilder where = new StringBuilder("from directory_membership m join directory_user u on u.id = m.user_id"
                + " where m.partner = :partner and u.partner = :partner and not m.deleted and u.status <> 'DELETED'");
        params.put("partner", f.partner());
        if (f.company() != null) {
            where.append(" and m.company_id = :company");
            params.put("company", f.company());
        } else if (f.linkedTo() != null) {
            where.append(" and m.company_id in (select a.customer_company_id from company_association a"
                    + " where a.reseller_company_id in (:resellers))");
            params.put("resellers", List.copyOf(f.linkedTo()));
        } else {
            where.append(" and m.company_id in (select c.id from directory_company c where c.partner = :partner"
                    + " and (c.reseller or c.referral) and not c.deleted)");
        }
        if (f.statuses() != null) {
            where.append(" and u.status in (:statuses)");
            params.put("statuses", new ArrayList<>(f.statuses()));
        }
        if (f.searchText() != null) {
            where.append(" and (lower(u.email) like :search escape '\\' or lower(u.first_name) like :search escape '\\'"
                    + " or lower(u.last_name) like :search escape '\\')");
            params.put("search", Sql.contains(f.searchText()));
        }
        if (f.from() != null) {
            where.append(" and u.created_on >= :from");
            params.put("from", f.from());
        }
        if (f.to() != null) {
            where.append(" and u.created_on <= :to");
            params.put("to", f.to());
        }
        return where.toString();
    }
}
