package dev.marketplace.account.onboarding.service;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;

import jakarta.enterprise.context.ApplicationScoped;

import dev.marketplace.account.access.MembershipRoles;
import dev.marketplace.account.activation.service.AccountActivation;
import dev.marketplace.account.company.domain.Company;
import dev.marketplace.account.company.service.CompanyInput;
import dev.marketplace.account.company.service.FirstUsers;
import dev.marketplace.account.membership.service.MembershipService;
import dev.marketplace.account.membership.service.Members;
import dev.marketplace.account.support.Locales;
import dev.marketplace.account.user.domain.AppUser;
import dev.marketplace.account.user.domain.UserStatus;
import dev.marketplace.account.user.service.UserService;
import dev.marketplace.common.events.DomainEventPublisher;
import dev.marketplace.common.events.EventTypes;
import dev.marketplace.common.events.payload.NotificationRequest;
import io.smallrye.mutiny.Uni;

/**
 * The first user a company is created with: a Company Administrator unless other roles are given, active when the
 * company allows login, managed otherwise; an existing user of the marketplace with that email is reused. A new user
 * who may log in gets NEW_USER and WELCOME_USER, and, having no password yet, ACCOUNT_ACTIVATION with the link that sets
 * one ({@link AccountActivation}); a managed user gets no email.
 */
@ApplicationScoped
public class FirstUserOnboarding implements FirstUsers {
    private final UserService users;
    private final Members members;
    private final DomainEventPublisher events;
    private final AccountActivation activation;

    public FirstUserOnboarding(UserService users, Members members, DomainEventPublisher events, AccountActivation activation) {
        this.users = users;
        this.members = members;
        this.events = events;
        this.activation = activation;
    }

    @Override
    public Uni<Void> add(Company company, CompanyInput.FirstUser first) {
        List<String> roles = first.roles == null || first.roles.isEmpty() ? List.of(MembershipRoles.COMPANY_ADMIN)
                : List.copyOf(new LinkedHashSet<>(first.roles));
        UserStatus status = company.allowLogin ? UserStatus.ACTIVE : UserStatus.MANAGED;
        List<NotificationRequest> messages = new ArrayList<>();
        return users.findByEmail(company.partner, first.email).chain(existing -> {
            if (existing != null) {
                return Uni.createFrom().item(existing);
            }
            AppUser user = NewUsers.of(company.partner, first.email.trim());
            user.firstName = first.firstName;
            user.lastName = first.lastName;
            user.position = first.position;
            user.locale = first.locale;
            user.status = status;
            if (company.allowLogin) {
                messages.addAll(WelcomeMessages.of(user, company));
                messages.add(activation.start(user, company.name, Locales.forRecipient(user.locale, company.locale)));
            }
            return users.add(user);
        }).chain(user -> members.add(company, user, roles, status).chain(m -> events.publish(EventTypes.MEMBERSHIP_CREATED,
                company.partner, "MEMBERSHIP", MembershipService.aggregate(company, user.uuid), payload(company, user, roles, status),
                messages)
                .replaceWithVoid()));
    }

    /**
     * The membership, and its user as readers of MEMBERSHIP_CREATED know users (names and locale included: reseller-service's
     * directory addresses its messages with them).
     */
    private static Map<String, Object> payload(Company company, AppUser user, List<String> roles, UserStatus status) {
        Map<String, Object> person = new java.util.LinkedHashMap<>();
        person.put("uuid", user.uuid);
        person.put("email", user.email);
        person.put("firstName", user.firstName);
        person.put("lastName", user.lastName);
        person.put("locale", user.locale);
        person.put("status", user.status.name());
        Map<String, Object> payload = new java.util.LinkedHashMap<>();
        payload.put("companyUuid", company.uuid);
        payload.put("userUuid", user.uuid);
        payload.put("email", user.email);
        payload.put("roles", roles);
        payload.put("status", status.name());
        payload.put("user", person);
        return payload;
    }
}
