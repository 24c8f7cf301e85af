package dev.marketplace.lead.lead.service;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.function.Supplier;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.OptimisticLockException;
import jakarta.ws.rs.core.UriInfo;

import org.hibernate.StaleStateException;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;

import dev.marketplace.common.client.ServiceRejection;
import dev.marketplace.common.client.ServiceUnavailable;
import dev.marketplace.common.error.ApiException;
import dev.marketplace.common.events.DomainEventPublisher;
import dev.marketplace.common.events.EventTypes;
import dev.marketplace.common.events.payload.NotificationRequest;
import dev.marketplace.common.input.Violations;
import dev.marketplace.common.lookup.Ids;
import dev.marketplace.common.paging.Paged;
import dev.marketplace.common.paging.PageRequest;
import dev.marketplace.common.paging.PagedResponse;
import dev.marketplace.common.security.Caller;
import dev.marketplace.common.security.Roles;
import dev.marketplace.lead.access.Actor;
import dev.marketplace.lead.access.ActorResolver;
import dev.marketplace.lead.access.LeadContext;
import dev.marketplace.lead.activity.domain.ActivityVerb;
import dev.marketplace.lead.activity.service.ActivityService;
import dev.marketplace.lead.activity.service.ActivityView;
import dev.marketplace.lead.client.AccountClient;
import dev.marketplace.lead.client.AccountClient.AccountCompany;
import dev.marketplace.lead.client.AccountClient.AccountMembership;
import dev.marketplace.lead.client.CatalogClient;
import dev.marketplace.lead.client.CatalogClient.CatalogProduct;
import dev.marketplace.lead.lead.domain.Lead;
import dev.marketplace.lead.lead.domain.LeadDeveloper;
import dev.marketplace.lead.lead.domain.LeadSortField;
import dev.marketplace.lead.lead.domain.LeadStatus;
import dev.marketplace.lead.lead.domain.LeadType;
import dev.marketplace.lead.lead.domain.ParticipantType;
import dev.marketplace.lead.lead.repository.LeadDeveloperRepository;
import dev.marketplace.lead.lead.repository.LeadFilter;
import dev.marketplace.lead.lead.repository.LeadRepository;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;

/**
 * The rules of leads: creation (with the product or reseller company checked in the other services), reads scoped by
 * the visibility rules, changes, discard, assignment, association, and conversion with its approval. Calls to other
 * services happen before or between transactions, never inside one; each change writes its activity and its event
 * (outbox) in the transaction of the change.
 */
@ApplicationScoped
public class LeadService {
    private static final TypeReference<Map<String, List<String>>> ATTRIBUTES = new TypeReference<>() {
    };
    private static final Set<String> COUNTRIES = Set.of(Locale.getISOCountries());
    static final String AGGREGATE = "LEAD";

    private final LeadRepository leads;
    private final LeadDeveloperRepository developers;
    private final ActivityService activities;
    private final ActorResolver actors;
    private final AccountClient account;
    private final CatalogClient catalog;
    private final DomainEventPublisher events;
    private final LeadNotifications notifications;
    private final ObjectMapper mapper;
    private final Caller caller;

    public LeadService(LeadRepository leads, LeadDeveloperRepository developers, ActivityService activities,
            ActorResolver actors, AccountClient account, CatalogClient catalog, DomainEventPublisher events,
            LeadNotifications notifications, ObjectMapper mapper, Caller caller) {
        this.leads = leads;
        this.developers = developers;
        this.activities = activities;
        this.actors = actors;
        this.account = account;
        this.catalog = catalog;
        this.events = events;
        this.notifications = notifications;
        this.mapper = mapper;
        this.caller = caller;
    }

    /** What a new lead refers to, as the other services know it. */
    private record Profile(CatalogProduct product, String editionId, String editionName, AccountCompany company) {
    }

    // ---- create -------------------------------------------------------------------------------------------------

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
                .when(in.customer().company().country() != null && !COUNTRIES.contains(in.customer().company().country()),
                        "customer.company.country", "must be an ISO 3166-1 alpha-2 code such as US")
                .throwIfAny();
        Long productId = in.leadType() == LeadType.PRODUCT ? Ids.number("product.id", in.product().id().trim()) : null;
        UUID profileCompany = in.leadType() == LeadType.COMPANY ? Ids.uuid("company.id", in.company().id().trim()) : null;

        Uni<Actor> actor = context == LeadContext.ANONYMOUS
                ? Uni.createFrom().item(new Actor(partner, LeadContext.ANONYMOUS, null, null, null, caller.consumerKey()))
                : actors.resolve(context, companyId, in.leadType() == LeadType.MANUAL, true)
                        .chain(a -> in.leadType() == LeadType.MANUAL ? manualCreator(a, userId) : Uni.createFrom().item(a));
        return actor.chain(a -> profile(partner, in, productId, profileCompany)
                .chain(profile -> Panache.withTransaction(() -> insert(a, in, profile))));
    }

    /**
     * A manual lead belongs to a user: the caller's own, or for channel credentials not acting as one the {@code userId}
     * given, an enabled member of {@code companyId}, a company with marketplace access, holding the Marketplace Manager
     * role or acting for that company.
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
                    boolean marketplaceUser = membership.isPresent() && membership.get().enabled()
                            && (membership.get().holds(Roles.CHANNEL_ADMIN) || company.map(AccountCompany::channelAdmin).orElse(false));
                    if (!marketplaceUser) {
                        throw ApiException.invalidField("userId",
                                "must be an enabled member of companyId, a company with marketplace access");
                    }
                    return new Actor(actor.partner(), actor.context(), actor.company(), actor.companyName(), user,
                            actor.consumer());
                }));
    }

    private Uni<Profile> profile(String partner, LeadInputs.Create in, Long productId, UUID profileCompany) {
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
                return new Profile(product, editionId, editionName, null);
            });
        }
        if (profileCompany != null) {
            return account.company(partner, profileCompany.toString()).map(found -> {
                AccountCompany company = found.filter(c -> c.reseller() && c.enabled()).orElseThrow(() -> ApiException
                        .invalidField("company.id", "no enabled reseller company " + profileCompany + " in this marketplace"));
                return new Profile(null, null, null, company);
            });
        }
        return Uni.createFrom().item(new Profile(null, null, null, null));
    }

    private Uni<LeadView> insert(Actor actor, LeadInputs.Create in, Profile profile) {
        Instant now = Instant.now();
        Lead lead = new Lead();
        lead.id = UUID.randomUUID();
        lead.partner = actor.partner();
        lead.leadType = in.leadType();
        applyCustomer(lead, in.customer());
        lead.notes = in.notes();
        lead.customAttributes = json(in.customAttributes() == null ? Map.of() : in.customAttributes());
        lead.creatorContext = actor.context();
        lead.creatorUser = actor.user();
        lead.creatorCompany = actor.company();
        lead.creatorCompanyName = actor.companyName();
        boolean byCompany = actor.company() != null && !actor.isManager();
        lead.referrerType = byCompany ? ParticipantType.COMPANY
                : actor.isAnonymous() ? ParticipantType.CUSTOMER : ParticipantType.CHANNEL;
        lead.referrerCompany = byCompany ? actor.company() : null;
        lead.referrerCompanyName = byCompany ? actor.companyName() : null;
        boolean ownManual = in.leadType() == LeadType.MANUAL
                && (actor.context() == LeadContext.RESELLER || actor.context() == LeadContext.REFERRAL);
        if (ownManual) {
            // a reseller's or referral's own lead is theirs to work: assigned to their company from the start
            assignTo(lead, actor.company(), actor.companyName());
        } else if (profile.company() != null) {
            lead.profileCompany = profile.company().uuid();
            lead.profileCompanyName = profile.company().name();
            assignTo(lead, profile.company().uuid(), profile.company().name());
        } else {
            lead.recipientType = ParticipantType.CHANNEL;
            lead.status = LeadStatus.SUBMITTED;
        }
        List<UUID> productDevelopers = List.of();
        if (profile.product() != null) {
            lead.profileProduct = profile.product().id();
            lead.profileProductName = profile.product().name();
            lead.profileProductProvider = lead.partner;
            lead.profileEdition = profile.editionId();
            lead.profileEditionName = profile.editionName();
            lead.developersSeeLead = profile.product().developersSeeLeads();
            productDevelopers = profile.product().developerIds().stream().map(LeadService::uuidOrNull)
                    .filter(java.util.Objects::nonNull).distinct().toList();
        }
        lead.createdOn = now;
        lead.lastModified = now;
        String resellerEmail = profile.company() == null ? null : profile.company().emailAddress();
        List<LeadDeveloper> rows = productDevelopers.stream().map(user -> LeadDeveloper.of(lead.id, user)).toList();
        return leads.persist(lead)
                .call(() -> rows.isEmpty() ? Uni.createFrom().voidItem() : developers.persist(rows))
                .chain(() -> changed(lead, actor, ActivityVerb.LEAD_CREATED, EventTypes.LEAD_CREATED, null, null,
                        notifications.created(lead, resellerEmail)));
    }

    // ---- reads --------------------------------------------------------------------------------------------------

    public Uni<LeadView> get(String contextRaw, String companyId, String leadIdRaw) {
        UUID id = Ids.uuid("leadId", leadIdRaw);
        return actors.resolve(ActorResolver.context(contextRaw), companyId, true, false)
                .chain(actor -> Panache.withSession(() -> visible(actor, id).map(this::view)));
    }

    public Uni<PagedResponse<LeadView>> list(String contextRaw, String companyId, LeadStatus status, String searchText,
            Instant from, Instant to, LeadSortField sortField, boolean ascending, PageRequest page, UriInfo uri) {
        LeadContext context = ActorResolver.context(contextRaw);
        return actors.resolve(context, companyId, true, false).chain(actor -> {
            LeadFilter filter = new LeadFilter(actor, status == null ? null : status.matching(), searchText, from, to,
                    sortField, ascending);
            return Panache.withSession(() -> Paged.read(page, leads.search(filter, page), () -> leads.count(filter))
                    .map(found -> PagedResponse.of(found.rows().stream().map(this::view).toList(), page, found.total(), uri)));
        });
    }

    public Uni<PagedResponse<ActivityView>> activities(String contextRaw, String companyId, String leadIdRaw, Instant from,
            Instant to, boolean ascending, PageRequest page, UriInfo uri) {
        UUID id = Ids.uuid("leadId", leadIdRaw);
        return actors.resolve(ActorResolver.context(contextRaw), companyId, true, false)
                .chain(actor -> Panache.withSession(() -> visible(actor, id)
                        .chain(lead -> activities.page(lead.id, from, to, ascending, page, uri))));
    }

    // ---- changes ------------------------------------------------------------------------------------------------

    public Uni<LeadView> update(String contextRaw, String companyId, String leadIdRaw, LeadInputs.Update in) {
        UUID id = Ids.uuid("leadId", leadIdRaw);
        if (in == null) {
            throw ApiException.badRequest(ApiException.INVALID_BODY, "body: a JSON object {customer, notes} is required");
        }
        String country = in.customer() == null || in.customer().company() == null ? null : in.customer().company().country();
        Violations.start().when(country != null && !COUNTRIES.contains(country), "customer.company.country",
                "must be an ISO 3166-1 alpha-2 code such as US").throwIfAny();
        return actors.resolve(ActorResolver.context(contextRaw), companyId, true, true)
                .chain(actor -> transaction(() -> visible(actor, id).chain(lead -> {
                    LeadRules.requireChange(actor, lead);
                    if (LeadStatus.CLOSED.contains(lead.status)) {
                        throw ApiException.conflict("LEAD_CLOSED", "status: a " + lead.status + " lead can no longer be changed");
                    }
                    applyChange(lead, in);
                    return changed(lead, actor, ActivityVerb.LEAD_UPDATED, EventTypes.LEAD_UPDATED, null, null, List.of());
                })));
    }

    /** DELETE: see {@link LeadRules#discardedStatus}. */
    public Uni<Void> discard(String contextRaw, String companyId, String leadIdRaw) {
        UUID id = Ids.uuid("leadId", leadIdRaw);
        return actors.resolve(ActorResolver.context(contextRaw), companyId, true, true)
                .chain(actor -> transaction(() -> visible(actor, id).chain(lead -> {
                    LeadRules.requireChange(actor, lead);
                    LeadStatus target = LeadRules.discardedStatus(lead);
                    LeadRules.requireTransition(lead, LeadRules.OPEN, target);
                    lead.status = target;
                    return target == LeadStatus.DELETED
                            ? changed(lead, actor, ActivityVerb.LEAD_DELETED, EventTypes.LEAD_DELETED, null, null, List.of())
                            : changed(lead, actor, ActivityVerb.LEAD_DISQUALIFIED, EventTypes.LEAD_DISQUALIFIED, null, null,
                                    List.of());
                }))).replaceWithVoid();
    }

    public Uni<LeadView.Wrapped> assign(String contextRaw, String companyId, LeadInputs.Assign in) {
        if (in == null) {
            throw ApiException.badRequest(ApiException.INVALID_BODY, "body: a JSON object {leadId, recipient} is required");
        }
        UUID id = Ids.uuid("leadId", in.leadId().trim());
        Violations.start()
                .when(in.recipient().participantType() != ParticipantType.COMPANY, "recipient.participantType",
                        "must be COMPANY: a lead is assigned to a reseller company")
                .when(blank(in.recipient().companyId()), "recipient.companyId", "is required")
                .throwIfAny();
        UUID recipient = Ids.uuid("recipient.companyId", in.recipient().companyId().trim());
        return actors.resolve(ActorResolver.context(contextRaw), companyId, true, true).chain(actor -> {
            LeadRules.requireManager(actor);
            return account.company(actor.partner(), recipient.toString()).chain(found -> {
                AccountCompany company = found.filter(c -> c.reseller() && c.enabled()).orElseThrow(() -> ApiException
                        .invalidField("recipient.companyId", "no enabled reseller company " + recipient + " in this marketplace"));
                return transaction(() -> visible(actor, id).chain(lead -> {
                    LeadRules.requireTransition(lead, LeadRules.ASSIGNABLE, LeadStatus.ASSIGNED);
                    assignTo(lead, company.uuid(), company.name());
                    return changed(lead, actor, ActivityVerb.LEAD_ASSIGNED, EventTypes.LEAD_ASSIGNED, company.uuid(),
                            company.name(), notifications.assigned(lead, company.emailAddress()));
                }));
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
                            return transaction(() -> visible(actor, id).chain(lead -> {
                                LeadRules.requireChange(actor, lead);
                                if (actor.context() == LeadContext.REFERRAL && !LeadRules.isRecipient(actor, lead)
                                        && !LeadRules.isCreator(actor, lead)) {
                                    throw ApiException.forbidden();
                                }
                                LeadRules.requireTransition(lead, LeadRules.OPEN, lead.status);
                                lead.convertedCompany = company;
                                lead.convertedCompanyName = found.get().name();
                                lead.convertedUser = user;
                                return changed(lead, actor, ActivityVerb.LEAD_COMPANY_ASSOCIATED, EventTypes.LEAD_ASSOCIATED,
                                        company, found.get().name(), List.of());
                            }));
                        })));
    }

    public Uni<LeadView.Wrapped> requestConversion(String contextRaw, String companyId, String leadIdRaw) {
        UUID id = Ids.uuid("leadId", leadIdRaw);
        return actors.resolve(ActorResolver.context(contextRaw), companyId, true, true)
                .chain(actor -> transaction(() -> visible(actor, id).chain(lead -> {
                    if (!LeadRules.isRecipient(actor, lead)) {
                        throw ApiException.forbidden();
                    }
                    LeadRules.requireTransition(lead, Set.of(LeadStatus.ASSIGNED), LeadStatus.PENDING_CONVERSION_APPROVAL);
                    lead.status = LeadStatus.PENDING_CONVERSION_APPROVAL;
                    return changed(lead, actor, ActivityVerb.LEAD_CONVERSION_REQUESTED, EventTypes.LEAD_CONVERSION_REQUESTED,
                            null, null, List.of());
                }))).map(LeadView.Wrapped::new);
    }

    public Uni<LeadView.Wrapped> approveConversion(String contextRaw, String companyId, String leadIdRaw) {
        UUID id = Ids.uuid("leadId", leadIdRaw);
        return actors.resolve(ActorResolver.context(contextRaw), companyId, false, true)
                .chain(actor -> {
                    LeadRules.requireManager(actor);
                    return transaction(() -> visible(actor, id).chain(lead -> {
                        LeadRules.requireTransition(lead, Set.of(LeadStatus.PENDING_CONVERSION_APPROVAL),
                                LeadStatus.CONVERSION_APPROVED);
                        lead.status = LeadStatus.CONVERSION_APPROVED;
                        return changed(lead, actor, ActivityVerb.LEAD_CONVERSION_APPROVED,
                                EventTypes.LEAD_CONVERSION_APPROVED, null, null, List.of());
                    }));
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
                .chain(actor -> transaction(() -> visible(actor, id).map(lead -> {
                    requireConvertible(actor, lead);
                    if (lead.conversionKey == null) {
                        lead.conversionKey = "lead-" + lead.id;
                    }
                    return lead;
                })).chain(lead -> lead.convertedCompany != null
                        ? Uni.createFrom().item(new Converted(lead.convertedCompany, lead.convertedCompanyName, lead.convertedUser))
                        : createCompany(actor.partner(), lead))
                        .chain(converted -> transaction(() -> visible(actor, id).chain(lead -> {
                            if (lead.status == LeadStatus.CONVERTED && converted.company().equals(lead.convertedCompany)) {
                                return Uni.createFrom().item(view(lead)); // a concurrent retry finished it
                            }
                            requireConvertible(actor, lead);
                            lead.status = LeadStatus.CONVERTED;
                            lead.result = "WON";
                            lead.convertedCompany = converted.company();
                            lead.convertedCompanyName = converted.companyName();
                            lead.convertedUser = converted.user();
                            return changed(lead, actor, ActivityVerb.LEAD_CONVERTED, EventTypes.LEAD_CONVERTED,
                                    converted.company(), converted.companyName(), notifications.converted(lead));
                        }))))
                .map(LeadView.Wrapped::new);
    }

    private record Converted(UUID company, String companyName, UUID user) {
    }

    /** The recipient reseller converts once a manager approved it; managers convert open leads directly. */
    private static void requireConvertible(Actor actor, Lead lead) {
        if (LeadRules.isRecipient(actor, lead)) {
            LeadRules.requireTransition(lead, Set.of(LeadStatus.CONVERSION_APPROVED), LeadStatus.CONVERTED);
        } else if (actor.isManager()) {
            LeadRules.requireTransition(lead, LeadRules.MANAGER_CONVERTIBLE, LeadStatus.CONVERTED);
        } else {
            throw ApiException.forbidden();
        }
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

    // ---- shared -------------------------------------------------------------------------------------------------

    /** The lead if the actor may see it; 404 otherwise, exactly as if it did not exist. */
    private Uni<Lead> visible(Actor actor, UUID id) {
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

    /** Stamps the change, records the activity and the event (with its notifications) in the current transaction. */
    private Uni<LeadView> changed(Lead lead, Actor actor, ActivityVerb verb, String eventType, UUID contextCompany,
            String contextCompanyName, List<NotificationRequest> notify) {
        Instant now = Instant.now();
        if (verb != ActivityVerb.LEAD_CREATED) {
            lead.lastModified = now;
        }
        LeadView view = view(lead);
        return leads.flush()
                .call(() -> activities.record(lead.id, actor, verb, verbContext(actor, lead), contextCompany,
                        contextCompanyName, verb == ActivityVerb.LEAD_CREATED ? lead.createdOn : now))
                .call(() -> events.publish(eventType, lead.partner, AGGREGATE, lead.id.toString(), view, notify))
                .replaceWith(() -> view(lead));
    }

    private static String verbContext(Actor actor, Lead lead) {
        if (actor.isAnonymous()) {
            return lead.leadType == LeadType.COMPANY ? "RESELLER_PROFILE" : "PRODUCT_PROFILE";
        }
        return actor.isManager() ? "MARKETPLACE" : "COMPANY";
    }

    /** A transaction whose optimistic lock lost to a concurrent change answers 409, not 500. */
    private static <T> Uni<T> transaction(Supplier<Uni<T>> work) {
        return Panache.withTransaction(work).onFailure(LeadService::stale).transform(e -> ApiException.conflict("LEAD_CHANGED",
                "The lead was changed by another request at the same time; read it again and retry"));
    }

    private static boolean stale(Throwable e) {
        return e instanceof OptimisticLockException || e instanceof StaleStateException
                || e.getCause() instanceof OptimisticLockException || e.getCause() instanceof StaleStateException;
    }

    private static void assignTo(Lead lead, UUID company, String name) {
        lead.recipientType = ParticipantType.COMPANY;
        lead.recipientCompany = company;
        lead.recipientCompanyName = name;
        lead.status = LeadStatus.ASSIGNED;
    }

    private static void applyCustomer(Lead lead, LeadInputs.Customer customer) {
        LeadInputs.CustomerCompany c = customer.company();
        lead.customerCompanyName = c.name().trim();
        lead.customerStreet1 = c.street1();
        lead.customerStreet2 = c.street2();
        lead.customerCity = c.city();
        lead.customerState = c.state();
        lead.customerZip = c.zip();
        lead.customerCountry = c.country();
        lead.customerSize = c.size() == null ? null : c.size().name();
        LeadInputs.Contact contact = customer.contact();
        lead.contactFirstName = contact.firstName();
        lead.contactLastName = contact.lastName();
        lead.contactEmail = contact.email().trim();
        lead.contactPhone = contact.phone();
        lead.contactPhoneExtension = contact.phoneExtension();
    }

    private static void applyChange(Lead lead, LeadInputs.Update in) {
        if (in.notes() != null) {
            lead.notes = in.notes();
        }
        if (in.customer() == null) {
            return;
        }
        LeadInputs.CompanyChange c = in.customer().company();
        if (c != null) {
            lead.customerCompanyName = c.name() != null ? c.name().trim() : lead.customerCompanyName;
            lead.customerStreet1 = c.street1() != null ? c.street1() : lead.customerStreet1;
            lead.customerStreet2 = c.street2() != null ? c.street2() : lead.customerStreet2;
            lead.customerCity = c.city() != null ? c.city() : lead.customerCity;
            lead.customerState = c.state() != null ? c.state() : lead.customerState;
            lead.customerZip = c.zip() != null ? c.zip() : lead.customerZip;
            lead.customerCountry = c.country() != null ? c.country() : lead.customerCountry;
            lead.customerSize = c.size() != null ? c.size().name() : lead.customerSize;
        }
        LeadInputs.ContactChange contact = in.customer().contact();
        if (contact != null) {
            lead.contactFirstName = contact.firstName() != null ? contact.firstName() : lead.contactFirstName;
            lead.contactLastName = contact.lastName() != null ? contact.lastName() : lead.contactLastName;
            lead.contactEmail = contact.email() != null ? contact.email().trim() : lead.contactEmail;
            lead.contactPhone = contact.phone() != null ? contact.phone() : lead.contactPhone;
            lead.contactPhoneExtension = contact.phoneExtension() != null ? contact.phoneExtension() : lead.contactPhoneExtension;
        }
    }

    private LeadView view(Lead lead) {
        try {
            return LeadView.of(lead, mapper.readValue(lead.customAttributes, ATTRIBUTES));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("custom attributes of lead " + lead.id + " are not JSON", e);
        }
    }

    private String json(Object value) {
        try {
            return mapper.writeValueAsString(value == null ? new LinkedHashMap<>() : value);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    private static UUID uuidOrNull(String value) {
        try {
            return UUID.fromString(value);
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    private static boolean blank(String s) {
        return s == null || s.isBlank();
    }

}
