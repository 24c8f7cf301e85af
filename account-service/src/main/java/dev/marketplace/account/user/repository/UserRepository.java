package dev.marketplace.account.user.repository;

import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;

import dev.marketplace.common.paging.CommonWords;
import dev.marketplace.common.paging.CommonWordsReader;
import dev.marketplace.common.paging.ListQueries;
import dev.marketplace.common.paging.SqlFilter;
import dev.marketplace.common.paging.Total;
import dev.marketplace.account.user.domain.AppUser;
import dev.marketplace.account.user.domain.UserStatus;
import io.quarkus.hibernate.reactive.panache.PanacheRepositoryBase;
import io.smallrye.mutiny.Uni;

@ApplicationScoped
public class UserRepository implements PanacheRepositoryBase<AppUser, UUID> {
    /** The name of the users list in {@code list_counter}, scoped by partner. */
    static final String LIST = "users";
    /** Separator of the roles a membership stores as one text column. */
    private static final String SEPARATOR = "\u001f";

    private final CommonWordsReader commonWords;

    public UserRepository(CommonWordsReader commonWords) {
        this.commonWords = commonWords;
    }

    public enum SortField {
        DATE, FIRST_NAME, LAST_NAME, EMAIL, LAST_MODIFIED
    }

    /** Filters of the user listings (REST and GraphQL); null means "any". Deleted users are never listed. */
    public record Filter(String partner, String name, String email, String externalId, String username, String membershipRole,
            Instant modifiedSince, SortField sortField, boolean ascending) {
    }

    /** The user {@code uuid} of {@code partner}: another marketplace's is not found, exactly as one that does not exist. */
    public Uni<AppUser> inPartner(String partner, UUID uuid) {
        return find("uuid = ?1 and partner = ?2", uuid, partner).firstResult();
    }

    public Uni<AppUser> findByEmail(String partner, String email) {
        return find("partner = ?1 and lower(email) = lower(?2)", partner, email).firstResult();
    }

    /** The user whose pending activation has this token hash, any marketplace (the caller checks it), or null. */
    public Uni<AppUser> findByActivationTokenHash(String hash) {
        return find("activationTokenHash", hash).firstResult();
    }

    public Uni<AppUser> findByExternalId(String partner, String externalId) {
        return find("partner = ?1 and externalId = ?2", partner, externalId).firstResult();
    }

    /** The users with these uuids, in one query. */
    public Uni<List<AppUser>> ofUuids(List<UUID> uuids) {
        return uuids.isEmpty() ? Uni.createFrom().item(List.of()) : list("uuid in ?1", uuids);
    }

    /** The active ones of these users, ordered by email. */
    public Uni<List<AppUser>> activeByEmail(List<UUID> uuids) {
        return uuids.isEmpty() ? Uni.createFrom().item(List.of())
                : list("uuid in ?1 and status = ?2 order by email", uuids, UserStatus.ACTIVE);
    }

    public Uni<Boolean> externalIdTakenByOtherEmail(String partner, String externalId, String email) {
        return count("partner = ?1 and externalId = ?2 and lower(email) <> lower(?3)", partner, externalId, email)
                .map(n -> n > 0);
    }

    public Uni<Boolean> externalIdTakenByOther(String partner, String externalId, UUID user) {
        return count("partner = ?1 and externalId = ?2 and uuid <> ?3", partner, externalId, user).map(n -> n > 0);
    }

    /** A page of the users list, in the order of {@code filter.sortField()}, then uuid (an index per sort field). */
    public Uni<List<AppUser>> search(Filter filter, long offset, int limit) {
        return where(filter).chain(where -> ListQueries.page(AppUser.class, UUID.class, "uuid", u -> u.uuid,
                pageSql(filter, where, offset, limit), where));
    }

    /** The list's total: the partner's counter of users not deleted when unfiltered, else a capped count. */
    public Uni<Total> count(Filter filter) {
        return where(filter).chain(where -> ListQueries.total("from app_user u", where, LIST, filter.partner()));
    }

    private Uni<SqlFilter> where(Filter filter) {
        return commonWords.of("app_user", "search_name", filter.name()).map(common -> sqlFilter(filter, common));
    }

    public static String pageSql(Filter filter, SqlFilter where, long offset, int limit) {
        String direction = filter.ascending() ? " asc" : " desc";
        // names are optional: users without one come last in both directions (an index per direction)
        String nulls = " nulls last";
        String key = switch (filter.sortField()) {
            case DATE -> "u.created_on";
            case LAST_MODIFIED -> "u.last_modified";
            case EMAIL -> "u.sort_email";
            case FIRST_NAME -> "u.sort_first_name";
            case LAST_NAME -> "u.sort_last_name";
        };
        String order = key + direction + (key.contains("_name") ? nulls : "") + ", u.uuid" + direction;
        return ListQueries.pageSql("app_user u", "u.uuid", where, order, offset, limit);
    }

    public static SqlFilter sqlFilter(Filter f) {
        return sqlFilter(f, CommonWords.NONE);
    }

    public static SqlFilter sqlFilter(Filter f, CommonWords common) {
        SqlFilter where = SqlFilter.scope("u.partner = ?", f.partner()).always("u.status <> 'DELETED'");
        if (f.name() != null && !f.name().isBlank()) {
            where.andContains("u.search_name", f.name(), common);
        }
        if (f.email() != null && !f.email().isBlank()) {
            where.and("lower(u.email) = ?", f.email().trim().toLowerCase());
        }
        if (f.externalId() != null) {
            where.and("u.external_id = ?", f.externalId());
        }
        if (f.username() != null) {
            where.and("coalesce(u.username, u.email) = ?", f.username());
        }
        if (f.membershipRole() != null) {
            where.and("exists (select 1 from membership m where m.user_uuid = u.uuid and ? || m.roles || ? like ?)",
                    SEPARATOR, SEPARATOR, "%" + SEPARATOR + f.membershipRole() + SEPARATOR + "%");
        }
        return where.andWithin("u.last_modified", f.modifiedSince(), null);
    }
}
