package dev.marketplace.account.invitation.repository;

import java.util.List;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;

import dev.marketplace.account.invitation.domain.Invitation;
import dev.marketplace.account.support.Queries;
import dev.marketplace.common.paging.CommonWords;
import dev.marketplace.common.paging.CommonWordsReader;
import dev.marketplace.common.paging.ListQueries;
import dev.marketplace.common.paging.PageRequest;
import dev.marketplace.common.paging.SqlFilter;
import dev.marketplace.common.paging.Total;
import io.quarkus.hibernate.reactive.panache.PanacheRepositoryBase;
import io.quarkus.panache.common.Parameters;
import io.smallrye.mutiny.Uni;

@ApplicationScoped
public class InvitationRepository implements PanacheRepositoryBase<Invitation, UUID> {
    /** The name of a company's invitations list in {@code list_counter}, scoped by company. */
    static final String LIST = "invitations";

    private final CommonWordsReader commonWords;

    public InvitationRepository(CommonWordsReader commonWords) {
        this.commonWords = commonWords;
    }

    public Uni<Invitation> byToken(String token) {
        return find("token", token).firstResult();
    }

    public Uni<Invitation> pending(UUID company, String email) {
        return find("companyUuid = ?1 and lower(email) = lower(?2) and status = ?3 order by createdOn desc", company, email,
                Invitation.Status.PENDING).firstResult();
    }

    public Uni<Invitation> latest(UUID company, String email) {
        return find("companyUuid = ?1 and lower(email) = lower(?2) and status <> ?3 order by createdOn desc", company, email,
                Invitation.Status.REVOKED).firstResult();
    }

    public Uni<Integer> revokePending(UUID company, UUID user) {
        return update("status = ?1, lastModified = ?2 where companyUuid = ?3 and userUuid = ?4 and status = ?5",
                Invitation.Status.REVOKED, java.time.Instant.now(), company, user, Invitation.Status.PENDING);
    }

    public Uni<Long> sentBy(UUID company, UUID inviter) {
        return count("companyUuid = ?1 and inviterUuid = ?2", company, inviter);
    }

    /** Pending and accepted invitations of a company (revoked ones are gone), newest first. */
    public Uni<List<Invitation>> search(UUID company, String filter, UUID inviter, PageRequest page) {
        return where(company, filter, inviter).chain(where -> ListQueries.page(Invitation.class, UUID.class, "uuid",
                i -> i.uuid, pageSql(where, page), where));
    }

    public static String pageSql(SqlFilter where, PageRequest page) {
        return ListQueries.pageSql("invitation i", "i.uuid", where, "i.created_on desc, i.uuid desc", page);
    }

    /** The list's total: the company's counter when unfiltered, else a capped count. */
    public Uni<Total> count(UUID company, String filter, UUID inviter) {
        return where(company, filter, inviter).chain(where -> ListQueries.total("from invitation i", where, LIST, company));
    }

    private Uni<SqlFilter> where(UUID company, String filter, UUID inviter) {
        return commonWords.of("invitation", "sort_email", filter).map(common -> sqlFilter(company, filter, inviter, common));
    }

    public static SqlFilter sqlFilter(UUID company, String filter, UUID inviter) {
        return sqlFilter(company, filter, inviter, CommonWords.NONE);
    }

    public static SqlFilter sqlFilter(UUID company, String filter, UUID inviter, CommonWords common) {
        SqlFilter where = SqlFilter.scope("i.company_uuid = ?", company).always("i.status <> 'REVOKED'");
        if (filter != null && !filter.isBlank()) {
            where.andContains("i.sort_email", filter, common);
        }
        if (inviter != null) {
            where.and("i.inviter_uuid = ?", inviter);
        }
        return where;
    }
}
