package dev.marketplace.reseller.company.service;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;

import org.jboss.logging.Logger;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import dev.marketplace.common.client.ServiceRejection;
import dev.marketplace.common.error.ApiException;
import dev.marketplace.common.events.DomainEventPublisher;
import dev.marketplace.common.lookup.CompanyRef;
import dev.marketplace.common.lookup.Ids;
import dev.marketplace.reseller.ResellerConfig;
import dev.marketplace.reseller.access.service.Actor;
import dev.marketplace.reseller.access.service.ResellerAccess;
import dev.marketplace.reseller.access.service.ResellerContext;
import dev.marketplace.reseller.access.service.TakenValues;
import dev.marketplace.reseller.association.domain.AssociationOrigin;
import dev.marketplace.reseller.association.service.AssociationService;
import dev.marketplace.reseller.client.AccountApi;
import dev.marketplace.reseller.client.AccountClient;
import dev.marketplace.reseller.company.domain.CompanyAccessType;
import dev.marketplace.reseller.company.domain.CompanyCreation;
import dev.marketplace.reseller.company.repository.CompanyCreationRepository;
import dev.marketplace.reseller.directory.domain.DirectoryCompany;
import dev.marketplace.reseller.directory.service.AccountPayloads;
import dev.marketplace.reseller.directory.service.Directory;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;

/**
 * Creates a company linked to a reseller. The company is account-service's: reseller-service asks account-service to
 * create it, then records the link. In between, the creation waits in {@code company_creation}, whose id is the
 * idempotency key of the call to account-service, so that every attempt creates the same company:
 * <ol>
 * <li>a transaction checks the request and records the pending creation (a pending one with the same externalId, from
 * the same reseller, is resumed instead: the client's retry);</li>
 * <li>account-service creates the company (retried on failure; a retry answers the same company);</li>
 * <li>a transaction puts the company in the directory, links it to the reseller, publishes RESELLER_COMPANY_LINKED
 * (with RESELLER_LINKED notifications) and removes the pending creation.</li>
 * </ol>
 * When account-service refuses, the pending creation is removed and nothing exists. When the call fails or step 3 does
 * not commit, the pending creation stays, and {@link #recoverDue()} completes it later with the same key: no company
 * is left created but unlinked, and none is created twice.
 */
@ApplicationScoped
public class CompanyCreationService {
    private static final Logger LOG = Logger.getLogger(CompanyCreationService.class);
    private static final int RECOVERY_BATCH = 20;

    private final ResellerAccess access;
    private final AssociationService associations;
    private final Directory directory;
    private final CompanyCreationRepository creations;
    private final AccountClient account;
    private final DomainEventPublisher events;
    private final ObjectMapper mapper;
    private final ResellerConfig config;

    public CompanyCreationService(ResellerAccess access, AssociationService associations, Directory directory,
            CompanyCreationRepository creations, AccountClient account, DomainEventPublisher events, ObjectMapper mapper,
            ResellerConfig config) {
        this.access = access;
        this.associations = associations;
        this.directory = directory;
        this.creations = creations;
        this.account = account;
        this.events = events;
        this.mapper = mapper;
        this.config = config;
    }

    public Uni<CompanyViews.Created> create(CompanyInputs.Create input) {
        String partner = access.partner();
        UUID createdBy = input.createdByCompanyId() == null || input.createdByCompanyId().isBlank() ? null
                : Ids.uuid("createdByCompanyId", input.createdByCompanyId().trim());
        CompanyAccessType companyAccess = input.companyAccess() == null ? CompanyAccessType.CUSTOMER : input.companyAccess();
        String externalId = input.externalId();
        AccountApi.NewCompany request = new AccountApi.NewCompany(input.name().trim(), externalId, input.phone(),
                input.companySize() == null ? null : input.companySize().name(), input.website(),
                companyAccess == CompanyAccessType.RESELLER, companyAccess == CompanyAccessType.REFERRAL);
        Map<String, Object> creator = events.currentCreator();
        return Panache.withTransaction(() -> reseller(partner, createdBy)
                .chain(linking -> begin(partner, linking, externalId, companyAccess, request, creator)
                        .map(creation -> new Begun(linking.actor(), creation))))
                .chain(begun -> attempt(begun.creation(), creator, begun.actor()));
    }

    /**
     * Completes creations whose request did not: account-service is asked again with the same key, then the link is
     * recorded; a refusal drops the creation. Each attempt pushes the next one back (exponential, capped).
     */
    public Uni<Integer> recoverDue() {
        Instant now = Instant.now();
        return Panache.withTransaction(() -> creations.lockDue(now, RECOVERY_BATCH).invoke(due -> due.forEach(c -> {
            c.attempts++;
            c.nextAttemptAt = now.plus(backoff(c.attempts));
        }))).chain(due -> {
            Uni<Integer> done = Uni.createFrom().item(0);
            for (CompanyCreation creation : due) {
                done = done.chain(n -> attempt(creation, readCreator(creation.creator), null).map(created -> n + 1)
                        .onFailure().recoverWithItem(e -> {
                            LOG.warnf("Company creation %s (partner %s) not completed yet, attempt %d: %s", creation.id,
                                    creation.partner, creation.attempts, e.getMessage());
                            return n;
                        }));
            }
            return done;
        });
    }

    /**
     * Asks account-service (with the creation's key) and records the link; a refusal removes the creation. {@code actor}:
     * the caller who asked, null in the recovery (whose refusals reach nobody).
     */
    private Uni<CompanyViews.Created> attempt(CompanyCreation creation, Map<String, Object> creator, Actor actor) {
        AccountApi.NewCompany request = readRequest(creation.request);
        return account.createCompany(creation.partner, creation.id, request)
                .onFailure(ServiceRejection.class).call(e -> Panache.withTransaction(() -> creations.remove(creation.id)))
                .onFailure(ServiceRejection.class).transform(e -> refusal((ServiceRejection) e, request, actor))
                .chain(company -> complete(creation, company, creator));
    }

    private Uni<CompanyViews.Created> complete(CompanyCreation creation, JsonNode company, Map<String, Object> creator) {
        long lastModified = company.path("lastModified").asLong(System.currentTimeMillis());
        UUID id = UUID.fromString(company.path("uuid").asText());
        return Panache.withTransaction(() -> directory
                .apply(List.of(AccountPayloads.company(company, creation.partner, Instant.ofEpochMilli(lastModified))))
                .chain(() -> creations.remove(creation.id))
                .call(removed -> !removed ? Uni.createFrom().voidItem()
                        : directory.companyEvenRemoved(creation.resellerCompanyId).chain(reseller -> directory
                                .companyEvenRemoved(id).chain(customer -> {
                                    if (reseller == null || customer == null) {
                                        // rolled back: the creation stays pending and the recovery tries again
                                        throw new IllegalStateException("Company creation " + creation.id
                                                + ": reseller company " + creation.resellerCompanyId
                                                + " is not in the directory");
                                    }
                                    return associations.link(reseller, customer, AssociationOrigin.LINKED,
                                            creation.companyAccess.name(), creator);
                                }))))
                .map(removed -> new CompanyViews.Created(id, text(company, "externalId"), text(company, "name"),
                        company.hasNonNull("creationDate") ? company.get("creationDate").asLong() : null,
                        text(company, "phoneNumber")));
    }

    /**
     * The reseller company the new company is linked to: one the caller acts for as a reseller (the only one when the
     * request names none), or any reseller company of the marketplace for a reseller manager.
     */
    private Uni<Linking> reseller(String partner, UUID createdBy) {
        return access.resellerCompanies().chain(mine -> {
            Uni<Boolean> manager = createdBy != null && mine.contains(createdBy) ? Uni.createFrom().item(false)
                    : access.isManager();
            return manager.chain(isManager -> {
                if (!isManager && (mine.isEmpty() || (createdBy != null && !mine.contains(createdBy)))) {
                    throw ApiException.forbidden();
                }
                if (createdBy == null && mine.size() != 1) {
                    throw ApiException.invalidField("createdByCompanyId", mine.isEmpty() ? "is required"
                            : "is required when the caller acts for several reseller companies");
                }
                UUID id = createdBy == null ? mine.get(0) : createdBy;
                Actor actor = isManager ? Actor.manager(partner) : new Actor(partner, ResellerContext.RESELLER, mine);
                return directory.company(new CompanyRef.ById(id), partner)
                        .onItem().ifNull().failWith(() -> ApiException.notFound("Company", id))
                        .map(reseller -> new Linking(actor, reseller));
            }).map(linking -> {
                DirectoryCompany reseller = linking.reseller();
                if (!reseller.partner.equals(partner)) {
                    // another marketplace's company is not found, as an unknown one
                    throw ApiException.notFound("Company", reseller.id);
                }
                if (!reseller.reseller) {
                    throw ApiException.conflict("RESELLER_REQUIRED", name(reseller) + " is not a reseller company");
                }
                if (!reseller.enabled) {
                    throw ApiException.conflict("COMPANY_DISABLED", name(reseller) + " is disabled");
                }
                return linking;
            });
        });
    }

    /**
     * Records the pending creation, or resumes the one pending for the same externalId and reseller. A taken externalId
     * is a duplicate only when the caller sees what holds it (the company, or the reseller of a pending creation); else
     * {@link TakenValues#unavailable}, which does not say that a company of the marketplace has it.
     */
    private Uni<CompanyCreation> begin(String partner, Linking linking, String externalId,
            CompanyAccessType companyAccess, AccountApi.NewCompany request, Map<String, Object> creator) {
        DirectoryCompany reseller = linking.reseller();
        Actor actor = linking.actor();
        CompanyCreation creation = new CompanyCreation();
        creation.id = UUID.randomUUID();
        creation.partner = partner;
        creation.resellerCompanyId = reseller.id;
        creation.externalId = externalId;
        creation.companyAccess = companyAccess;
        creation.request = write(request);
        creation.creator = write(creator);
        creation.createdOn = Instant.now();
        creation.nextAttemptAt = creation.createdOn.plus(config.recovery().delay());
        Uni<DirectoryCompany> holder = externalId == null ? Uni.createFrom().nullItem()
                : directory.companyWithExternalId(partner, externalId);
        return holder.call(company -> company == null ? Uni.createFrom().voidItem()
                : associations.sees(actor, company.id).invoke(seen -> {
                    throw seen ? duplicateExternalId(externalId) : TakenValues.unavailable("externalId");
                }))
                .chain(() -> creations.insertIfAbsent(creation))
                .chain(inserted -> inserted ? Uni.createFrom().item(creation)
                        : creations.findByExternalId(partner, externalId).map(pending -> {
                            if (pending == null || !pending.resellerCompanyId.equals(reseller.id)) {
                                boolean seen = pending != null && (actor.isManager()
                                        || actor.resellerCompanies().contains(pending.resellerCompanyId));
                                throw seen ? duplicateExternalId(externalId) : TakenValues.unavailable("externalId");
                            }
                            return pending;
                        }));
    }

    /** account-service's 409 for an externalId the directory has not heard of: a duplicate only for a manager. */
    private static ApiException refusal(ServiceRejection rejection, AccountApi.NewCompany request, Actor actor) {
        if (rejection.status() == 409 && "DUPLICATE_EXTERNAL_ID".equals(rejection.code())) {
            return actor != null && actor.isManager() ? duplicateExternalId(request.externalId())
                    : TakenValues.unavailable("externalId");
        }
        LOG.warnf("account-service refused a company creation: %d %s", rejection.status(), rejection.code());
        return new ApiException(502, "ACCOUNT_REFUSED", "The account service refused to create the company"
                + (rejection.code() == null ? "" : " (" + rejection.code() + ")"));
    }

    private static ApiException duplicateExternalId(String externalId) {
        return ApiException.conflict("DUPLICATE_EXTERNAL_ID", "externalId: another company already has " + externalId);
    }

    /** The reseller company a creation is linked to, and the caller as visibility sees it. */
    private record Linking(Actor actor, DirectoryCompany reseller) {
    }

    private record Begun(Actor actor, CompanyCreation creation) {
    }

    private Duration backoff(int attempts) {
        Duration base = config.recovery().interval();
        Duration max = config.recovery().maxBackoff();
        long factor = 1L << Math.min(attempts, 20);
        Duration wait = base.multipliedBy(factor);
        return wait.compareTo(max) > 0 ? max : wait;
    }

    private String write(Object value) {
        try {
            return mapper.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("A company creation cannot be recorded", e);
        }
    }

    private AccountApi.NewCompany readRequest(String json) {
        try {
            return mapper.readValue(json, AccountApi.NewCompany.class);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("A recorded company creation cannot be read", e);
        }
    }

    private Map<String, Object> readCreator(String json) {
        try {
            return mapper.readValue(json, new TypeReference<Map<String, Object>>() {
            });
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("A recorded company creation cannot be read", e);
        }
    }

    private static String text(JsonNode node, String field) {
        JsonNode value = node.get(field);
        return value == null || value.isNull() ? null : value.asText();
    }

    private static String name(DirectoryCompany company) {
        return company.name == null ? "Company " + company.id : company.name;
    }
}
