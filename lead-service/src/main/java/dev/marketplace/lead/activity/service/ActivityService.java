package dev.marketplace.lead.activity.service;

import java.time.Instant;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.ws.rs.core.UriInfo;

import dev.marketplace.common.paging.PageRequest;
import dev.marketplace.common.paging.PagedResponse;
import dev.marketplace.lead.access.Actor;
import dev.marketplace.lead.activity.domain.ActivityVerb;
import dev.marketplace.lead.activity.domain.LeadActivity;
import dev.marketplace.lead.activity.repository.ActivityRepository;
import io.smallrye.mutiny.Uni;

/**
 * Records and pages a lead's history. Recording runs inside the transaction of the change it records; the caller
 * (the lead feature) has checked that the reader may see the lead.
 */
@ApplicationScoped
public class ActivityService {
    private final ActivityRepository activities;

    public ActivityService(ActivityRepository activities) {
        this.activities = activities;
    }

    /** Where the actor stood: the reseller's or the product's profile, a company, or the marketplace itself. */
    public Uni<Void> record(UUID lead, Actor actor, ActivityVerb verb, String verbContext, UUID contextCompany,
            String contextCompanyName, Instant at) {
        LeadActivity a = new LeadActivity();
        a.id = UUID.randomUUID();
        a.leadId = lead;
        a.partner = actor.partner();
        a.verb = verb;
        a.verbContext = verbContext;
        a.actorContext = actor.context();
        a.actorConsumer = actor.consumer();
        a.actorUser = actor.user();
        a.actorCompany = actor.company();
        a.actorCompanyName = actor.companyName();
        a.contextCompany = contextCompany;
        a.contextCompanyName = contextCompanyName;
        a.createdOn = at;
        return activities.persist(a).replaceWithVoid();
    }

    public Uni<PagedResponse<ActivityView>> page(UUID lead, Instant from, Instant to, boolean ascending, PageRequest page,
            UriInfo uri) {
        return activities.count(lead, from, to).chain(total -> activities.page(lead, from, to, ascending, page)
                .map(found -> PagedResponse.of(found.stream().map(ActivityView::of).toList(), page, total, uri)));
    }
}
