package dev.marketplace.lead.activity.service;

import java.util.List;
import java.util.UUID;

import com.fasterxml.jackson.annotation.JsonInclude;

import dev.marketplace.lead.activity.domain.ActivityVerb;
import dev.marketplace.lead.activity.domain.LeadActivity;

/**
 * A step of a lead's history as the API answers it (AppDirect's LeadActivity), plus {@code actor}: the user, company,
 * context and credentials that acted.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ActivityView(UUID id, String partner, long createdOn, ActivityVerb verb, String verbContext,
        List<String> allowedResourcesAccess, Company actorCompany, Company contextCompany, Actor actor) {

    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Company(UUID id, String name) {
    }

    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Actor(UUID userId, UUID companyId, String context, String consumerKey) {
    }

    static ActivityView of(LeadActivity a) {
        List<String> access = new java.util.ArrayList<>(2);
        if (a.actorCompany != null) {
            access.add("ACTOR_COMPANY");
        }
        if (a.contextCompany != null) {
            access.add("CONTEXT_COMPANY");
        }
        return new ActivityView(a.id, a.partner, a.createdOn.toEpochMilli(), a.verb, a.verbContext, access,
                a.actorCompany == null ? null : new Company(a.actorCompany, a.actorCompanyName),
                a.contextCompany == null ? null : new Company(a.contextCompany, a.contextCompanyName),
                new Actor(a.actorUser, a.actorCompany, a.actorContext.name(), a.actorConsumer));
    }
}
