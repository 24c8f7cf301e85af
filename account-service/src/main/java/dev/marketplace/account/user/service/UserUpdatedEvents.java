package dev.marketplace.account.user.service;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import jakarta.enterprise.context.ApplicationScoped;

import dev.marketplace.account.assignment.service.AssignmentService;
import dev.marketplace.account.company.domain.Company;
import dev.marketplace.account.company.service.CompanyLookup;
import dev.marketplace.account.support.Seq;
import dev.marketplace.account.user.domain.AppUser;
import dev.marketplace.common.events.DomainEventPublisher;
import dev.marketplace.common.events.EventTypes;
import dev.marketplace.common.events.payload.SubscriptionVendorEvent;
import io.smallrye.mutiny.Uni;

/**
 * USER_UPDATED for the vendors of a user's applications: one event per subscription the user holds and its vendor has
 * taken (ACTIVE or being cancelled, in any company; the assignment projection of billing's events), as the typed
 * {@link SubscriptionVendorEvent} notification-service turns into the vendor's signed call. The document the vendor
 * fetches carries the user as they are now ({@code payload.user}), their company and the vendor's account
 * ({@code payload.account.accountIdentifier}).
 */
@ApplicationScoped
public class UserUpdatedEvents {
    /** The changes a vendor hears about; any other (an external id) is the marketplace's own business. */
    static final Set<String> VENDOR_FIELDS = Set.of("firstName", "lastName", "email", "locale");

    private final AssignmentService assignments;
    private final CompanyLookup companies;
    private final DomainEventPublisher events;

    public UserUpdatedEvents(AssignmentService assignments, CompanyLookup companies, DomainEventPublisher events) {
        this.assignments = assignments;
        this.companies = companies;
        this.events = events;
    }

    static boolean concernsVendors(List<String> changed) {
        return changed.stream().anyMatch(VENDOR_FIELDS::contains);
    }

    /** Writes the events in the caller's transaction. */
    public Uni<Void> publish(AppUser user) {
        return assignments.heldAnywhere(user.uuid).chain(held -> {
            Map<String, AssignmentService.Held> bySubscription = new LinkedHashMap<>();
            for (AssignmentService.Held h : held) {
                String key = h.subscriptionId() != null ? h.subscriptionId().toString() : h.companyUuid() + ":" + h.productId();
                bySubscription.putIfAbsent(key, h);
            }
            List<AssignmentService.Held> distinct = List.copyOf(bySubscription.values());
            return companies.find(distinct.stream().map(AssignmentService.Held::companyUuid).distinct().toList())
                    .chain(found -> Seq.each(distinct, h -> {
                        Company company = found.stream().filter(c -> c.uuid.equals(h.companyUuid())).findFirst().orElse(null);
                        if (company == null || !company.partner.equals(user.partner)) {
                            return Uni.createFrom().voidItem();
                        }
                        return events.publish(EventTypes.USER_UPDATED, user.partner, "USER", user.uuid.toString(),
                                payload(user, company, h)).replaceWithVoid();
                    }));
        });
    }

    static SubscriptionVendorEvent payload(AppUser user, Company company, AssignmentService.Held held) {
        SubscriptionVendorEvent.Person person = new SubscriptionVendorEvent.Person(user.uuid.toString(), user.email,
                user.firstName, user.lastName, user.locale == null || user.locale.length() < 2 ? null : user.locale.substring(0, 2), user.locale);
        SubscriptionVendorEvent.Company vendorCompany = new SubscriptionVendorEvent.Company(company.uuid.toString(),
                company.name, company.emailAddress, company.phoneNumber, company.website, company.countryCode,
                company.externalId);
        SubscriptionVendorEvent.Account account = new SubscriptionVendorEvent.Account(held.accountIdentifier(), "ACTIVE");
        return new SubscriptionVendorEvent(EventTypes.USER_UPDATED,
                held.subscriptionId() == null ? null : held.subscriptionId().toString(), null, null, null, null,
                new SubscriptionVendorEvent.Marketplace(null, user.partner), held.productId(), null, held.productName(),
                company.uuid.toString(), false, null, person, vendorCompany, person, user.uuid.toString(), account, null,
                null, Map.of(), List.of());
    }
}
