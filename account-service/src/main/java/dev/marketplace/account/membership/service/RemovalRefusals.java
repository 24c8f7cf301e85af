package dev.marketplace.account.membership.service;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;

import dev.marketplace.account.activity.service.ActivityService;
import dev.marketplace.account.company.service.CompanyLookup;
import dev.marketplace.account.support.Locales;
import dev.marketplace.account.user.service.UserService;
import dev.marketplace.common.error.ApiException;
import dev.marketplace.common.events.DomainEventPublisher;
import dev.marketplace.common.events.EventTypes;
import dev.marketplace.common.events.payload.NotificationRequest;
import dev.marketplace.common.events.payload.NotificationTypes;
import io.quarkus.hibernate.reactive.panache.common.WithTransaction;
import io.smallrye.mutiny.Uni;

/**
 * Tells the administrator who asked why a membership delete was refused (docs/notifications.md): the refusal itself
 * changes nothing, so the FAILED_TO_REMOVE_USER* email travels on its own event, MEMBERSHIP_REMOVAL_REFUSED, written in
 * a transaction of its own after the delete's was rolled back ({@link MembershipRemoval}).
 */
@ApplicationScoped
public class RemovalRefusals {
    /** The refusal codes of a membership delete, and the message each one sends. */
    static final Map<String, String> TYPES = Map.of(
            "ACTIVE_SUBSCRIPTIONS_FOUND", NotificationTypes.FAILED_TO_REMOVE_USER_HAS_ACTIVE_OR_PENDING_APPS,
            "USER_OWNS_PRODUCTS", NotificationTypes.FAILED_TO_REMOVE_USER_OWNS_APPS,
            "USER_EXTERNALLY_MANAGED", NotificationTypes.FAILED_TO_REMOVE_USER);

    private final CompanyLookup companies;
    private final UserService users;
    private final DomainEventPublisher events;

    public RemovalRefusals(CompanyLookup companies, UserService users, DomainEventPublisher events) {
        this.companies = companies;
        this.users = users;
        this.events = events;
    }

    /** Whether {@code failure} is a refusal for one of the reasons above. */
    public static boolean isRefusal(Throwable failure) {
        return failure instanceof ApiException e && e.status() == 409 && TYPES.containsKey(e.code());
    }

    /** Writes the refusal's event and email to {@code admin}, in a transaction of its own. */
    @WithTransaction
    public Uni<Void> record(String companyRef, UUID member, UUID admin, ApiException refusal) {
        return companies.forRead(companyRef).chain(company -> users.find(member).chain(user -> users.find(admin).chain(asker -> {
            if (user == null || asker == null || !asker.partner.equals(company.partner)) {
                return Uni.createFrom().voidItem();
            }
            String type = TYPES.get(refusal.code());
            Map<String, Object> parameters = new LinkedHashMap<>();
            parameters.put("firstName", asker.firstName);
            parameters.put("userName", ActivityService.fullName(user));
            parameters.put("userEmail", user.email);
            parameters.put("companyName", company.name);
            if (NotificationTypes.FAILED_TO_REMOVE_USER.equals(type)) {
                parameters.put("reason", refusal.getMessage());
            }
            parameters.put("partner", company.partner);
            NotificationRequest email = NotificationRequest.email(type, List.of(asker.email),
                    Locales.forRecipient(asker.locale, company.locale), parameters);
            Map<String, Object> payload = new LinkedHashMap<>();
            payload.put("companyUuid", company.uuid);
            payload.put("userUuid", member);
            payload.put("requestedBy", admin);
            payload.put("code", refusal.code());
            payload.put("message", refusal.getMessage());
            return events.publish(EventTypes.MEMBERSHIP_REMOVAL_REFUSED, company.partner, "MEMBERSHIP",
                    MembershipService.aggregate(company, member), payload, List.of(email)).replaceWithVoid();
        })));
    }
}
