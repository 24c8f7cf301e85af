package dev.marketplace.reseller.directory.repository;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;

import dev.marketplace.common.paging.PageRequest;
import dev.marketplace.reseller.directory.domain.DirectoryChange.CompanyChange;
import dev.marketplace.reseller.directory.domain.DirectoryChange.CompanyColumn;
import dev.marketplace.reseller.directory.domain.CompanySearch;
import dev.marketplace.reseller.directory.domain.DirectoryCompany;
import dev.marketplace.reseller.directory.domain.DirectoryMembership;
import io.quarkus.hibernate.reactive.panache.PanacheRepositoryBase;
import dev.marketplace.reseller.support.Sql;
import io.smallrye.mutiny.Uni;

@ApplicationScoped
public class CompanyRepository implements PanacheRepositoryBase<DirectoryCompany, UUID> {

    public Uni<Integer> apply(CompanyChange change) {
        Upsert upsert = new Upsert("directory_company", "id").key("id", change.id()).key("partner", change.partner())
                .set("source_version", change.version());
        change.fields().forEach((column, value) -> upsert.set(column.column(), value));
        // a company first known from a partial change still needs its creation time
        upsert.onInsert(CompanyColumn.CREATED_ON.column(), change.version());
        return upsert.execute();
    }

    public Uni<DirectoryCompany> findByExternalId(String partner, String externalId) {
        return find("partner = ?1 and externalId = ?2 and deleted = false", partner, externalId).firstResult();
    }

    /**
     * The reseller companies (reseller access, not removed) where {@code user} holds an enabled membership — one that
     * carries ROLE_RESELLER unless {@code anyRole}.
     */
    public Uni<List<UUID>> resellerCompaniesOf(String partner, UUID user, boolean anyRole) {
        Map<String, Object> params = new HashMap<>();
        params.put("partner", partner);
        params.put("user", user);
        String role = "";
        if (!anyRole) {
            role = " and m.roles like :role";
            params.put("role", DirectoryMembership.rolePattern(dev.marketplace.common.security.Roles.RESELLER));
        }
        return Sql.list("select c.id from directory_membership m join directory_company c on c.id = m.company_id"
                + " where m.user_id = :user and m.partner = :partner and m.enabled and not m.deleted" + role
                + " and c.partner = :partner and c.reseller and not c.deleted order by c.created_on, c.id limit 100",
                params, UUID.class);
    }

    public Uni<List<DirectoryCompany>> search(CompanySearch filter, PageRequest page) {
        Map<String, Object> params = new HashMap<>();
        String direction = filter.ascending() ? " asc" : " desc";
        String order = filter.sortField() == CompanySearch.SortField.COMPANY_ID ? "c.id" + direction
                : "c.created_on" + direction + ", c.id" + direction;
        params.put("limit", page.size());
        params.put("offset", page.offset());
        return Sql.list("select c.id from directory_company c where " + where(filter, params) + " order by " + order
                + " limit :limit offset :offset", params, UUID.class).chain(this::inOrder);
    }

    /** The companies of {@code ids}, in that order (absent ones left out). */
    public Uni<List<DirectoryCompany>> inOrder(List<UUID> ids) {
        if (ids.isEmpty()) {
            return Uni.createFrom().item(List.of());
        }
        return list("id in ?1", ids).map(found -> {
            Map<UUID, DirectoryCompany> byId = new HashMap<>();
            found.forEach(c -> byId.put(c.id, c));
            List<DirectoryCompany> ordered = new ArrayList<>();
            ids.forEach(id -> {
                if (byId.containsKey(id)) {
                    ordered.add(byId.get(id));
                }
            });
            return ordered;
        });
    }

    /**
     * How many members (users not removed) each company has, counting at most {@code cap} per company: a page of
     * companies never costs more than {@code cap} index entries per company.
     */
    public Uni<Map<UUID, Long>> memberCounts(Collection<UUID> companies, int cap) {
        if (companies.isEmpty()) {
            return Uni.createFrom().item(Map.of());
        }
        return Sql.list("select c.id, (select count(*) from (select 1 from directory_membership m join directory_user u"
                + " on u.id = m.user_id where m.company_id = c.id and not m.deleted and u.status <> 'DELETED' limit "
                + cap + ") members) from directory_company c where c.id in (:ids)",
                Map.of("ids", List.copyOf(companies)), Object[].class).map(rows -> {
                    Map<UUID, Long> counts = new LinkedHashMap<>();
                    for (Object[] row : rows) {
                        counts.put((UUID) row[0], ((Number) row[1]).longValue());
                    }
                    return counts;
                });
    }

    /** The companies among {@code companies} that are active: one of their enabled members has activated their account. */
    public Uni<Set<UUID>> active(Collection<UUID> companies) {
        if (companies.isEmpty()) {
            return Uni.createFrom().item(Set.of());
        }
        return Sql.list("select distinct m.company_id from directory_membership m where m.company_id in (:ids) and "
                + ACTIVE_MEMBER, Map.of("ids", List.copyOf(companies)), UUID.class).map(HashSet::new);
    }

    /** A membership of company {@code m.company_id} whose user has activated their account. */
    private static final String ACTIVE_MEMBER = "m.enabled and not m.deleted and exists (select 1 from directory_user u"
            + " where u.id = m.user_id and u.status = 'ACTIVE')";

    private static String where(CompanySearch f, Map<String, Object> params) {
        StringBuilder where = new StringBuilder("c.partner = :partner and not c.deleted");
        params.put("partner", f.partner());
        if (f.linkedTo() != null) {
            where.append(" and c.id in (select a.customer_company_id from company_association a"
                    + " where a.reseller_company_id in (:resellers))");
            params.put("resellers", List.copyOf(f.linkedTo()));
        } else {
            where.append(" and (c.reseller or c.referral)");
        }
        if (f.enabled() != null) {
            where.append(" and c.enabled = :enabled");
            params.put("enabled", f.enabled());
        }
        if (f.active() != null) {
            where.append(f.active() ? " and exists" : " and not exists");
            where.append(" (select 1 from directory_membership m where m.company_id = c.id and ").append(ACTIVE_MEMBER)
                    .append(")");
        }
        if (f.searchText() != null) {
            where.append(" and (lower(c.name) like :search escape '\\' or lower(c.external_id) like :search escape '\\')");
            params.put("search", Sql.contains(f.searchText()));
        }
        if (f.from() != null) {
            where.append(" and c.created_on >= :from");
            params.put("from", f.from());
        }
        if (f.to() != null) {
            where.append(" and c.created_on <= :to");
            params.put("to", f.to());
        }
        if (f.kind() != null) {
            where.append(switch (f.kind()) {
                case VENDORS -> " and c.vendor";
                case NON_VENDORS -> " and not c.vendor";
                case RESELLERS -> " and c.reseller";
            });
        }
        if (f.channelAdmin() != null) {
            where.append(" and c.channel_admin = :channelAdmin");
            params.put("channelAdmin", f.channelAdmin());
        }
        return where.toString();
    }
}
