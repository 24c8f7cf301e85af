package dev.marketplace.reseller.directory.repository;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;

import dev.marketplace.common.paging.CommonWords;
import dev.marketplace.common.paging.CommonWordsReader;
import dev.marketplace.common.paging.ListQueries;
import dev.marketplace.common.paging.PageRequest;
import dev.marketplace.common.paging.SqlFilter;
import dev.marketplace.common.persistence.NativeSelects;
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
    private final CommonWordsReader commonWords;

    public CompanyRepository(CommonWordsReader commonWords) {
        this.commonWords = commonWords;
    }

    public Uni<Integer> apply(CompanyChange change) {
        Upsert upsert = new Upsert("directory_company", "id").key("id", change.id()).key("partner", change.partner())
                .set("source_version", change.version());
        change.fields().forEach((column, value) -> upsert.set(column.column(), value));
        // a company first known from a partial change still needs its creation time
        upsert.onInsert(CompanyColumn.CREATED_ON.column(), change.version());
        return upsert.execute();
    }

    /** The company {@code id} of {@code partner}: another marketplace's is not found, exactly as one that does not exist. */
    public Uni<DirectoryCompany> inPartner(String partner, UUID id) {
        return find("id = ?1 and partner = ?2", id, partner).firstResult();
    }

    public Uni<DirectoryCompany> findByExternalId(String partner, String externalId) {
        return find("partner = ?1 and externalId = ?2 and deleted = false", partner, externalId).firstResult();
    }

    /**
     * The reseller companies (reseller access, not removed) where {@code user} holds an enabled membership — one that
     * carries ROLE_RESELLER unless {@code anyRole}.
     */
    public Uni<List<UUID>> resellerCompaniesOf(String partner, UUID user, boolean anyRole) {
        // every request of a reseller asks this (its access), of the directory the event consumer writes: on the pool
        List<Object> params = new ArrayList<>(List.of(user, partner));
        String role = "";
        if (!anyRole) {
            role = " and m.roles like ?3";
            params.add(DirectoryMembership.rolePattern(dev.marketplace.common.security.Roles.RESELLER));
        }
        return NativeSelects.column("select c.id from directory_membership m join directory_company c on c.id = m.company_id"
                + " where m.user_id = ?1 and m.partner = ?2 and m.enabled and not m.deleted" + role
                + " and c.partner = ?2 and c.reseller and not c.deleted order by c.created_on, c.id limit 100",
                params, UUID.class);
    }

    /**
     * A page of the listing: ids from the ordering index (directory_company_program_list*, or
     * directory_company_program_active_list* with the active filter), then rows by id.
     */
    public Uni<List<DirectoryCompany>> search(CompanySearch filter, PageRequest page) {
        return where(filter).chain(where -> ListQueries.page(DirectoryCompany.class, UUID.class, "id", c -> c.id,
                pageSql(filter, where, page), where));
    }

    /** The listing's where-clause, its text judged by the samples of both columns the text is looked for in. */
    private Uni<SqlFilter> where(CompanySearch filter) {
        return commonWords.of("directory_company", "name", filter.searchText())
                .chain(names -> commonWords.of("directory_company", "external_id", filter.searchText()).map(names::or))
                .map(common -> sqlFilter(filter, common));
    }

    public static String pageSql(CompanySearch filter, SqlFilter where, PageRequest page) {
        String d = filter.ascending() ? " asc" : " desc";
        String order = filter.sortField() == CompanySearch.SortField.COMPANY_ID ? "c.id" + d : "c.created_on" + d + ", c.id" + d;
        return ListQueries.pageSql("directory_company c", "c.id", where, order, page);
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
     * How many members (memberships not removed whose user is not removed) each company has: the companies' counters
     * ({@code company-users}, kept by the V2 migration's trigger), one query per page.
     */
    public Uni<Map<UUID, Long>> memberCounts(Collection<UUID> companies) {
        if (companies.isEmpty()) {
            return Uni.createFrom().item(Map.of());
        }
        return Sql.list("select scope, n from list_counter where list = :list and scope in (:ids)",
                Map.of("list", UserRepository.COMPANY_LIST, "ids", companies.stream().map(UUID::toString).toList()),
                Object[].class).map(rows -> {
                    Map<UUID, Long> counts = new LinkedHashMap<>();
                    for (Object[] row : rows) {
                        counts.put(UUID.fromString((String) row[0]), Math.max(0L, ((Number) row[1]).longValue()));
                    }
                    return counts;
                });
    }

    /**
     * The listing's where-clause. Its scope: the marketplace's reseller program (a manager's view), or the customers
     * linked to a reseller's companies, which narrow the marketplace's companies (cost: that reseller's customers).
     */
    public static SqlFilter sqlFilter(CompanySearch f) {
        return sqlFilter(f, CommonWords.NONE);
    }

    public static SqlFilter sqlFilter(CompanySearch f, CommonWords common) {
        // literals written in: the ordering indexes are partial on them
        SqlFilter where = SqlFilter.scope("c.partner = ?", f.partner()).always("not c.deleted");
        if (f.linkedTo() != null) {
            List<UUID> resellers = List.copyOf(f.linkedTo());
            where.and("c.id in (select a.customer_company_id from company_association a where a.reseller_company_id in ("
                    + (resellers.isEmpty() ? "null" : "?, ".repeat(resellers.size() - 1) + "?") + "))", resellers.toArray());
        } else {
            where.always("c.reseller or c.referral");
        }
        if (f.enabled() != null) {
            where.and(f.enabled() ? "c.enabled" : "not c.enabled");
        }
        if (f.active() != null) {
            // the flag kept by triggers (V3 migration), leading the scope in directory_company_program_active_list*: a
            // rare value is an index walk, not a probe of every company walked (1.3 s at a million companies, one active)
            where.and(f.active() ? "c.active = true" : "c.active = false");
        }
        if (f.searchText() != null) {
            where.andContainsAny(common, f.searchText(), "lower(c.name)", "lower(c.external_id)");
        }
        where.andWithin("c.created_on", f.from(), f.to());
        if (f.kind() != null) {
            where.and(switch (f.kind()) {
                case VENDORS -> "c.vendor";
                case NON_VENDORS -> "not c.vendor";
                case RESELLERS -> "c.reseller";
            });
        }
        if (f.channelAdmin() != null) {
            where.and(f.channelAdmin() ? "c.channel_admin" : "not c.channel_admin");
        }
        return where;
    }
}
