package dev.marketplace.account.onboarding.service;

import java.net.URI;
import java.time.Instant;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;

import dev.marketplace.account.access.MembershipRoles;
import dev.marketplace.account.access.RolePolicy;
import dev.marketplace.account.activity.service.ActivityService;
import dev.marketplace.account.company.service.CompanyLookup;
import dev.marketplace.account.invitation.service.InvitationIssuer;
import dev.marketplace.account.membership.domain.Membership;
import dev.marketplace.account.membership.service.MembershipService;
import dev.marketplace.account.membership.service.MembershipView;
import dev.marketplace.account.membership.service.Members;
import dev.marketplace.account.support.Emails;
import dev.marketplace.account.support.Locales;
import dev.marketplace.account.user.domain.AppUser;
import dev.marketplace.account.user.domain.UserStatus;
import dev.marketplace.account.user.service.UserService;
import dev.marketplace.common.error.ApiException;
import dev.marketplace.common.events.DomainEventPublisher;
import dev.marketplace.common.events.EventTypes;
import dev.marketplace.common.events.payload.NotificationRequest;
import dev.marketplace.common.input.Violations;
import dev.marketplace.common.lookup.Ids;
import io.quarkus.hibernate.reactive.panache.common.WithTransaction;
import io.smallrye.mutiny.Uni;

/**
 * Create membership: the user is invited when the company (and the user entry) allow login, managed otherwise; and
 * the invitation of a managed user, which turns the company into a regular one.
 */
@ApplicationScoped
public class MembershipOnboarding {
    private final CompanyLookup companies;
    private final RolePolicy roles;
    private final UserService users;
    private final Members members;
    private final InvitationIssuer issuer;
    private final DomainEventPublisher events;
    private final ActivityService activities;
    private final AssistedOnboarding assisted;

    public MembershipOnboarding(CompanyLookup companies, RolePolicy roles, UserService users, Members members,
            InvitationIssuer issuer, DomainEventPublisher events, ActivityService activities, AssistedOnboarding assisted) {
        this.assisted = assisted;
        this.companies = companies;
        this.roles = roles;
        this.users = users;
        this.members = members;
        this.issuer = issuer;
        this.events = events;
        this.activities = activities;
    }

    @WithTransaction
    public Uni<MembershipView> create(String companyRef, String inviterUuid, OnboardingInputs.Create body, URI baseUri) {
        return create(companyRef, inviterUuid, body, baseUri, null);
    }

    /**
     * As {@link #create(String, String, OnboardingInputs.Create, URI)}; with a {@code sale} (a reseller creating the
     * user in a customer company, {@link AssistedOnboarding}) a new user of a company that allows login is not invited:
     * they are active and activate their account through the assisted-sales activation email.
     */
    @WithTransaction
    public Uni<MembershipView> create(String companyRef, String inviterUuid, OnboardingInputs.Create body, URI baseUri,
            AssistedOnboarding.Sale sale) {
        Violations problems = Violations.start();
        if (body == null || body.user() == null) {
            throw ApiException.invalidField("user", "is required");
        }
        OnboardingInputs.NewUser in = body.user();
        if (!Emails.valid(in.email())) {
            problems.add("user.email", "must be an email address");
        }
        if (in.locale() != null && !Locales.valid(in.locale())) {
            problems.add("user.locale", Locales.RULE);
        }
        UUID idp = null;
        if (in.idpUuid() != null) {
            try {
                idp = Ids.uuid("user.idpUuid", in.idpUuid());
            } catch (ApiException e) {
                problems.add("user.idpUuid", "must be a UUID");
            }
        }
        List<String> asked = body.roles() == null ? null : List.copyOf(new LinkedHashSet<>(body.roles()));
        if (asked != null) {
            RolePolicy.checkRoles("roles", asked, true, problems);
        }
        problems.throwIfAny();
        String email = in.email().trim();
        UUID idpUuid = idp;
        return companies.forWrite(companyRef).chain(company -> {
            if (Boolean.TRUE.equals(in.allowLogin()) && !company.allowLogin) {
                throw ApiException.invalidField("user.allowLogin", "cannot be true: the company does not allow login");
            }
            boolean invited = company.allowLogin && !Boolean.FALSE.equals(in.allowLogin());
            List<String> granted = asked == null ? List.of(MembershipRoles.defaultRole(company.defaultRole)) : asked;
            return issuer.inviter(company.partner, inviterUuid)
                    .call(() -> roles.requireGrantable(company.uuid, granted))
                    .call(() -> in.externalId() == null ? Uni.createFrom().voidItem()
                            : users.externalIdTakenByOtherEmail(company.partner, in.externalId(), email).invoke(taken -> {
                                if (taken) {
                                    throw ApiException.conflict("DUPLICATE_EXTERNAL_ID",
                                            "user.externalId: another user already has " + in.externalId());
                                }
                            }))
                    .chain(inviter -> users.findByEmail(company.partner, email).chain(existing -> {
                        boolean reuse = existing != null && existing.status != UserStatus.DELETED;
                        Uni<Membership> current = reuse ? members.find(company.uuid, existing.uuid) : Uni.createFrom().nullItem();
                        return current.chain(found -> {
                            if (found != null) {
                                throw ApiException.conflict("ALREADY_MEMBER", "user.email: " + email
                                        + " is already a member of the company");
                            }
                            if (reuse && invited == (existing.status == UserStatus.MANAGED)) {
                                throw ApiException.conflict("LOGIN_ACCESS_MISMATCH", "user.allowLogin: " + email
                                        + " must be added with the same login access as in their other companies");
                            }
                            AppUser user = existing == null ? NewUsers.of(company.partner, email) : existing;
                            // a user a reseller creates sets a password through the activation link, as a company's
                            // first user does, instead of accepting an invitation
                            boolean activates = sale != null && invited && !reuse;
                            UserStatus status = activates ? UserStatus.ACTIVE : invited ? UserStatus.INVITED : UserStatus.MANAGED;
                            if (!reuse) {
                                user.firstName = in.firstName();
                                user.lastName = in.lastName();
                                user.username = in.userName();
                                user.externalId = in.externalId();
                                user.idpUuid = idpUuid;
                                user.locale = in.locale();
                                user.status = status;
                                user.lastModified = Instant.now();
                                if (activates) {
                                    // a removed user's email given to a new one: no old password comes back with it
                                    user.passwordHash = null;
                                }
                            }
                            List<NotificationRequest> messages = activates ? assisted.messages(user, company, sale) : List.of();
                            return (existing == null ? users.add(user) : Uni.createFrom().item(user))
                                    .chain(() -> members.add(company, user, granted, status))
                                    .chain(m -> {
                                        MembershipView view = MembershipView.of(m, user, company, MembershipView.Options.changed(baseUri));
                                        return events.publish(EventTypes.MEMBERSHIP_CREATED, company.partner, "MEMBERSHIP",
                                                MembershipService.aggregate(company, user.uuid), view, messages)
                                                .call(() -> invited && !activates
                                                        ? issuer.issue(company, user, RolePolicy.invitationRole(granted), inviter)
                                                        : activities.record(company, "USER_ADDED", user, null, null, null))
                                                .replaceWith(view);
                                    });
                        });
                    }));
        });
    }

    /** Invite a managed user: the company becomes a regular one (allowLogin) and the user is invited. */
    @WithTransaction
    public Uni<Void> inviteManaged(String companyRef, String userUuid, String inviterUuid) {
        UUID user = Ids.uuid("userUuid", userUuid);
        return companies.forWrite(companyRef).chain(company -> members.require(company, user).chain(m -> {
            if (m.membership().status != UserStatus.MANAGED) {
                throw ApiException.conflict("NOT_MANAGED", "The membership is not a managed one (status "
                        + m.membership().status + "); only managed users are invited this way");
            }
            return issuer.inviter(company.partner, inviterUuid).chain(inviter -> {
                boolean converted = !company.allowLogin;
                company.allowLogin = true;
                company.lastModified = Instant.now();
                m.membership().status = UserStatus.INVITED;
                if (m.user().status == UserStatus.MANAGED) {
                    m.user().status = UserStatus.INVITED;
                    m.user().lastModified = Instant.now();
                }
                Uni<Void> companyEvent = converted ? events.publish(EventTypes.COMPANY_UPDATED, company.partner, "COMPANY",
                        company.uuid.toString(), Map.of("uuid", company.uuid, "allowLogin", true, "managed", false)).replaceWithVoid()
                        : Uni.createFrom().voidItem();
                return companyEvent.call(() -> events.publish(EventTypes.MEMBERSHIP_INVITED, company.partner, "MEMBERSHIP",
                        MembershipService.aggregate(company, user), Map.of("companyUuid", company.uuid, "userUuid", user,
                                "email", m.user().email, "status", UserStatus.INVITED.name())))
                        .call(() -> issuer.issue(company, m.user(), RolePolicy.invitationRole(m.membership().roles), inviter))
                        .replaceWithVoid();
            });
        }));
    }
}
