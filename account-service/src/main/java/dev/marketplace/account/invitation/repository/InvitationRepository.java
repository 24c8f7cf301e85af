package dev.marketplace.account.invitation.repository;

import java.util.List;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;

import dev.marketplace.account.invitation.domain.Invitation;
import dev.marketplace.account.support.Queries;
import dev.marketplace.common.paging.PageRequest;
import io.quarkus.hibernate.reactive.panache.PanacheRepositoryBase;
import io.quarkus.panache.common.Parameters;
import io.smallrye.mutiny.Uni;

@ApplicationScoped
public class InvitationRepository implements PanacheRepositoryBase<Invitation, UUID> {

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
        return find(where(filter, inviter) + " order by createdOn desc, uuid", params(company, filter, inviter))
                .page(page.page(), page.size()).list();
    }

    public Uni<Long> count(UUID company, String filter, UUID inviter) {
        return count(where(filter, inviter), params(company, filter, inviter));
    }

    private static String where(String filter, UUID inviter) {
        String where = "companyUuid = :company and status <> :revoked";
        if (filter != null && !filter.isBlank()) {
            where += " and lower(email) like :filter escape '\\'";
        }
        if (inviter != null) {
            where += " and inviterUuid = :inviter";
        }
        return where;
    }

    private static Parameters params(UUID company, String filter, UUID inviter) {
        Parameters p = Parameters.with("company", company).and("revoked", Invitation.Status.REVOKED);
        if (filter != null && !filter.isBlank()) {
            p.and("filter", "%" + Queries.escapeLike(filter.trim()) + "%");
        }
        if (inviter != null) {
            p.and("inviter", inviter);
        }
        return p;
    }
}
