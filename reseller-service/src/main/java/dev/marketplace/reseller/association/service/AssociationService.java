package dev.marketplace.reseller.association.service;

import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;

import dev.marketplace.common.error.ApiException;
import dev.marketplace.common.events.DomainEventPublisher;
import dev.marketplace.common.events.EventTypes;
import dev.marketplace.common.events.payload.NotificationRequest;
import dev.marketplace.common.lookup.CompanyRef;
import dev.marketplace.common.paging.Paged;
import dev.marketplace.common.paging.PageRequest;
import dev.marketplace.common.paging.PagedResponse;
import dev.marketplace.common.security.Roles;
import dev.marketplace.reseller.access.service.Actor;
import dev.marketplace.reseller.access.service.ResellerAccess;
import dev.marketplace.reseller.association.domain.AssociationOrigin;
import dev.marketplace.reseller.association.domain.CompanyAssociation;
import dev.marketplace.reseller.association.repository.AssociationRepository;
import dev.marketplace.reseller.association.service.AssociationView.CompanySummary;
import dev.marketplace.reseller.directory.domain.DirectoryCompany;
import dev.marketplace.reseller.directory.domain.Recipient;
import dev.marketplace.reseller.directory.service.Directory;
import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.quarkus.hibernate.reactive.panache.common.WithTransaction;
import io.smallrye.mutiny.Uni;

/**
 * Links between reseller and customer companies, which decide what a reseller sees: associations made by reseller
 * managers, and the link recorded when a reseller creates a company. Every link made or removed is an event in the
 * outbox, in the same transaction, with a RESELLER_LINKED / RESELLER_UNLINKED notification for the administrators of
 * both companies.
 */
@ApplicationScoped
public class AssociationService {
    static final String AGGREGATE = "COMPANY_ASSOCIATION";
    static final String RESELLER_LINKED = "RESELLER_LINKED";
    static final String RESELLER_UNLINKED = "RESELLER_UNLINKED";

    private final AssociationRepository associations;
    private final Directory directory;
    private final ResellerAccess access;
    private final DomainEventPublisher events;

    public AssociationService(AssociationRepository associations, Directory directory, ResellerAccess access,
            DomainEventPublisher events) {
        this.associations = associations;
        this.directory = directory;
        this.access = access;
        this.events = events;
    }

    public enum Sort {
        CREATED_ON, ID
    }

    /** What a listing asks for; the resource has parsed and checked every parameter. */
    public record Query(UUID resellerCompanyId, UUID customerCompanyId, String searchText, Instant from, Instant to,
            Sort sort, boolean ascending, PageRequest page) {
    }

    @WithTransaction
    public Uni<AssociationView> create(UUID resellerId, UUID customerId) {
        return access.associationManager(true).chain(actor -> directory.companyEvenRemoved(resellerId)
                .chain(reseller -> directory.companyEvenRemoved(customerId).chain(customer -> {
                    requireFound(reseller, resellerId, actor);
                    requireFound(customer, customerId, actor);
                    if (resellerId.equals(customerId)) {
                        throw ApiException.conflict("CANT_LINK_RESELLER_TO_ITSELF",
                                name(reseller) + " cannot be associated with itself");
                    }
                    for (DirectoryCompany company : List.of(reseller, customer)) {
                        if (company.deleted) {
                            throw ApiException.conflict("COMPANY_INACTIVE", name(company) + " is not an active company");
                        }
                    }
                    if (!reseller.reseller) {
                        throw ApiException.conflict("RESELLER_REQUIRED", name(reseller) + " is not a reseller company");
                    }
                    for (DirectoryCompany company : List.of(reseller, customer)) {
                        if (!company.enabled) {
                            throw ApiException.conflict("COMPANY_DISABLED", name(company) + " is disabled");
                        }
                    }
                    return link(reseller, customer, AssociationOrigin.ASSOCIATED, null, null).map(view -> {
                        if (view == null) {
                            throw ApiException.conflict("ASSOCIATION_ALREADY_EXISTS", name(customer)
                                    + " is already associated with " + name(reseller));
                        }
                        return view;
                    });
                })));
    }

    /**
     * Links {@code customer} to {@code reseller} in the caller's transaction and publishes the event; emits null when
     * they were already linked (nothing is published then). {@code creator}: the event's creator when the link is made
     * outside the request that asked for it (null: the current caller).
     */
    public Uni<AssociationView> link(DirectoryCompany reseller, DirectoryCompany customer, AssociationOrigin origin,
            String companyAccess, Map<String, Object> creator) {
        CompanyAssociation a = new CompanyAssociation();
        a.id = UUID.randomUUID();
        a.partner = reseller.partner;
        a.resellerCompanyId = reseller.id;
        a.customerCompanyId = customer.id;
        a.origin = origin;
        a.companyAccess = companyAccess;
        a.createdOn = Instant.now();
        return associations.insertIfAbsent(a).chain(inserted -> {
            if (!inserted) {
                return Uni.createFrom().nullItem();
            }
            AssociationView view = view(a, reseller, customer);
            String type = origin == AssociationOrigin.LINKED ? EventTypes.RESELLER_COMPANY_LINKED
                    : EventTypes.COMPANY_ASSOCIATION_CREATED;
            return notifications(RESELLER_LINKED, reseller, customer)
                    .chain(mails -> events.publish(type, a.partner, AGGREGATE, a.id.toString(),
                            new AssociationEvent(view, origin, companyAccess), mails,
                            creator == null ? events.currentCreator() : creator))
                    .replaceWith(view);
        });
    }

    @WithSession
    public Uni<AssociationPage> list(Query query) {
        // the listing is scoped to the caller's marketplace: another one's company lists nothing, as an unknown one
        return access.associationManager(false).chain(actor -> foreign(actor, query).chain(foreign -> {
            if (foreign) {
                // another marketplace's company lists as an unknown one: nothing, and a total of 0, not its counter
                return Uni.createFrom().item(new AssociationPage(List.of(),
                        PagedResponse.of(List.<AssociationView> of(), query.page(), 0L, null).page()));
            }
            AssociationRepository.Filter filter = new AssociationRepository.Filter(actor.partner(),
                    query.resellerCompanyId(), query.customerCompanyId(), query.searchText(), query.from(), query.to(),
                    query.sort() == Sort.ID ? AssociationRepository.SortField.ID : AssociationRepository.SortField.CREATED_ON,
                    query.ascending());
            return associations.where(filter).chain(where -> Paged.read(query.page(),
                    associations.search(filter, where, query.page()), () -> associations.count(filter, where)))
                    .chain(found -> views(found.rows()).map(views -> new AssociationPage(
                            views, PagedResponse.of(views, query.page(), found.total(), null).page())));
        }));
    }

    /** Whether a company the listing names belongs to another marketplace. */
    private Uni<Boolean> foreign(Actor actor, Query query) {
        List<UUID> named = new ArrayList<>();
        if (query.resellerCompanyId() != null) {
            named.add(query.resellerCompanyId());
        }
        if (query.customerCompanyId() != null) {
            named.add(query.customerCompanyId());
        }
        return directory.companiesInOrder(named)
                .map(found -> found.stream().anyMatch(c -> !c.partner.equals(actor.partner())));
    }

    @WithTransaction
    public Uni<Void> delete(UUID id) {
        // another marketplace's association is not found, as an unknown one: its ids are not confirmed to anyone else
        return access.associationManager(true).chain(actor -> associations.inPartner(actor.partner(), id).chain(a -> {
            if (a == null) {
                return Uni.createFrom().failure(ApiException.notFound("Company association", id));
            }
            return directory.companiesInOrder(List.of(a.resellerCompanyId, a.customerCompanyId))
                    .chain(companies -> {
                        DirectoryCompany reseller = byId(companies, a.resellerCompanyId);
                        DirectoryCompany customer = byId(companies, a.customerCompanyId);
                        AssociationView view = view(a, reseller, customer);
                        String type = a.origin == AssociationOrigin.LINKED ? EventTypes.RESELLER_COMPANY_UNLINKED
                                : EventTypes.COMPANY_ASSOCIATION_REMOVED;
                        return associations.delete(a)
                                .chain(() -> reseller == null || customer == null
                                        ? Uni.createFrom().item(List.<NotificationRequest> of())
                                        : notifications(RESELLER_UNLINKED, reseller, customer))
                                .chain(mails -> events.publish(type, a.partner, AGGREGATE, a.id.toString(),
                                        new AssociationEvent(view, a.origin, a.companyAccess), mails));
                    });
        })).replaceWithVoid();
    }

    /**
     * The company of {@code ref} when {@code actor} may see it: a manager any company of its marketplace, a reseller
     * its own reseller companies and the customers linked to them. 404 when unknown or another marketplace's (the
     * directory finds only the actor's marketplace's: its id answers as an unknown one), 403 for a company of the
     * marketplace the actor may not see.
     */
    public Uni<DirectoryCompany> requireVisible(Actor actor, CompanyRef ref) {
        return directory.company(ref, actor.partner()).chain(company -> {
            if (company == null || !company.partner.equals(actor.partner())) {
                return Uni.createFrom().failure(ApiException.notFound("Company", describe(ref)));
            }
            return sees(actor, company.id).map(visible -> {
                if (!visible) {
                    throw ApiException.forbidden();
                }
                return company;
            });
        });
    }

    /** Whether {@code actor} sees company {@code id} (of its marketplace). */
    public Uni<Boolean> sees(Actor actor, UUID id) {
        if (actor.isManager() || actor.resellerCompanies().contains(id)) {
            return Uni.createFrom().item(true);
        }
        return associations.linked(Set.copyOf(actor.resellerCompanies()), id);
    }

    /** Whether {@code customer} is linked to {@code reseller}. */
    public Uni<Boolean> linked(UUID reseller, UUID customer) {
        return associations.linked(Set.of(reseller), customer);
    }

    private Uni<List<AssociationView>> views(List<CompanyAssociation> found) {
        Set<UUID> ids = new LinkedHashSet<>();
        found.forEach(a -> {
            ids.add(a.resellerCompanyId);
            ids.add(a.customerCompanyId);
        });
        return directory.companiesInOrder(new ArrayList<>(ids)).map(companies -> found.stream()
                .map(a -> view(a, byId(companies, a.resellerCompanyId), byId(companies, a.customerCompanyId))).toList());
    }

    /**
     * RESELLER_LINKED / RESELLER_UNLINKED for the customer's Company Administrators and the reseller's Company
     * Administrators and resellers, one entry per locale; none when nobody is there to tell.
     */
    private Uni<List<NotificationRequest>> notifications(String type, DirectoryCompany reseller, DirectoryCompany customer) {
        return directory.holdersOf(customer.id, List.of(Roles.SYS_ADMIN)).chain(customers -> directory
                .holdersOf(reseller.id, List.of(Roles.SYS_ADMIN, Roles.RESELLER)).map(resellers -> {
                    Map<String, Set<String>> byLocale = new LinkedHashMap<>();
                    List<Recipient> all = new ArrayList<>(customers);
                    all.addAll(resellers);
                    for (Recipient r : all) {
                        byLocale.computeIfAbsent(r.locale() == null ? NotificationRequest.DEFAULT_LOCALE : r.locale(),
                                k -> new LinkedHashSet<>()).add(r.email());
                    }
                    Map<String, Object> parameters = new LinkedHashMap<>();
                    parameters.put("resellerName", name(reseller));
                    parameters.put("customerName", name(customer));
                    parameters.put("partner", reseller.partner);
                    List<NotificationRequest> mails = new ArrayList<>();
                    byLocale.forEach((locale, emails) -> mails.add(NotificationRequest.email(type, List.copyOf(emails), locale,
                            parameters)));
                    return mails;
                }));
    }

    /** Another marketplace's company is not found, exactly as an unknown one. */
    private static void requireFound(DirectoryCompany company, UUID id, Actor actor) {
        if (company == null || !company.partner.equals(actor.partner())) {
            throw ApiException.notFound("Company", id);
        }
    }

    private static AssociationView view(CompanyAssociation a, DirectoryCompany reseller, DirectoryCompany customer) {
        return new AssociationView(a.id, new CompanySummary(a.resellerCompanyId, reseller == null ? null : reseller.name),
                new CompanySummary(a.customerCompanyId, customer == null ? null : customer.name), a.createdOn.toEpochMilli());
    }

    private static DirectoryCompany byId(List<DirectoryCompany> companies, UUID id) {
        return companies.stream().filter(c -> c.id.equals(id)).findFirst().orElse(null);
    }

    private static String name(DirectoryCompany company) {
        return company.name == null ? "Company " + company.id : company.name;
    }

    private static String describe(CompanyRef ref) {
        return ref instanceof CompanyRef.ById id ? id.uuid().toString()
                : CompanyRef.EXTERNAL_ID_PREFIX + ((CompanyRef.ByExternalId) ref).externalId();
    }
}
