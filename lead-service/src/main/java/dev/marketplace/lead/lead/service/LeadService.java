package dev.marketplace.lead.lead.service;

import static dev.marketplace.lead.lead.service.LeadChanges.conflictAnswered;

import java.time.Instant;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.ws.rs.core.UriInfo;

import dev.marketplace.common.error.ApiException;
import dev.marketplace.common.input.Violations;
import dev.marketplace.common.lookup.Ids;
import dev.marketplace.common.paging.PageRequest;
import dev.marketplace.common.paging.PagedResponse;
import dev.marketplace.lead.access.ActorResolver;
import dev.marketplace.lead.activity.service.ActivityView;
import dev.marketplace.lead.client.AccountClient;
import dev.marketplace.lead.client.AccountClient.AccountCompany;
import dev.marketplace.lead.lead.domain.LeadSortField;
import dev.marketplace.lead.lead.domain.LeadStatus;
import dev.marketplace.lead.lead.domain.ParticipantType;
import io.smallrye.mutiny.Uni;

/**
 * Reads and changes of existing leads. Who acts ({@link ActorResolver}) and what account-service says of the companies
 * and users a change names are settled here, before any session or transaction; the reads are {@link VisibleLeads}',
 * each change one transaction of {@link LeadChanges}. Creation is {@link LeadCreation}'s, conversion
 * {@link LeadConversion}'s.
 */
@ApplicationScoped
public class LeadService {
    private final ActorResolver actors;
    private final AccountClient account;
    private final VisibleLeads visible;
    private final LeadChanges changes;

    public LeadService(ActorResolver actors, AccountClient account, VisibleLeads visible, LeadChanges changes) {
        this.actors = actors;
        this.account = account;
        this.visible = visible;
        this.changes = changes;
    }

    // ---- reads --------------------------------------------------------------------------------------------------

    public Uni<LeadView> get(String contextRaw, String companyId, String leadIdRaw) {
        UUID id = Ids.uuid("leadId", leadIdRaw);
        return actors.resolve(ActorResolver.context(contextRaw), companyId, true, false)
                .chain(actor -> visible.get(actor, id));
    }

    public Uni<PagedResponse<LeadView>> list(String contextRaw, String companyId, LeadStatus status, String searchText,
            Instant from, Instant to, LeadSortField sortField, boolean ascending, PageRequest page, UriInfo uri) {
        return actors.resolve(ActorResolver.context(contextRaw), companyId, true, false)
                .chain(actor -> visible.list(actor, status, searchText, from, to, sortField, ascending, page, uri));
    }

    public Uni<PagedResponse<ActivityView>> activities(String contextRaw, String companyId, String leadIdRaw, Instant from,
            Instant to, boolean ascending, PageRequest page, UriInfo uri) {
        UUID id = Ids.uuid("leadId", leadIdRaw);
        return actors.resolve(ActorResolver.context(contextRaw), companyId, true, false)
                .chain(actor -> visible.activities(actor, id, from, to, ascending, page, uri));
    }

    // ---- changes ------------------------------------------------------------------------------------------------

    public Uni<LeadView> update(String contextRaw, String companyId, String leadIdRaw, LeadInputs.Update in) {
        UUID id = Ids.uuid("leadId", leadIdRaw);
        if (in == null) {
            throw ApiException.badRequest(ApiException.INVALID_BODY, "body: a JSON object {customer, notes} is required");
        }
        String country = in.customer() == null || in.customer().company() == null ? null : in.customer().company().country();
        Violations.start().when(country != null && !LeadInputs.knownCountry(country), "customer.company.country",
                "must be an ISO 3166-1 alpha-2 code such as US").throwIfAny();
        return actors.resolve(ActorResolver.context(contextRaw), companyId, true, true)
                .chain(actor -> conflictAnswered(changes.update(actor, id, in)));
    }

    /** DELETE: see {@link LeadRules#discardedStatus}. */
    public Uni<Void> discard(String contextRaw, String companyId, String leadIdRaw) {
        UUID id = Ids.uuid("leadId", leadIdRaw);
        return actors.resolve(ActorResolver.context(contextRaw), companyId, true, true)
                .chain(actor -> conflictAnswered(changes.discard(actor, id))).replaceWithVoid();
    }

    public Uni<LeadView.Wrapped> assign(String contextRaw, String companyId, LeadInputs.Assign in) {
        if (in == null) {
            throw ApiException.badRequest(ApiException.INVALID_BODY, "body: a JSON object {leadId, recipient} is required");
        }
        UUID id = Ids.uuid("leadId", in.leadId().trim());
        Violations.start()
                .when(in.recipient().participantType() != ParticipantType.COMPANY, "recipient.participantType",
                        "must be COMPANY: a lead is assigned to a reseller company")
                .when(LeadInputs.blank(in.recipient().companyId()), "recipient.companyId", "is required")
                .throwIfAny();
        UUID recipient = Ids.uuid("recipient.companyId", in.recipient().companyId().trim());
        return actors.resolve(ActorResolver.context(contextRaw), companyId, true, true).chain(actor -> {
            LeadRules.requireManager(actor);
            return account.company(actor.partner(), recipient.toString()).chain(found -> {
                AccountCompany company = found.filter(c -> c.reseller() && c.enabled()).orElseThrow(() -> ApiException
                        .invalidField("recipient.companyId", "no enabled reseller company " + recipient + " in this marketplace"));
                return conflictAnswered(changes.assign(actor, id, company));
            });
        }).map(LeadView.Wrapped::new);
    }

    public Uni<LeadView> associate(String contextRaw, String companyId, LeadInputs.Associate in) {
        if (in == null) {
            throw ApiException.badRequest(ApiException.INVALID_BODY, "body: a JSON object {leadId, user} is required");
        }
        UUID id = Ids.uuid("leadId", in.leadId().trim());
        UUID user = Ids.uuid("user.id", in.user().id().trim());
        UUID company = Ids.uuid("user.companyId", in.user().companyId().trim());
        return actors.resolve(ActorResolver.context(contextRaw), companyId, true, true)
                .chain(actor -> account.company(actor.partner(), company.toString())
                        .chain(found -> account.membership(actor.partner(), company, user).chain(membership -> {
                            if (found.isEmpty()) {
                                throw ApiException.invalidField("user.companyId", "no company " + company + " in this marketplace");
                            }
                            if (membership.isEmpty() || !membership.get().enabled()) {
                                throw ApiException.invalidField("user.id", "is not an enabled member of company " + company);
                            }
                            return conflictAnswered(changes.associate(actor, id, company, found.get().name(), user));
                        })));
    }
}
