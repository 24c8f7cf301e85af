package dev.marketplace.reseller.company.service;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;

import dev.marketplace.common.lookup.CompanyRef;
import dev.marketplace.common.paging.PageRequest;
import dev.marketplace.reseller.access.service.Actor;
import dev.marketplace.reseller.access.service.ResellerAccess;
import dev.marketplace.reseller.access.service.ResellerContext;
import dev.marketplace.reseller.association.service.AssociationService;
import dev.marketplace.reseller.directory.domain.DirectoryCompany;
import dev.marketplace.reseller.directory.domain.CompanySearch;
import dev.marketplace.reseller.directory.service.Directory;
import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.smallrye.mutiny.Uni;

/**
 * Reading companies in a reseller context. A reseller lists the customer companies linked to its reseller companies
 * and reads those and its own; a reseller manager lists the marketplace's reseller and referral companies and reads any
 * company of the marketplace.
 */
@ApplicationScoped
public class ResellerCompanyService {
    /** Actions a caller has on a company through this API. */
    static final String INVITE_USERS = "INVITE_USERS";
    static final String LINK_CUSTOMER_TO_RESELLER = "LINK_CUSTOMER_TO_RESELLER";
    static final String LINK_RESELLER_TO_CUSTOMER = "LINK_RESELLER_TO_CUSTOMER";

    public enum Sort {
        COMPANY_ID, CREATED_ON
    }

    public enum VendorFilter {
        ONLY_VENDORS, ONLY_NON_VENDORS, ONLY_RESELLERS
    }

    public enum ChannelAdminFilter {
        ONLY_CHANNEL_ADMINS, ONLY_NON_CHANNEL_ADMINS
    }

    /** What a listing asks for; null filters mean "any". */
    public record Query(ResellerContext context, Boolean active, Boolean enabled, String searchText, Instant from,
            Instant to, VendorFilter vendor, ChannelAdminFilter channelAdmin, Sort sort, boolean ascending,
            PageRequest page) {
    }

    private final ResellerAccess access;
    private final AssociationService associations;
    private final Directory directory;

    public ResellerCompanyService(ResellerAccess access, AssociationService associations, Directory directory) {
        this.access = access;
        this.associations = associations;
        this.directory = directory;
    }

    @WithSession
    public Uni<List<CompanyViews.Item>> list(Query q) {
        return access.actor(q.context()).chain(actor -> {
            CompanySearch.Kind kind = q.vendor() == null ? null : switch (q.vendor()) {
                case ONLY_VENDORS -> CompanySearch.Kind.VENDORS;
                case ONLY_NON_VENDORS -> CompanySearch.Kind.NON_VENDORS;
                case ONLY_RESELLERS -> CompanySearch.Kind.RESELLERS;
            };
            Boolean channelAdmin = q.channelAdmin() == null ? null : q.channelAdmin() == ChannelAdminFilter.ONLY_CHANNEL_ADMINS;
            CompanySearch filter = new CompanySearch(actor.partner(), actor.resellerScope(), q.active(),
                    q.enabled(), q.searchText(), q.from(), q.to(), kind, channelAdmin,
                    q.sort() == Sort.COMPANY_ID ? CompanySearch.SortField.COMPANY_ID : CompanySearch.SortField.CREATED_ON,
                    q.ascending());
            return directory.companies(filter, q.page()).chain(this::items);
        });
    }

    @WithSession
    public Uni<CompanyViews.Details> details(ResellerContext context, String companyRef) {
        CompanyRef ref = CompanyRef.parse(companyRef);
        return access.actor(context).chain(actor -> associations.requireVisible(actor, ref)
                .map(company -> details(company, company.active, actor)));
    }

    private Uni<List<CompanyViews.Item>> items(List<DirectoryCompany> companies) {
        List<UUID> ids = companies.stream().map(c -> c.id).toList();
        return directory.memberCounts(ids).map(counts -> companies.stream()
                .map(c -> new CompanyViews.Item(c.id, c.externalId, c.name, c.createdOn.toEpochMilli(), c.phone,
                        c.active, counts.getOrDefault(c.id, 0L), CompanyViews.grantedAccesses(c)))
                .toList());
    }

    private static CompanyViews.Details details(DirectoryCompany c, boolean active, Actor actor) {
        List<String> actions = new ArrayList<>();
        actions.add(INVITE_USERS);
        if (actor.isManager()) {
            actions.add(c.reseller ? LINK_RESELLER_TO_CUSTOMER : LINK_CUSTOMER_TO_RESELLER);
        }
        List<CompanyViews.IdentityProvider> idps = c.idpId == null ? List.of()
                : List.of(new CompanyViews.IdentityProvider(c.idpId, null, c.partner));
        return new CompanyViews.Details(c.id, c.externalId, c.name, c.createdOn.toEpochMilli(), c.phone, c.partner,
                c.enabled, active, CompanyViews.grantedAccesses(c), CompanyViews.defaultRole(c), List.of(), List.of(),
                List.of(), List.of(), actions, List.of(), idps);
    }
}
