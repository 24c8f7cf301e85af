package dev.marketplace.lead.lead.repository;

import java.time.Instant;
import java.util.Set;

import dev.marketplace.lead.access.Actor;
import dev.marketplace.lead.lead.domain.LeadSortField;
import dev.marketplace.lead.lead.domain.LeadStatus;

/** A listing: what the actor may see, narrowed by status, text and creation dates, in one order. */
public record LeadFilter(Actor actor, Set<LeadStatus> statuses, String searchText, Instant from, Instant to,
        LeadSortField sortField, boolean ascending) {
}
