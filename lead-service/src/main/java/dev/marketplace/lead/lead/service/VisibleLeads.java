package dev.marketplace.lead.lead.service;

import java.time.Instant;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.ws.rs.core.UriInfo;

import com.fasterxml.jackson.databind.ObjectMapper;

import dev.marketplace.common.error.ApiException;
import dev.marketplace.common.paging.PageRequest;
import dev.marketplace.common.paging.Paged;
import dev.marketplace.common.paging.PagedResponse;
import dev.marketplace.lead.access.Actor;
import dev.marketplace.lead.access.LeadContext;
import dev.marketplace.lead.activity.service.ActivityService;
import dev.marketplace.lead.activity.service.ActivityView;
import dev.marketplace.lead.lead.domain.Lead;
import dev.marketplace.lead.lead.domain.LeadSortField;
import dev.marketplace.lead.lead.domain.LeadStatus;
import dev.marketplace.lead.lead.domain.LeadType;
import dev.marketplace.lead.lead.repository.LeadDeveloperRepository;
import dev.marketplace.lead.lead.repository.LeadFilter;
import dev.marketplace.lead.lead.repository.LeadRepository;
import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.smallrye.mutiny.Uni;

/**
 * The leads an actor may see (the visibility rules of {@link LeadRules#canSee} and the service README): one lead, the
 * listing, a lead's activities. The actor has been resolved before: nothing here calls another service.
 */
@ApplicationScoped
public class VisibleLeads {
    private final LeadRepository leads;
    private final LeadDeveloperRepository developers;
    private final ActivityService activities;
    private final ObjectMapper mapper;

    public VisibleLeads(LeadRepository leads, LeadDeveloperRepository developers, ActivityService activities,
            ObjectMapper mapper) {
        this.leads = leads;
        this.developers = developers;
        this.activities = activities;
        this.mapper = mapper;
    }

    @WithSession
    public Uni<LeadView> get(Actor actor, UUID id) {
        return find(actor, id).map(lead -> LeadView.of(lead, mapper));
    }

    @WithSession
    public Uni<PagedResponse<LeadView>> list(Actor actor, LeadStatus status, String searchText, Instant from, Instant to,
            LeadSortField sortField, boolean ascending, PageRequest page, UriInfo uri) {
        LeadFilter filter = new LeadFilter(actor, status == null ? null : status.matching(), searchText, from, to,
                sortField, ascending);
        return Paged.read(page, leads.search(filter, page), () -> leads.count(filter)).map(found -> PagedResponse
                .of(found.rows().stream().map(lead -> LeadView.of(lead, mapper)).toList(), page, found.total(), uri));
    }

    @WithSession
    public Uni<PagedResponse<ActivityView>> activities(Actor actor, UUID id, Instant from, Instant to, boolean ascending,
            PageRequest page, UriInfo uri) {
        return find(actor, id).chain(lead -> activities.page(lead.id, from, to, ascending, page, uri));
    }

    /** The lead if the actor may see it, in the caller's session; 404 otherwise, exactly as if it did not exist. */
    Uni<Lead> find(Actor actor, UUID id) {
        return leads.findInPartner(id, actor.partner()).chain(lead -> {
            if (lead == null) {
                return Uni.createFrom().failure(ApiException.notFound("Lead", id));
            }
            Uni<Boolean> developer = actor.context() == LeadContext.DEVELOPER && lead.leadType == LeadType.PRODUCT
                    && actor.user() != null ? developers.isDeveloper(lead.id, actor.user()) : Uni.createFrom().item(false);
            return developer.map(isDeveloper -> {
                if (!LeadRules.canSee(actor, lead, isDeveloper)) {
                    throw ApiException.notFound("Lead", id);
                }
                return lead;
            });
        });
    }
}
