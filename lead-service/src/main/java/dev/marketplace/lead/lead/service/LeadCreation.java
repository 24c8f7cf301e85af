package dev.marketplace.lead.lead.service;

import static dev.marketplace.lead.lead.service.LeadInputs.blank;

import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;

import dev.marketplace.common.error.ApiException;
import dev.marketplace.common.input.Violations;
import dev.marketplace.common.lookup.Ids;
import dev.marketplace.common.security.Caller;
import dev.marketplace.common.security.Roles;
import dev.marketplace.lead.access.Actor;
import dev.marketplace.lead.access.ActorResolver;
import dev.marketplace.lead.access.LeadContext;
import dev.marketplace.lead.client.AccountClient;
import dev.marketplace.lead.client.AccountClient.AccountCompany;
import dev.marketplace.lead.client.CatalogClient;
import dev.marketplace.lead.client.CatalogClient.CatalogProduct;
import dev.marketplace.lead.lead.domain.LeadType;
import io.smallrye.mutiny.Uni;

/**
 * Creates leads: the rules of the request, who creates it (a signed-in actor, the anonymous contact form, or channel
 * credentials for a user) and what it refers to (the product in catalog-service, the reseller company in
 * account-service), all settled before the transaction that writes it ({@link LeadChanges#create}).
 */
@ApplicationScoped
public class LeadCreation {
    private final ActorResolver actors;
    private final AccountClient account;
    private final CatalogClient catalog;
    private final LeadChanges changes;
    private final Caller caller;

    public LeadCreation(ActorResolver actors, AccountClient account, CatalogClient catalog, LeadChanges changes,
            Caller caller) {
        this.actors = actors;
        this.account = account;
        this.catalog = catalog;
        this.changes = changes;
        this.caller = caller;
    }

    public Uni<LeadView> create(String contextRaw, String companyId, String userId, LeadInputs.Create in) {
        if (in == null) {
            throw ApiException.badRequest(ApiException.INVALID_BODY, "body: a JSON lead object is required");
        }
        boolean anonymousCaller = actors.anonymousCaller();
        LeadContext context = anonymousCaller ? LeadContext.ANONYMOUS : ActorResolver.context(contextRaw);
        String partner = caller.partner();
        if (anonymousCaller && (in.leadType() == LeadType.MANUAL || !partner.equals(in.partner()))) {
            // the gateway lets only PRODUCT and COMPANY leads of an existing partner through; anything else is forged
            throw ApiException.forbidden();
        }
        Violations.start()
                .when(!partner.equals(in.partner().trim()), "partner", "must be " + partner + ", the marketplace of the credentials")
                .when(context == LeadContext.ANONYMOUS && in.leadType() == LeadType.MANUAL, "leadType",
                        "must be PRODUCT or COMPANY in the ANONYMOUS context: MANUAL leads are created by signed-in users")
                .when(in.leadType() == LeadType.PRODUCT && (in.product() == null || blank(in.product().id())), "product.id",
                        "is required when leadType is PRODUCT")
                .when(in.leadType() == LeadType.COMPANY && (in.company() == null || blank(in.company().id())), "company.id",
                        "is required when leadType is COMPANY")
                .when(in.customer().company().country() != null && !LeadInputs.knownCountry(in.customer().company().country()),
                        "customer.company.country", "must be an ISO 3166-1 alpha-2 code such as US")
                .throwIfAny();
        Long productId = in.leadType() == LeadType.PRODUCT ? Ids.number("product.id", in.product().id().trim()) : null;
        UUID profileCompany = in.leadType() == LeadType.COMPANY ? Ids.uuid("company.id", in.company().id().trim()) : null;

        Uni<Actor> actor = context == LeadContext.ANONYMOUS
                ? Uni.createFrom().item(new Actor(partner, LeadContext.ANONYMOUS, null, null, null, caller.consumerKey()))
                : actors.resolve(context, companyId, in.leadType() == LeadType.MANUAL, true)
                        .chain(a -> in.leadType() == LeadType.MANUAL ? manualCreator(a, userId) : Uni.createFrom().item(a));
        return actor.chain(a -> profile(partner, in, productId, profileCompany)
                .chain(profile -> changes.create(a, in, profile)));
    }

    /**
     * A manual lead belongs to a user: the caller's own, or for channel credentials not acting as one the {@code userId}
     * given, a Marketplace Manager of {@code companyId}: an enabled member holding ROLE_CHANNEL_ADMIN, of a company with
     * marketplace access. Both: a member of such a company without the role, or a role holder elsewhere, is no
     * Marketplace Manager.
     */
    private Uni<Actor> manualCreator(Actor actor, String userIdRaw) {
        if (actor.user() != null) {
            return Uni.createFrom().item(actor);
        }
        if (blank(userIdRaw)) {
            throw ApiException.invalidField("userId", "is required when channel credentials create a MANUAL lead");
        }
        UUID user = Ids.uuid("userId", userIdRaw.trim());
        return account.company(actor.partner(), actor.company().toString()).chain(company -> account
                .membership(actor.partner(), actor.company(), user).map(membership -> {
                    boolean marketplaceManager = membership.isPresent() && membership.get().enabled()
                            && membership.get().holds(Roles.CHANNEL_ADMIN) && company.map(AccountCompany::channelAdmin).orElse(false);
                    if (!marketplaceManager) {
                        throw ApiException.invalidField("userId", "must be a Marketplace Manager of companyId: an enabled"
                                + " member holding ROLE_CHANNEL_ADMIN, of a company with marketplace access");
                    }
                    return new Actor(actor.partner(), actor.context(), actor.company(), actor.companyName(), user,
                            actor.consumer(), actor.companyEmail(), actor.companyPhone(), actor.companyLocale());
                }));
    }

    private Uni<LeadProfile> profile(String partner, LeadInputs.Create in, Long productId, UUID profileCompany) {
        if (productId != null) {
            return catalog.product(partner, productId).map(found -> {
                CatalogProduct product = found.orElseThrow(() -> ApiException.invalidField("product.id",
                        "no product " + productId + " in this marketplace"));
                String editionId = in.edition() == null || blank(in.edition().id()) ? null : in.edition().id().trim();
                String editionName = null;
                if (editionId != null) {
                    editionName = product.editions() == null ? null : product.editions().stream()
                            .filter(e -> String.valueOf(e.id()).equals(editionId)).map(e -> e.name()).findFirst().orElse(null);
                    if (editionName == null) {
                        throw ApiException.invalidField("edition.id", "is not an edition of product " + productId);
                    }
                }
                return new LeadProfile(product, editionId, editionName, null);
            });
        }
        if (profileCompany != null) {
            return account.company(partner, profileCompany.toString()).map(found -> {
                AccountCompany company = found.filter(c -> c.reseller() && c.enabled()).orElseThrow(() -> ApiException
                        .invalidField("company.id", "no enabled reseller company " + profileCompany + " in this marketplace"));
                return new LeadProfile(null, null, null, company);
            });
        }
        return Uni.createFrom().item(LeadProfile.NONE);
    }
}
