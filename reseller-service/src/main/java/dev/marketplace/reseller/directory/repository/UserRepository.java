package dev.marketplace.reseller.directory.repository;

import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;

import dev.marketplace.common.paging.CommonWords;
import dev.marketplace.common.paging.CommonWordsReader;
import dev.marketplace.common.paging.ListQueries;
import dev.marketplace.common.paging.PageRequest;
import dev.marketplace.common.paging.SqlFilter;
import dev.marketplace.common.paging.Total;
import dev.marketplace.common.persistence.NativeSelects;
import dev.marketplace.reseller.directory.domain.DirectoryChange.UserChange;
import dev.marketplace.reseller.directory.domain.DirectoryUser;
import dev.marketplace.reseller.directory.domain.UserSearch;
import io.quarkus.hibernate.reactive.panache.PanacheRepositoryBase;
import io.smallrye.mutiny.Uni;

@ApplicationScoped
public class UserRepository implements PanacheRepositoryBase<DirectoryUser, UUID> {
    /** A company's listed members in {@code list_counter}, scoped by company id. */
    static final String COMPANY_LIST = "company-users";
    /** The reseller program's listed memberships in {@code list_counter}, scoped by partner. */
    static final String PROGRAM_LIST = "program-users";

    private final CommonWordsReader commonWords;

    public UserRepository(CommonWordsReader commonWords) {
        this.commonWords = commonWords;
    }

    public Uni<Integer> apply(UserChange change) {
        Upsert upsert = new Upsert("directory_user", "id").key("id", change.id()).key("partner", change.partner())
                .set("source_version", change.version());
        change.fields().forEach((column, value) -> upsert.set(column.column(), value));
        change.defaults().forEach((column, value) -> upsert.onInsert(column.column(), value));
        upsert.onInsert("created_on", change.version());
        return upsert.execute();
    }

    /** The users (not removed) of the marketplace with this email, case-insensitively: one, unless the feed lags. */
    public Uni<List<UUID>> withEmail(String partner, String email) {
        return find("partner = ?1 and lower(email) = lower(?2) and status <> ?3", partner, email, DirectoryUser.DELETED)
                .list().map(found -> found.stream().map(u -> u.id).toList());
    }

    /** The users (not removed) of the marketplace with this externalId. */
    public Uni<List<UUID>> withExternalId(String partner, String externalId) {
        return find("partner = ?1 and externalId = ?2 and status <> ?3", partner, externalId, DirectoryUser.DELETED)
                .list().map(found -> found.stream().map(u -> u.id).toList());
    }

    /** A page of the listing: the (company, user) pairs from the membership ordering index of the scope and sort. */
    public Uni<List<UserSearch.Row>> search(UserSearch filter, PageRequest page) {
        return where(filter).chain(where -> page(filter, where, page));
    }

    private Uni<List<UserSearch.Row>> page(UserSearch filter, SqlFilter where, PageRequest page) {
        return NativeSelects.rows(pageSql(filter, where, page), where.params())
                .map(rows -> rows.stream().map(r -> new UserSearch.Row((UUID) r[0], (UUID) r[1])).toList());
    }

    /**
     * The listing's total: the counter of the company ({@code companyId}) or of the marketplace's reseller program when
     * nothing narrows it, else a count of at most {@link Total#CAP} + 1 rows. A reseller's view (the members of its
     * linked customers) is always counted.
     */
    public Uni<Total> count(UserSearch filter) {
        return where(filter).chain(where -> count(filter, where));
    }

    private Uni<Total> count(UserSearch filter, SqlFilter where) {
        if (filter.company() != null) {
            return ListQueries.total("from directory_membership m", where, COMPANY_LIST, filter.company());
        }
        return ListQueries.total("from directory_membership m", where, PROGRAM_LIST, filter.partner());
    }

    /**
     * {@code select company_id, user_id}: a membership carries its user's sort keys (V2 migration), so each order is one
     * index of the scope (directory_membership_company_* or directory_membership_program_*).
     */
    public static String pageSql(UserSearch filter, SqlFilter where, PageRequest page) {
        String d = filter.ascending() ? " asc" : " desc";
        String order = switch (filter.sortField()) {
            case CUSTOMER_ID -> "m.company_id" + d + ", m.user_id" + d;
            case EMAIL -> "m.user_sort_email" + d + ", m.user_id" + d + ", m.company_id" + d;
            case FIRST_NAME -> "m.user_sort_first_name" + d + " nulls last, m.user_id" + d + ", m.company_id" + d;
        };
        return ListQueries.pageSql("directory_membership m", "m.company_id, m.user_id", where, order, page);
    }

    /** The listing's where-clause: whose members is its scope; statuses, text and dates narrow it. */
    private Uni<SqlFilter> where(UserSearch filter) {
        return commonWords.of("directory_membership", "user_search", filter.searchText())
                .map(common -> sqlFilter(filter, common));
    }

    public static SqlFilter sqlFilter(UserSearch f) {
        return sqlFilter(f, CommonWords.NONE);
    }

    public static SqlFilter sqlFilter(UserSearch f, CommonWords common) {
        SqlFilter where;
        if (f.company() != null) {
            where = SqlFilter.scope("m.company_id = ? and m.partner = ?", f.company(), f.partner()).always("m.listed");
        } else if (f.linkedTo() != null) {
            List<UUID> resellers = List.copyOf(f.linkedTo());
            // the linked customers narrow the marketplace's memberships: this view is counted, it has no counter
            where = SqlFilter.scope("m.partner = ?", f.partner()).always("m.listed").and("m.company_id in (select"
                    + " a.customer_company_id from company_association a where a.reseller_company_id in ("
                    + placeholders(resellers.size()) + "))", resellers.toArray());
        } else {
            where = SqlFilter.scope("m.partner = ?", f.partner()).always("m.program_listed");
        }
        if (f.statuses() != null) {
            List<String> statuses = List.copyOf(f.statuses());
            where.and("m.user_status in (" + placeholders(statuses.size()) + ")", statuses.toArray());
        }
        if (f.searchText() != null) {
            where.andContains("m.user_search", f.searchText(), common);
        }
        where.andWithin("m.user_created_on", f.from(), f.to());
        return where;
    }

    private static String placeholders(int n) {
        return n == 0 ? "null" : "?, ".repeat(n - 1) + "?";
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
}
