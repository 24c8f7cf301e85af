package dev.marketplace.lead.activity.repository;

import java.time.Instant;
import java.util.List;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;

import dev.marketplace.common.paging.PageRequest;
import dev.marketplace.lead.activity.domain.LeadActivity;
import io.quarkus.hibernate.reactive.panache.PanacheRepositoryBase;
import io.quarkus.panache.common.Parameters;
import io.smallrye.mutiny.Uni;

/** A lead's history, by creation time (index lead_activity_lead_created). */
@ApplicationScoped
public class ActivityRepository implements PanacheRepositoryBase<LeadActivity, UUID> {

    public Uni<List<LeadActivity>> page(UUID lead, Instant from, Instant to, boolean ascending, PageRequest page) {
        Parameters params = new Parameters();
        String direction = ascending ? " asc" : " desc";
        return find("from LeadActivity a where " + where(lead, from, to, params) + " order by a.createdOn" + direction
                + ", a.id" + direction, params).range(page.offset(), page.offset() + page.size() - 1).list();
    }

    /** One lead's steps: a handful, so counting them is cheap. */
    public Uni<Long> count(UUID lead, Instant from, Instant to) {
        Parameters params = new Parameters();
        return count("from LeadActivity a where " + where(lead, from, to, params), params);
    }

    private static String where(UUID lead, Instant from, Instant to, Parameters params) {
        StringBuilder where = new StringBuilder("a.leadId = :lead");
        params.and("lead", lead);
        if (from != null) {
            where.append(" and a.createdOn >= :from");
            params.and("from", from);
        }
        if (to != null) {
            where.append(" and a.createdOn <= :to");
            params.and("to", to);
        }
        return where.toString();
    }
}
