package dev.marketplace.lead.lead.service;

import static dev.marketplace.lead.lead.service.LeadChanges.conflictAnswered;

import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;

import dev.marketplace.common.client.ServiceRejection;
import dev.marketplace.common.client.ServiceUnavailable;
import dev.marketplace.common.error.ApiException;
import dev.marketplace.common.lookup.Ids;
import dev.marketplace.lead.access.ActorResolver;
import dev.marketplace.lead.client.AccountClient;
import dev.marketplace.lead.client.AccountClient.AccountMembership;
import dev.marketplace.lead.lead.domain.Lead;
import io.smallrye.mutiny.Uni;

/**
 * A lead's conversion into a marketplace company: the recipient's request, a manager's approval, and the conversion
 * itself, which creates the company in account-service between two transactions (service README, "Association and
 * conversion").
 */
@ApplicationScoped
public class LeadConversion {
    private final ActorResolver actors;
    private final AccountClient account;
    private final LeadChanges changes;

    public LeadConversion(ActorResolver actors, AccountClient account, LeadChanges changes) {
        this.actors = actors;
        this.account = account;
        this.changes = changes;
    }

    public Uni<LeadView.Wrapped> requestConversion(String contextRaw, String companyId, String leadIdRaw) {
        UUID id = Ids.uuid("leadId", leadIdRaw);
        return actors.resolve(ActorResolver.context(contextRaw), companyId, true, true)
                .chain(actor -> conflictAnswered(changes.requestConversion(actor, id))).map(LeadView.Wrapped::new);
    }

    public Uni<LeadView.Wrapped> approveConversion(String contextRaw, String companyId, String leadIdRaw) {
        UUID id = Ids.uuid("leadId", leadIdRaw);
        return actors.resolve(ActorResolver.context(contextRaw), companyId, false, true)
                .chain(actor -> {
                    LeadRules.requireManager(actor);
                    return conflictAnswered(changes.approveConversion(actor, id));
                }).map(LeadView.Wrapped::new);
    }

    /**
     * Converts a lead into a marketplace company, exactly once. The conversion key ({@code lead-<id>}) is stored on the
     * lead first and becomes the company's externalId, so a retry after any failure (this service stopped, account
     * answered but the answer was lost) finds the company account-service already created instead of making a second.
     * A lead associated with an existing company converts into that company, and nothing is created.
     */
    public Uni<LeadView.Wrapped> convert(String contextRaw, String companyId, String leadIdRaw) {
        UUID id = Ids.uuid("leadId", leadIdRaw);
        return actors.resolve(ActorResolver.context(contextRaw), companyId, true, true)
                .chain(actor -> conflictAnswered(changes.reserveConversion(actor, id))
                        .chain(lead -> lead.convertedCompany != null
                                ? Uni.createFrom().item(new Converted(lead.convertedCompany, lead.convertedCompanyName,
                                        lead.convertedUser))
                                : createCompany(actor.partner(), lead))
                        .chain(converted -> conflictAnswered(changes.recordConversion(actor, id, converted.company(),
                                converted.companyName(), converted.user()))))
                .map(LeadView.Wrapped::new);
    }

    private record Converted(UUID company, String companyName, UUID user) {
    }

    private Uni<Converted> createCompany(String partner, Lead lead) {
        AccountClient.NewCompany company = new AccountClient.NewCompany(lead.customerCompanyName, lead.conversionKey,
                lead.customerCountry, lead.contactEmail, lead.contactPhone,
                new AccountClient.Address(lead.customerStreet1, lead.customerStreet2, lead.customerCity, lead.customerState,
                        lead.customerZip, lead.customerCountry),
                new AccountClient.FirstUser(lead.contactEmail, lead.contactFirstName, lead.contactLastName));
        return account.create(partner, company)
                .onFailure(e -> e instanceof ServiceRejection r && r.status() == 409)
                .recoverWithUni(() -> account.company(partner, "externalId:" + lead.conversionKey).map(found -> found
                        .orElseThrow(() -> ServiceUnavailable.of("ACCOUNT_UNAVAILABLE", "The account service"))))
                .onFailure(ServiceRejection.class).transform(e -> ApiException.conflict("LEAD_NOT_CONVERTIBLE",
                        "customer: the marketplace refused a company made of the lead's customer details (status "
                                + ((ServiceRejection) e).status() + "); correct them and convert again"))
                .chain(created -> account.firstMember(partner, created.uuid())
                        .map(first -> new Converted(created.uuid(), created.name(),
                                first.map(AccountMembership::user).map(AccountClient.AccountUser::uuid).orElse(null))));
    }
}
