package dev.marketplace.lead.lead.repository;

import java.util.List;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;

import dev.marketplace.common.paging.PageRequest;
import dev.marketplace.lead.access.Actor;
import dev.marketplace.lead.lead.domain.Lead;
import dev.marketplace.lead.lead.domain.LeadSortField;
import dev.marketplace.lead.lead.domain.LeadStatus;
import io.quarkus.hibernate.reactive.panache.PanacheRepositoryBase;
import io.quarkus.panache.common.Parameters;
import io.smallrye.mutiny.Uni;

/**
 * Lead queries. Every listing is scoped to the actor's marketplace and to what the actor may see (the visibility rules
 * of the service README, written once here as a query and once in {@code LeadVisibility} for a single lead); deleted
 * leads are never listed.
 */
@ApplicationScoped
public class LeadRepository implements PanacheRepositoryBase<Lead, UUID> {

    public Uni<Lead> findInPartner(UUID id, String partner) {
        return find("id = ?1 and partner = ?2 and status <> ?3", id, partner, LeadStatus.DELETED).firstResult();
    }

    public Uni<Lead> findByConversionKey(String key) {
        return find("conversionKey", key).firstResult();
    }

    public Uni<List<Lead>> search(LeadFilter filter, PageRequest page) {
        Parameters params = new Parameters();
        String where = where(filter, params);
        String direction = filter.ascending() ? " asc" : " desc";
        String order = filter.sortField() == LeadSortField.COMPANY_NAME
                ? " order by lower(l.customerCompanyName)" + direction + ", l.id" + direction
                : " order by l.createdOn" + direction + ", l.id" + direction;
        return find("from Lead l where " + where + order, params).range(page.offset(), page.offset() + page.size() - 1).list();
    }

    /**
     * How many leads the filter matches, counted up to {@code limit} + 1 only: a listing's total is exact below the
     * limit and reported as the limit above it (README, "Totals").
     */
    public Uni<Long> countUpTo(LeadFilter filter, long limit) {
        Parameters params = new Parameters();
        String where = where(filter, params);
        return getSession().chain(session -> {
            var query = session.createSelectionQuery("select l.id from Lead l where " + where, UUID.class);
            params.map().forEach(query::setParameter);
            return query.setMaxResults((int) limit).getResultList();
        }).map(ids -> (long) ids.size());
    }

    private static String where(LeadFilter filter, Parameters params) {
        Actor actor = filter.actor();
        StringBuilder where = new StringBuilder("l.partner = :partner and l.status <> :deleted");
        params.and("partner", actor.partner()).and("deleted", LeadStatus.DELETED);
        where.append(" and (").append(visible(actor, params)).append(')');
        if (filter.statuses() != null && !filter.statuses().isEmpty()) {
            where.append(" and l.status in :statuses");
            params.and("statuses", filter.statuses());
        }
        if (filter.searchText() != null) {
            where.append(" and l.searchText like :text escape '\\'");
            params.and("text", "%" + escapeLike(filter.searchText().toLowerCase()) + "%");
        }
        if (filter.from() != null) {
            where.append(" and l.createdOn >= :from");
            params.and("from", filter.from());
        }
        if (filter.to() != null) {
            where.append(" and l.createdOn <= :to");
            params.and("to", filter.to());
        }
        return where.toString();
    }

    /** The visibility rules as a predicate on {@code l}. */
    private static String visible(Actor actor, Parameters params) {
        StringBuilder any = new StringBuilder();
        // manual leads: their creator only (same user, acting for the same company)
        if (actor.user() != null && actor.company() != null) {
            any.append("(l.leadType = 'MANUAL' and l.creatorCompany = :actorCompany and l.creatorUser = :actorUser)");
        } else {
            any.append("1 = 0");
        }
        // the company a lead is assigned to (but not a reseller's own manual lead: that stays its creator's)
        String recipient = " or (l.recipientType = 'COMPANY' and l.recipientCompany = :actorCompany and (l.leadType <> 'MANUAL'"
                + " or l.creatorCompany is null or l.creatorCompany <> l.recipientCompany))";
        switch (actor.context()) {
            case PARTNER, CHANNEL_ADMIN, RESELLER_MANAGER -> any.append(" or l.leadType <> 'MANUAL'");
            case RESELLER -> any.append(" or (l.leadType = 'COMPANY' and l.profileCompany = :actorCompany)")
                    .append(recipient);
            case REFERRAL -> any.append(recipient);
            case DEVELOPER -> any.append(" or (l.leadType = 'PRODUCT' and l.developersSeeLead = true and exists")
                    .append(" (select 1 from LeadDeveloper d where d.leadId = l.id and d.userId = :actorUser))");
            default -> {
                // ANONYMOUS sees nothing
            }
        }
        String predicate = any.toString();
        // a branch that does not apply names no parameter (Hibernate refuses unused ones)
        if (predicate.contains(":actorCompany")) {
            params.and("actorCompany", actor.company());
        }
        if (predicate.contains(":actorUser")) {
            params.and("actorUser", actor.user());
        }
        return predicate;
    }

    static String escapeLike(String text) {
        return text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_");
    }
}
