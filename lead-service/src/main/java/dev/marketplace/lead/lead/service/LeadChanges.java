package dev.marketplace.lead.lead.service;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.OptimisticLockException;

import org.hibernate.StaleStateException;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;

import dev.marketplace.common.error.ApiException;
import dev.marketplace.common.events.DomainEventPublisher;
import dev.marketplace.common.events.EventTypes;
import dev.marketplace.common.events.payload.NotificationRequest;
import dev.marketplace.lead.access.Actor;
import dev.marketplace.lead.access.LeadContext;
import dev.marketplace.lead.activity.domain.ActivityVerb;
import dev.marketplace.lead.activity.service.ActivityService;
import dev.marketplace.lead.client.AccountClient.AccountCompany;
import dev.marketplace.lead.lead.domain.Lead;
import dev.marketplace.lead.lead.domain.LeadDeveloper;
import dev.marketplace.lead.lead.domain.LeadStatus;
import dev.marketplace.lead.lead.domain.LeadType;
import dev.marketplace.lead.lead.repository.LeadDeveloperRepository;
import dev.marketplace.lead.lead.repository.LeadRepository;
import io.quarkus.hibernate.reactive.panache.common.WithTransaction;
import io.smallrye.mutiny.Uni;

/**
 * Each change of a lead, one transaction each: the rules of {@link LeadRules} on the stored lead, the change, and its
 * activity and event (outbox) in the same transaction. What other services know (the actor, companies, users, the
 * product) was asked before: nothing here calls another service.
 */
@ApplicationScoped
public class LeadChanges {
    static final String AGGREGATE = "LEAD";

    private final LeadRepository leads;
    private final LeadDeveloperRepository developers;
    private final VisibleLeads visible;
    private final ActivityService activities;
    private final DomainEventPublisher events;
    private final LeadNotifications notifications;
    private final AnonymousLeadNotices anonymousNotices;
    private final ObjectMapper mapper;

    public LeadChanges(LeadRepository leads, LeadDeveloperRepository developers, VisibleLeads visible,
            ActivityService activities, DomainEventPublisher events, LeadNotifications notifications,
            AnonymousLeadNotices anonymousNotices, ObjectMapper mapper) {
        this.leads = leads;
        this.developers = developers;
        this.visible = visible;
        this.activities = activities;
        this.events = events;
        this.notifications = notifications;
        this.anonymousNotices = anonymousNotices;
        this.mapper = mapper;
    }

    @WithTransaction
    public Uni<LeadView> create(Actor actor, LeadInputs.Create in, LeadProfile profile) {
        Lead lead = NewLead.of(actor, in, profile, json(in.customAttributes() == null ? Map.of() : in.customAttributes()));
        List<LeadDeveloper> rows = profile.product() == null ? List.of()
                : profile.product().developerIds().stream().map(LeadChanges::uuidOrNull).filter(Objects::nonNull).distinct()
                        .map(user -> LeadDeveloper.of(lead.id, user)).toList();
        String resellerEmail = profile.company() == null ? null : profile.company().emailAddress();
        return leads.persist(lead)
                .call(() -> rows.isEmpty() ? Uni.createFrom().voidItem() : developers.persist(rows))
                .call(() -> leads.flush())
                // anyone may fill in a contact form: its leads mail each address at most once per interval
                .chain(() -> actor.isAnonymous() ? anonymousNotices.created(lead, resellerEmail)
                        : Uni.createFrom().item(notifications.created(lead, resellerEmail)))
                .chain(notify -> changed(lead, actor, ActivityVerb.LEAD_CREATED, EventTypes.LEAD_CREATED, null, null,
                        notify));
    }

    @WithTransaction
    public Uni<LeadView> update(Actor actor, UUID id, LeadInputs.Update in) {
        return visible.find(actor, id).chain(lead -> {
            LeadRules.requireChange(actor, lead);
            if (LeadStatus.CLOSED.contains(lead.status)) {
                throw ApiException.conflict("LEAD_CLOSED", "status: a " + lead.status + " lead can no longer be changed");
            }
            applyChange(lead, in);
            return changed(lead, actor, ActivityVerb.LEAD_UPDATED, EventTypes.LEAD_UPDATED, null, null, List.of());
        });
    }

    /** See {@link LeadRules#discardedStatus}. */
    @WithTransaction
    public Uni<LeadView> discard(Actor actor, UUID id) {
        return visible.find(actor, id).chain(lead -> {
            LeadRules.requireChange(actor, lead);
            LeadStatus target = LeadRules.discardedStatus(lead);
            LeadRules.requireTransition(lead, LeadRules.OPEN, target);
            // a manager disqualifying a lead whose conversion its assignee asked for denies the request
            boolean denial = lead.status == LeadStatus.PENDING_CONVERSION_APPROVAL && actor.isManager();
            lead.status = target;
            return target == LeadStatus.DELETED
                    ? changed(lead, actor, ActivityVerb.LEAD_DELETED, EventTypes.LEAD_DELETED, null, null, List.of())
                    : changed(lead, actor, ActivityVerb.LEAD_DISQUALIFIED, EventTypes.LEAD_DISQUALIFIED, null, null,
                            denial ? notifications.denied(lead) : notifications.lost(lead));
        });
    }

    /** {@code company}: an enabled reseller company of the actor's marketplace. */
    @WithTransaction
    public Uni<LeadView> assign(Actor actor, UUID id, AccountCompany company) {
        return visible.find(actor, id).chain(lead -> {
            LeadRules.requireTransition(lead, LeadRules.ASSIGNABLE, LeadStatus.ASSIGNED);
            lead.assignTo(company.uuid(), company.name(), company.emailAddress(), company.phoneNumber(), company.locale());
            return changed(lead, actor, ActivityVerb.LEAD_ASSIGNED, EventTypes.LEAD_ASSIGNED, company.uuid(), company.name(),
                    notifications.assigned(lead, company.emailAddress()));
        });
    }

    /** {@code user}: an enabled member of {@code company}, a company of the actor's marketplace. */
    @WithTransaction
    public Uni<LeadView> associate(Actor actor, UUID id, UUID company, String companyName, UUID user) {
        return visible.find(actor, id).chain(lead -> {
            LeadRules.requireChange(actor, lead);
            if (actor.context() == LeadContext.REFERRAL && !LeadRules.isRecipient(actor, lead)
                    && !LeadRules.isCreator(actor, lead)) {
                throw ApiException.forbidden();
            }
            LeadRules.requireTransition(lead, LeadRules.OPEN, lead.status);
            lead.convertedCompany = company;
            lead.convertedCompanyName = companyName;
            lead.convertedUser = user;
            return changed(lead, actor, ActivityVerb.LEAD_COMPANY_ASSOCIATED, EventTypes.LEAD_ASSOCIATED, company,
                    companyName, List.of());
        });
    }

    @WithTransaction
    public Uni<LeadView> requestConversion(Actor actor, UUID id) {
        return visible.find(actor, id).chain(lead -> {
            if (!LeadRules.isRecipient(actor, lead)) {
                throw ApiException.forbidden();
            }
            LeadRules.requireTransition(lead, Set.of(LeadStatus.ASSIGNED), LeadStatus.PENDING_CONVERSION_APPROVAL);
            lead.status = LeadStatus.PENDING_CONVERSION_APPROVAL;
            return changed(lead, actor, ActivityVerb.LEAD_CONVERSION_REQUESTED, EventTypes.LEAD_CONVERSION_REQUESTED,
                    null, null, List.of());
        });
    }

    /** The actor is a manager. */
    @WithTransaction
    public Uni<LeadView> approveConversion(Actor actor, UUID id) {
        return visible.find(actor, id).chain(lead -> {
            LeadRules.requireTransition(lead, Set.of(LeadStatus.PENDING_CONVERSION_APPROVAL), LeadStatus.CONVERSION_APPROVED);
            lead.status = LeadStatus.CONVERSION_APPROVED;
            return changed(lead, actor, ActivityVerb.LEAD_CONVERSION_APPROVED, EventTypes.LEAD_CONVERSION_APPROVED, null,
                    null, notifications.accepted(lead));
        });
    }

    /** The first step of a conversion: the lead may be converted, and its conversion key is stored (LeadConversion). */
    @WithTransaction
    public Uni<Lead> reserveConversion(Actor actor, UUID id) {
        return visible.find(actor, id).map(lead -> {
            LeadRules.requireConvertible(actor, lead);
            if (lead.conversionKey == null) {
                lead.conversionKey = "lead-" + lead.id;
            }
            return lead;
        });
    }

    /** The last step of a conversion: the lead is converted into {@code company}, whose first member is {@code user}. */
    @WithTransaction
    public Uni<LeadView> recordConversion(Actor actor, UUID id, UUID company, String companyName, UUID user) {
        return visible.find(actor, id).chain(lead -> {
            if (lead.status == LeadStatus.CONVERTED && company.equals(lead.convertedCompany)) {
                return Uni.createFrom().item(LeadView.of(lead, mapper)); // a concurrent retry finished it
            }
            LeadRules.requireConvertible(actor, lead);
            lead.status = LeadStatus.CONVERTED;
            lead.result = "WON";
            lead.convertedCompany = company;
            lead.convertedCompanyName = companyName;
            lead.convertedUser = user;
            return changed(lead, actor, ActivityVerb.LEAD_CONVERTED, EventTypes.LEAD_CONVERTED, company, companyName,
                    notifications.converted(lead));
        });
    }

    /**
     * A change whose optimistic lock lost to a concurrent one answers 409, not 500. Put around the call of a change, so
     * that a conflict found when the transaction commits is answered so too.
     */
    static <T> Uni<T> conflictAnswered(Uni<T> change) {
        return change.onFailure(LeadChanges::stale).transform(e -> ApiException.conflict("LEAD_CHANGED",
                "The lead was changed by another request at the same time; read it again and retry"));
    }

    private static boolean stale(Throwable e) {
        return e instanceof OptimisticLockException || e instanceof StaleStateException
                || e.getCause() instanceof OptimisticLockException || e.getCause() instanceof StaleStateException;
    }

    /** Stamps the change, records the activity and the event (with its notifications) in the current transaction. */
    private Uni<LeadView> changed(Lead lead, Actor actor, ActivityVerb verb, String eventType, UUID contextCompany,
            String contextCompanyName, List<NotificationRequest> notify) {
        Instant now = Instant.now();
        if (verb != ActivityVerb.LEAD_CREATED) {
            lead.lastModified = now;
        }
        LeadView view = LeadView.of(lead, mapper);
        return leads.flush()
                .call(() -> activities.record(lead.id, actor, verb, verbContext(actor, lead), contextCompany,
                        contextCompanyName, verb == ActivityVerb.LEAD_CREATED ? lead.createdOn : now))
                .call(() -> events.publish(eventType, lead.partner, AGGREGATE, lead.id.toString(), view, notify))
                .replaceWith(() -> LeadView.of(lead, mapper));
    }

    private static String verbContext(Actor actor, Lead lead) {
        if (actor.isAnonymous()) {
            return lead.leadType == LeadType.COMPANY ? "RESELLER_PROFILE" : "PRODUCT_PROFILE";
        }
        return actor.isManager() ? "MARKETPLACE" : "COMPANY";
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
}
