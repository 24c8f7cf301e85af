package dev.marketplace.account.membership.service;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;

import dev.marketplace.account.access.CompanyAccess;
import dev.marketplace.account.access.MembershipRoles;
import dev.marketplace.account.activity.service.ActivityService;
import dev.marketplace.account.assignment.service.AssignmentService;
import dev.marketplace.account.company.service.CompanyLookup;
import dev.marketplace.account.support.Locales;
import dev.marketplace.common.error.ApiException;
import dev.marketplace.common.events.DomainEventPublisher;
import dev.marketplace.common.events.EventTypes;
import dev.marketplace.common.events.payload.NotificationRequest;
import dev.marketplace.common.events.payload.NotificationTypes;
import dev.marketplace.common.lookup.Ids;
import io.quarkus.hibernate.reactive.panache.common.WithTransaction;
import io.smallrye.mutiny.Uni;

/** A member asks for an application: the company's system and billing administrators are emailed. */
@ApplicationScoped
public class PurchaseRequests {
    private final CompanyLookup companies;
    private final CompanyAccess access;
    private final Members members;
    private final AssignmentService assignments;
    private final DomainEventPublisher events;
    private final ActivityService activities;

    public PurchaseRequests(CompanyLookup companies, CompanyAccess access, Members members, AssignmentService assignments,
            DomainEventPublisher events, ActivityService activities) {
        this.companies = companies;
        this.access = access;
        this.members = members;
        this.assignments = assignments;
        this.events = events;
        this.activities = activities;
    }

    /** 409 when the member already holds the application; the member themself or whoever may change the company asks. */
    @WithTransaction
    public Uni<Void> request(String companyRef, String userUuid, String applicationId, MembershipInputs.PurchaseRequest body) {
        UUID user = Ids.uuid("userUuid", userUuid);
        long application = Ids.number("applicationId", applicationId);
        String productName = body == null || body.productName() == null || body.productName().isBlank()
                ? "Application " + application : body.productName().trim();
        String message = body == null ? null : body.message();
        return companies.load(companyRef).call(company -> access.requireSelfOrWrite(company.partner, company.uuid, user))
                .chain(company -> members.require(company, user).chain(m -> assignments
                        .currentForProduct(company.uuid, user, application).chain(n -> {
                            if (n > 0) {
                                throw ApiException.conflict("APPLICATION_ALREADY_PURCHASED",
                                        "The user already has application " + application);
                            }
                            return members.activeUsersWithAnyRole(company.uuid,
                                    List.of(MembershipRoles.COMPANY_ADMIN, MembershipRoles.BILLING_ADMIN));
                        }).chain(admins -> {
                            Map<String, Object> parameters = new LinkedHashMap<>();
                            parameters.put("companyName", company.name);
                            parameters.put("requesterName", ActivityService.fullName(m.user()));
                            parameters.put("requesterEmail", m.user().email);
                            parameters.put("productName", productName);
                            parameters.put("message", message == null ? "" : message);
                            parameters.put("partner", company.partner);
                            // each administrator reads it in their own language: one request per locale among them
                            Map<String, List<String>> byLocale = new TreeMap<>();
                            admins.stream().filter(u -> u.email != null).forEach(u -> byLocale
                                    .computeIfAbsent(Locales.forRecipient(u.locale, company.locale), l -> new ArrayList<>())
                                    .add(u.email));
                            List<NotificationRequest> mails = byLocale.entrySet().stream()
                                    .map(e -> NotificationRequest.email(NotificationTypes.APPLICATION_PURCHASE_REQUEST_NOTICE,
                                            e.getValue().stream().distinct().toList(), e.getKey(), parameters))
                                    .toList();
                            Map<String, Object> payload = new LinkedHashMap<>();
                            payload.put("companyUuid", company.uuid);
                            payload.put("userUuid", user);
                            payload.put("applicationId", application);
                            payload.put("productName", productName);
                            payload.put("message", message);
                            return events.publish(EventTypes.PURCHASE_REQUESTED, company.partner, "MEMBERSHIP",
                                    MembershipService.aggregate(company, user), payload, mails)
                                    .call(() -> activities.record(company, "PURCHASE_REQUESTED", m.user(), "APPLICATION", null,
                                            productName))
                                    .replaceWithVoid();
                        })));
    }
}
