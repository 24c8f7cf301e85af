package dev.marketplace.account.onboarding.service;

import java.net.URI;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;

import jakarta.enterprise.context.ApplicationScoped;

import dev.marketplace.account.AccountConfig;
import dev.marketplace.account.access.MembershipRoles;
import dev.marketplace.account.access.RolePolicy;
import dev.marketplace.account.activity.service.ActivityService;
import dev.marketplace.account.company.service.CompanyLookup;
import dev.marketplace.account.domains.service.DomainService;
import dev.marketplace.account.membership.service.MembershipService;
import dev.marketplace.account.membership.service.MembershipView;
import dev.marketplace.account.membership.service.Members;
import dev.marketplace.account.support.Emails;
import dev.marketplace.account.support.Locales;
import dev.marketplace.account.support.Passwords;
import dev.marketplace.account.user.domain.AppUser;
import dev.marketplace.account.user.domain.UserStatus;
import dev.marketplace.account.user.service.UserService;
import dev.marketplace.common.crypto.NotificationSecrets;
import dev.marketplace.common.error.ApiException;
import dev.marketplace.common.events.DomainEventPublisher;
import dev.marketplace.common.events.EventTypes;
import dev.marketplace.common.events.payload.NotificationRequest;
import dev.marketplace.common.events.payload.NotificationTypes;
import dev.marketplace.common.input.Violations;
import io.quarkus.hibernate.reactive.panache.common.WithTransaction;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.core.Vertx;

/**
 * Add user: an active user of a verified domain of the company, with a temporary password (given or generated, stored
 * hashed) emailed to {@code recipientEmails}.
 */
@ApplicationScoped
public class ActiveUserOnboarding {
    private final CompanyLookup companies;
    private final RolePolicy roles;
    private final DomainService domains;
    private final UserService users;
    private final Members members;
    private final DomainEventPublisher events;
    private final ActivityService activities;
    private final AccountConfig config;
    private final Vertx vertx;
    private final NotificationSecrets secrets;

    public ActiveUserOnboarding(CompanyLookup companies, RolePolicy roles, DomainService domains, UserService users,
            Members members, DomainEventPublisher events, ActivityService activities, AccountConfig config, Vertx vertx,
            NotificationSecrets secrets) {
        this.companies = companies;
        this.roles = roles;
        this.domains = domains;
        this.users = users;
        this.members = members;
        this.secrets = secrets;
        this.events = events;
        this.activities = activities;
        this.config = config;
        this.vertx = vertx;
    }

    @WithTransaction
    public Uni<MembershipView> add(String companyRef, OnboardingInputs.AddUser body, URI baseUri) {
        Violations problems = Violations.start();
        if (body == null || body.user() == null) {
            throw ApiException.invalidField("user", "is required");
        }
        OnboardingInputs.ActiveUser in = body.user();
        if (!Emails.valid(in.email())) {
            problems.add("user.email", "must be an email address");
        }
        List<String> asked = in.roles() == null ? null : List.copyOf(new LinkedHashSet<>(in.roles()));
        if (asked != null) {
            RolePolicy.checkRoles("user.roles", asked, true, problems);
        }
        if (in.locale() != null && !Locales.valid(in.locale())) {
            problems.add("user.locale", Locales.RULE);
        }
        if (body.temporaryPassword() != null && body.temporaryPassword().length() < 8) {
            problems.add("temporaryPassword", "must have at least 8 characters");
        }
        List<String> recipients = body.recipientEmails() == null || body.recipientEmails().isEmpty()
                ? (in.email() == null ? List.of() : List.of(in.email().trim())) : body.recipientEmails();
        for (int i = 0; i < recipients.size(); i++) {
            if (!Emails.valid(recipients.get(i))) {
                problems.add("recipientEmails[" + i + "]", "must be an email address");
            }
        }
        problems.throwIfAny();
        String email = in.email().trim();
        String password = body.temporaryPassword() == null ? Passwords.generate(12) : body.temporaryPassword();
        return companies.forWrite(companyRef).chain(company -> {
            if (!company.allowLogin) {
                throw ApiException.conflict("COMPANY_DOES_NOT_ALLOW_LOGIN",
                        "The company is managed (allowLogin=false): create a managed membership instead");
            }
            List<String> granted = asked == null ? List.of(MembershipRoles.defaultRole(company.defaultRole)) : asked;
            String domain = Emails.domainOf(email);
            return domains.isVerified(company.uuid, domain).invoke(verified -> {
                if (!verified) {
                    throw ApiException.invalidField("user.email", "the domain " + domain
                            + " is not a verified domain of the company");
                }
            }).chain(() -> roles.requireGrantable(company.uuid, granted)).chain(() -> users.findByEmail(company.partner, email))
                    .chain(existing -> {
                        if (existing != null && existing.status != UserStatus.DELETED) {
                            return members.find(company.uuid, existing.uuid).map(m -> {
                                throw m != null ? ApiException.conflict("ALREADY_MEMBER", "user.email: " + email
                                        + " is already a member of the company")
                                        : ApiException.conflict("DUPLICATE_EMAIL", "user.email: a user with " + email
                                                + " already exists; add them with POST .../memberships");
                            });
                        }
                        return Passwords.hash(vertx, password).chain(hash -> {
                            AppUser user = existing == null ? NewUsers.of(company.partner, email) : existing;
                            user.firstName = in.firstName();
                            user.lastName = in.lastName();
                            user.status = UserStatus.ACTIVE;
                            user.passwordHash = hash;
                            user.passwordTemporary = true;
                            if (in.locale() != null) {
                                user.locale = in.locale();
                            }
                            user.lastModified = Instant.now();
                            Map<String, Object> parameters = new LinkedHashMap<>();
                            parameters.put("firstName", user.firstName);
                            parameters.put("lastName", user.lastName);
                            parameters.put("email", user.email);
                            parameters.put("companyName", company.name);
                            parameters.put("temporaryPassword", secrets.seal(company.partner, password)); // never clear in the outbox or Kafka
                            parameters.put("loginUrl", config.loginUrl());
                            parameters.put("partner", company.partner);
                            String locale = Locales.forRecipient(user.locale, company.locale);
                            List<NotificationRequest> mails = new ArrayList<>();
                            mails.add(NotificationRequest.email(NotificationTypes.ACTIVE_USER_TEMP_PASSWORD, recipients,
                                    locale, parameters));
                            // a user created here (not one who was deleted and comes back) hears that their account exists
                            if (existing == null) {
                                mails.addAll(WelcomeMessages.of(user, company));
                            }
                            return (existing == null ? users.add(user) : Uni.createFrom().item(user))
                                    .chain(() -> members.add(company, user, granted, UserStatus.ACTIVE))
                                    .chain(m -> {
                                        MembershipView view = MembershipView.of(m, user, company, MembershipView.Options.changed(baseUri));
                                        return events.publish(EventTypes.MEMBERSHIP_CREATED, company.partner, "MEMBERSHIP",
                                                MembershipService.aggregate(company, user.uuid), view, mails)
                                                .call(() -> activities.record(company, "USER_ADDED", user, null, null, null))
                                                .replaceWith(view);
                                    });
                        });
                    });
        });
    }
}
