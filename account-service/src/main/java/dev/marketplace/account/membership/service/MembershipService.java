package dev.marketplace.account.membership.service;

import java.net.URI;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.ws.rs.core.UriInfo;

import dev.marketplace.account.AccountConfig;
import dev.marketplace.account.activity.service.ActivityService;
import dev.marketplace.account.client.BillingClient;
import dev.marketplace.account.company.domain.Company;
import dev.marketplace.account.company.service.CompanyAccess;
import dev.marketplace.account.domains.repository.DomainRepository;
import dev.marketplace.account.group.repository.GroupMemberRepository;
import dev.marketplace.account.invitation.repository.InvitationRepository;
import dev.marketplace.account.invitation.service.InvitationIssuer;
import dev.marketplace.account.membership.domain.Membership;
import dev.marketplace.account.membership.domain.MembershipRoles;
import dev.marketplace.account.membership.domain.UserAssignment;
import dev.marketplace.account.membership.repository.AssignmentRepository;
import dev.marketplace.account.membership.repository.MembershipRepository;
import dev.marketplace.common.events.DomainEventPublisher;
import dev.marketplace.common.events.EventTypes;
import dev.marketplace.common.events.payload.NotificationRequest;
import dev.marketplace.common.events.payload.NotificationTypes;
import dev.marketplace.account.support.Emails;
import dev.marketplace.account.support.Passwords;
import dev.marketplace.common.input.Violations;
import dev.marketplace.account.support.Seq;
import dev.marketplace.account.user.domain.AppUser;
import dev.marketplace.account.user.domain.UserStatus;
import dev.marketplace.account.user.repository.UserRepository;
import dev.marketplace.common.error.ApiException;
import dev.marketplace.common.lookup.Ids;
import dev.marketplace.common.paging.Link;
import dev.marketplace.common.paging.PageRequest;
import dev.marketplace.common.paging.PagedResponse;
import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.quarkus.hibernate.reactive.panache.common.WithTransaction;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.core.Vertx;

/** Memberships and roles: listing, reading, changing, adding and inviting users, purchase requests. */
@ApplicationScoped
public class MembershipService {
    private final MembershipRepository memberships;
    private final UserRepository users;
    private final AssignmentRepository assignments;
    private final InvitationRepository invitations;
    private final GroupMemberRepository groupMembers;
    private final DomainRepository domains;
    private final InvitationIssuer issuer;
    private final CompanyAccess access;
    private final DomainEventPublisher events;
    private final ActivityService activities;
    private final AccountConfig config;
    private final Vertx vertx;
    private final BillingClient billing;

    public MembershipService(MembershipRepository memberships, UserRepository users, AssignmentRepository assignments,
            InvitationRepository invitations, GroupMemberRepository groupMembers, DomainRepository domains,
            InvitationIssuer issuer, CompanyAccess access, DomainEventPublisher events, ActivityService activities,
            AccountConfig config, Vertx vertx, BillingClient billing) {
        this.memberships = memberships;
        this.users = users;
        this.assignments = assignments;
        this.invitations = invitations;
        this.groupMembers = groupMembers;
        this.domains = domains;
        this.issuer = issuer;
        this.access = access;
        this.events = events;
        this.activities = activities;
        this.config = config;
        this.vertx = vertx;
        this.billing = billing;
    }

    /** A membership with its user. */
    public record Member(Membership membership, AppUser user) {
    }

    public record Checklist(boolean havePurchasedProduct, boolean haveAssignedUsers, boolean haveInvitedUsers,
            boolean haveCompletedProfile, boolean haveCompletedCompanyProfile, List<Link> links) {
    }

    /**
     * An application the member holds. {@code companyEntitlementStatus} is the status of the company's subscription
     * behind it (billing's), {@code subscriptionId} its id in the billing API.
     */
    public record AssignmentView(UUID uuid, long createdOn, String status, Long productId, String productName,
            String editionName, UUID ownerUuid, UUID subscriptionId, String companyEntitlementStatus, List<Link> links) {
    }

    public record Listing<T>(List<Link> links, List<T> content) {
    }

    public record RoleName(String name) {
    }

    // ---- reads ------------------------------------------------------------------------------------------------

    @WithSession
    public Uni<PagedResponse<MembershipView>> list(String companyRef, MembershipRepository.Filter partial, PageRequest page,
            MembershipView.Options options, UriInfo uri) {
        return access.loadForRead(companyRef).chain(company -> {
            MembershipRepository.Filter filter = new MembershipRepository.Filter(company.uuid, partial.active(),
                    partial.enabled(), partial.roleName(), partial.groupUuid(), partial.inGroup(), partial.searchText(),
                    partial.sortField(), partial.ascending());
            return memberships.count(filter).chain(total -> memberships.search(filter, page).map(rows -> PagedResponse.of(
                    rows.stream().map(r -> MembershipView.of((Membership) r[0], (AppUser) r[1], company, options)).toList(),
                    page, total, uri)));
        });
    }

    @WithSession
    public Uni<MembershipView> get(String companyRef, String userUuid, MembershipView.Options options) {
        UUID user = Ids.uuid("userUuid", userUuid);
        return access.loadForRead(companyRef).chain(company -> member(company, user)
                .map(m -> MembershipView.of(m.membership(), m.user(), company, options)));
    }

    @WithSession
    public Uni<Checklist> checklist(String companyRef, String userUuid) {
        UUID user = Ids.uuid("userUuid", userUuid);
        return access.loadForRead(companyRef).chain(company -> member(company, user).chain(m -> assignments
                .ownedCount(company.uuid, user).chain(owned -> assignments.assignedToOthersBy(company.uuid, user)
                        .chain(assigned -> invitations.sentBy(company.uuid, user).map(invited -> new Checklist(owned > 0,
                                assigned > 0, invited > 0, !blank(m.user().firstName) && !blank(m.user().lastName),
                                !blank(company.name) && company.address != null && !blank(company.address.street1)
                                        && !blank(company.address.city) && !blank(company.address.country)
                                        && !blank(company.phoneNumber),
                                List.of()))))));
    }

    @WithSession
    public Uni<Listing<AssignmentView>> assignments(String companyRef, String userUuid, URI baseUri) {
        UUID user = Ids.uuid("userUuid", userUuid);
        return access.loadForRead(companyRef).chain(company -> member(company, user)
                .chain(m -> assignments.current(company.uuid, user)).map(found -> new Listing<>(List.of(), found.stream()
                        .map(a -> new AssignmentView(a.uuid, a.createdOn.toEpochMilli(), a.status, a.productId, a.productName,
                                a.editionName, a.ownerUuid, a.subscriptionId,
                                a.subscriptionStatus == null ? a.status : a.subscriptionStatus,
                                a.productId == null ? List.of() : List.of(new Link("application",
                                        baseUri.resolve("api/marketplace/v1/products/" + a.productId).toString()))))
                        .toList())));
    }

    /**
     * Roles this membership can assign to others: a Marketplace Manager every role but their own, a Company
     * Administrator the company-level roles, anyone else none (a disabled membership assigns nothing).
     */
    @WithSession
    public Uni<List<RoleName>> assignableRoles(String companyRef, String userUuid) {
        UUID user = Ids.uuid("userUuid", userUuid);
        return access.loadForRead(companyRef).chain(company -> member(company, user)).map(m -> {
            List<String> roles = m.membership().enabled ? m.membership().roles : List.of();
            if (roles.contains(MembershipRoles.MARKETPLACE_MANAGER)) {
                return names(MembershipRoles.CHANNEL_GRANTABLE);
            }
            return roles.contains(MembershipRoles.COMPANY_ADMIN) ? names(MembershipRoles.COMPANY_GRANTABLE) : List.of();
        });
    }

    /** Roles the caller (the calling user, or channel credentials) may give in this company. */
    @WithSession
    public Uni<List<RoleName>> companyAssignableRoles(String companyRef) {
        return access.loadForRead(companyRef).chain(this::grantable).map(MembershipService::names);
    }

    // ---- changes ----------------------------------------------------------------------------------------------

    @WithTransaction
    public Uni<MembershipView> update(String companyRef, String userUuid, MembershipInputs.Update body, URI baseUri) {
        UUID user = Ids.uuid("userUuid", userUuid);
        if (body == null) {
            throw ApiException.badRequest("INVALID_BODY", "A JSON membership object {enabled, roles} is required");
        }
        return access.loadForWrite(companyRef).chain(company -> member(company, user).chain(m -> {
            Violations problems = Violations.start();
            Set<String> added = new LinkedHashSet<>();
            if (body.roles() != null) {
                for (String role : body.roles()) {
                    if (!m.membership().roles.contains(role)) {
                        added.add(role);
                    }
                }
                checkRoles("roles", added, false, problems);
            }
            problems.throwIfAny();
            return requireGrantable(company, added)
                    .call(() -> Boolean.FALSE.equals(body.enabled()) && m.membership().enabled
                            ? requireNoCurrentAssignments(company, user) : Uni.createFrom().voidItem())
                    .chain(() -> {
                        if (body.roles() != null) {
                            m.membership().roles = List.copyOf(new LinkedHashSet<>(body.roles()));
                        }
                        if (body.enabled() != null) {
                            m.membership().enabled = body.enabled();
                        }
                        MembershipView view = MembershipView.of(m.membership(), m.user(), company, options(baseUri));
                        return events.publish(EventTypes.MEMBERSHIP_UPDATED, company.partner, "MEMBERSHIP", aggregate(company, user), view)
                                .call(() -> activities.record(company, "MEMBERSHIP_UPDATED", m.user(), null, null, null))
                                .replaceWith(view);
                    });
        }));
    }

    @WithTransaction
    public Uni<MembershipView> setEnabled(String companyRef, String userUuid, MembershipInputs.Enabled body, URI baseUri) {
        UUID user = Ids.uuid("userUuid", userUuid);
        if (body == null || body.enabled() == null) {
            throw ApiException.invalidField("enabled", "is required (true or false)");
        }
        return access.loadForWrite(companyRef).chain(company -> member(company, user).chain(m -> {
            Uni<Void> check = !body.enabled() && m.membership().enabled ? requireNoCurrentAssignments(company, user)
                    : Uni.createFrom().voidItem();
            return check.chain(() -> {
                m.membership().enabled = body.enabled();
                MembershipView view = MembershipView.of(m.membership(), m.user(), company, options(baseUri));
                String verb = body.enabled() ? EventTypes.MEMBERSHIP_ENABLED : EventTypes.MEMBERSHIP_DISABLED;
                return events.publish(verb, company.partner, "MEMBERSHIP", aggregate(company, user), view)
                        .call(() -> activities.record(company, verb, m.user(), null, null, null)).replaceWith(view);
            });
        }));
    }

    @WithTransaction
    public Uni<Void> delete(String companyRef, String userUuid) {
        UUID user = Ids.uuid("userUuid", userUuid);
        return access.loadForWrite(companyRef).chain(company -> member(company, user).chain(m -> {
            if (m.user().externallyManaged) {
                throw ApiException.conflict("USER_EXTERNALLY_MANAGED",
                        "The user is managed by an external directory; remove them there");
            }
            return requireRemovable(company, user)
                    .chain(() -> memberships.count("userUuid = ?1 and companyUuid <> ?2", user, company.uuid))
                    .call(() -> groupMembers.removeFromCompany(company.uuid, user))
                    .call(() -> invitations.revokePending(company.uuid, user))
                    .call(() -> memberships.delete(m.membership()))
                    .call(others -> {
                        if (others == 0) {
                            m.user().status = UserStatus.DELETED;
                        }
                        m.user().lastModified = Instant.now();
                        Map<String, Object> payload = new LinkedHashMap<>();
                        payload.put("companyUuid", company.uuid);
                        payload.put("userUuid", user);
                        payload.put("email", m.user().email);
                        payload.put("userDeleted", others == 0);
                        return events.publish(EventTypes.MEMBERSHIP_DELETED, company.partner, "MEMBERSHIP", aggregate(company, user), payload)
                                .call(() -> activities.record(company, "USER_REMOVED", m.user(), null, null, null));
                    }).replaceWithVoid();
        }));
    }

    /** Add user: an active user with a temporary password emailed to {@code recipientEmails}. */
    @WithTransaction
    public Uni<MembershipView> addActiveUser(String companyRef, MembershipInputs.AddUser body, URI baseUri) {
        Violations problems = Violations.start();
        if (body == null || body.user() == null) {
            throw ApiException.invalidField("user", "is required");
        }
        MembershipInputs.ActiveUser in = body.user();
        if (!Emails.valid(in.email())) {
            problems.add("user.email", "must be an email address");
        }
        List<String> roles = in.roles() == null ? null : List.copyOf(new LinkedHashSet<>(in.roles()));
        if (roles != null) {
            checkRoles("user.roles", roles, true, problems);
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
        return access.loadForWrite(companyRef).chain(company -> {
            if (!company.allowLogin) {
                throw ApiException.conflict("COMPANY_DOES_NOT_ALLOW_LOGIN",
                        "The company is managed (allowLogin=false): create a managed membership instead");
            }
            List<String> granted = roles == null ? List.of(MembershipRoles.defaultRole(company.defaultRole)) : roles;
            String domain = Emails.domainOf(email);
            return domains.isVerified(company.uuid, domain).invoke(verified -> {
                if (!verified) {
                    throw ApiException.invalidField("user.email", "the domain " + domain
                            + " is not a verified domain of the company");
                }
            }).chain(() -> requireGrantable(company, granted)).chain(() -> users.findByEmail(company.partner, email))
                    .chain(existing -> {
                        if (existing != null && existing.status != UserStatus.DELETED) {
                            return memberships.find(company.uuid, existing.uuid).map(m -> {
                                throw m != null ? ApiException.conflict("ALREADY_MEMBER", "user.email: " + email
                                        + " is already a member of the company")
                                        : ApiException.conflict("DUPLICATE_EMAIL", "user.email: a user with " + email
                                                + " already exists; add them with POST .../memberships");
                            });
                        }
                        return Passwords.hash(vertx, password).chain(hash -> {
                            AppUser user = existing == null ? newUser(company.partner, email) : existing;
                            user.firstName = in.firstName();
                            user.lastName = in.lastName();
                            user.status = UserStatus.ACTIVE;
                            user.passwordHash = hash;
                            user.passwordTemporary = true;
                            user.lastModified = Instant.now();
                            Membership m = newMembership(company, user, granted, UserStatus.ACTIVE);
                            Map<String, Object> parameters = new LinkedHashMap<>();
                            parameters.put("firstName", user.firstName);
                            parameters.put("lastName", user.lastName);
                            parameters.put("email", user.email);
                            parameters.put("companyName", company.name);
                            parameters.put("temporaryPassword", password);
                            parameters.put("loginUrl", config.loginUrl());
                            parameters.put("partner", company.partner);
                            NotificationRequest mail = NotificationRequest.email(NotificationTypes.ACTIVE_USER_TEMP_PASSWORD, recipients,
                                    user.locale, parameters);
                            MembershipView view = MembershipView.of(m, user, company, options(baseUri));
                            return (existing == null ? users.persist(user) : Uni.createFrom().item(user))
                                    .call(() -> memberships.persist(m))
                                    .call(() -> events.publish(EventTypes.MEMBERSHIP_CREATED, company.partner, "MEMBERSHIP",
                                            aggregate(company, user.uuid), view, List.of(mail)))
                                    .call(() -> activities.record(company, "USER_ADDED", user, null, null, null))
                                    .replaceWith(view);
                        });
                    });
        });
    }

    /** Create membership: invited when the company (and the user entry) allow login, managed otherwise. */
    @WithTransaction
    public Uni<MembershipView> create(String companyRef, String inviterUuid, MembershipInputs.Create body, URI baseUri) {
        Violations problems = Violations.start();
        if (body == null || body.user() == null) {
            throw ApiException.invalidField("user", "is required");
        }
        MembershipInputs.NewUser in = body.user();
        if (!Emails.valid(in.email())) {
            problems.add("user.email", "must be an email address");
        }
        UUID idp = null;
        if (in.idpUuid() != null) {
            try {
                idp = Ids.uuid("user.idpUuid", in.idpUuid());
            } catch (ApiException e) {
                problems.add("user.idpUuid", "must be a UUID");
            }
        }
        List<String> roles = body.roles() == null ? null : List.copyOf(new LinkedHashSet<>(body.roles()));
        if (roles != null) {
            checkRoles("roles", roles, true, problems);
        }
        problems.throwIfAny();
        String email = in.email().trim();
        UUID idpUuid = idp;
        return access.loadForWrite(companyRef).chain(company -> {
            if (Boolean.TRUE.equals(in.allowLogin()) && !company.allowLogin) {
                throw ApiException.invalidField("user.allowLogin", "cannot be true: the company does not allow login");
            }
            boolean invited = company.allowLogin && !Boolean.FALSE.equals(in.allowLogin());
            List<String> granted = roles == null ? List.of(MembershipRoles.defaultRole(company.defaultRole)) : roles;
            return issuer.inviter(company.partner, inviterUuid)
                    .call(() -> requireGrantable(company, granted))
                    .call(() -> in.externalId() == null ? Uni.createFrom().voidItem()
                            : users.count("partner = ?1 and externalId = ?2 and lower(email) <> lower(?3)", company.partner,
                                    in.externalId(), email).invoke(n -> {
                                        if (n > 0) {
                                            throw ApiException.conflict("DUPLICATE_EXTERNAL_ID",
                                                    "user.externalId: another user already has " + in.externalId());
                                        }
                                    }))
                    .chain(inviter -> users.findByEmail(company.partner, email).chain(existing -> {
                        boolean reuse = existing != null && existing.status != UserStatus.DELETED;
                        Uni<Membership> current = reuse ? memberships.find(company.uuid, existing.uuid)
                                : Uni.createFrom().nullItem();
                        return current.chain(found -> {
                            if (found != null) {
                                throw ApiException.conflict("ALREADY_MEMBER", "user.email: " + email
                                        + " is already a member of the company");
                            }
                            if (reuse && invited == (existing.status == UserStatus.MANAGED)) {
                                throw ApiException.conflict("LOGIN_ACCESS_MISMATCH", "user.allowLogin: " + email
                                        + " must be added with the same login access as in their other companies");
                            }
                            AppUser user = existing == null ? newUser(company.partner, email) : existing;
                            if (!reuse) {
                                user.firstName = in.firstName();
                                user.lastName = in.lastName();
                                user.username = in.userName();
                                user.externalId = in.externalId();
                                user.idpUuid = idpUuid;
                                user.status = invited ? UserStatus.INVITED : UserStatus.MANAGED;
                                user.lastModified = Instant.now();
                            }
                            Membership m = newMembership(company, user, granted,
                                    invited ? UserStatus.INVITED : UserStatus.MANAGED);
                            MembershipView view = MembershipView.of(m, user, company, options(baseUri));
                            return (existing == null ? users.persist(user) : Uni.createFrom().item(user))
                                    .call(() -> memberships.persist(m))
                                    .call(() -> events.publish(EventTypes.MEMBERSHIP_CREATED, company.partner, "MEMBERSHIP",
                                            aggregate(company, user.uuid), view))
                                    .call(() -> invited ? issuer.issue(company, user, invitationRole(granted), inviter)
                                            : activities.record(company, "USER_ADDED", user, null, null, null))
                                    .replaceWith(view);
                        });
                    }));
        });
    }

    /** Invite a managed user: the company becomes a regular one (allowLogin) and the user is invited. */
    @WithTransaction
    public Uni<Void> inviteManaged(String companyRef, String userUuid, String inviterUuid) {
        UUID user = Ids.uuid("userUuid", userUuid);
        return access.loadForWrite(companyRef).chain(company -> member(company, user).chain(m -> {
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
                        aggregate(company, user), Map.of("companyUuid", company.uuid, "userUuid", user, "email", m.user().email,
                                "status", UserStatus.INVITED.name())))
                        .call(() -> issuer.issue(company, m.user(), invitationRole(m.membership().roles), inviter))
                        .replaceWithVoid();
            });
        }));
    }

    /** Purchase request: emails the company's system and billing administrators. */
    @WithTransaction
    public Uni<Void> purchaseRequest(String companyRef, String userUuid, String applicationId,
            MembershipInputs.PurchaseRequest body) {
        UUID user = Ids.uuid("userUuid", userUuid);
        long application = Ids.number("applicationId", applicationId);
        String productName = body == null || body.productName() == null || body.productName().isBlank()
                ? "Application " + application : body.productName().trim();
        String message = body == null ? null : body.message();
        return access.load(companyRef).chain(company -> access.requireSelfOrWrite(company, user))
                .chain(company -> member(company, user).chain(m -> assignments
                        .currentForProduct(company.uuid, user, application).chain(n -> {
                            if (n > 0) {
                                throw ApiException.conflict("APPLICATION_ALREADY_PURCHASED",
                                        "The user already has application " + application);
                            }
                            return memberships.withAnyRole(company.uuid,
                                    List.of(MembershipRoles.COMPANY_ADMIN, MembershipRoles.BILLING_ADMIN));
                        }).chain(rows -> {
                            List<String> recipients = rows.stream().map(r -> ((AppUser) r[1]).email).distinct().toList();
                            Map<String, Object> parameters = new LinkedHashMap<>();
                            parameters.put("companyName", company.name);
                            parameters.put("requesterName", ActivityService.fullName(m.user()));
                            parameters.put("requesterEmail", m.user().email);
                            parameters.put("productName", productName);
                            parameters.put("message", message == null ? "" : message);
                            parameters.put("partner", company.partner);
                            List<NotificationRequest> mails = recipients.isEmpty() ? List.of()
                                    : List.of(NotificationRequest.email(NotificationTypes.APPLICATION_PURCHASE_REQUEST_NOTICE, recipients,
                                            m.user().locale, parameters));
                            Map<String, Object> payload = new LinkedHashMap<>();
                            payload.put("companyUuid", company.uuid);
                            payload.put("userUuid", user);
                            payload.put("applicationId", application);
                            payload.put("productName", productName);
                            payload.put("message", message);
                            return events.publish(EventTypes.PURCHASE_REQUESTED, company.partner, "MEMBERSHIP", aggregate(company, user),
                                    payload, mails)
                                    .call(() -> activities.record(company, "PURCHASE_REQUESTED", m.user(), "APPLICATION", null,
                                            productName))
                                    .replaceWithVoid();
                        })));
    }

    /** Bulk role change; all items are checked before anything changes. */
    @WithTransaction
    public Uni<Void> changeRoles(String companyRef, List<MembershipInputs.RoleChange> body, URI baseUri) {
        if (body == null) {
            throw ApiException.badRequest("INVALID_BODY", "A JSON array of {userUuid, rolesToAdd, rolesToRemove} is required");
        }
        Violations problems = Violations.start();
        List<UUID> targets = new ArrayList<>();
        Set<String> added = new LinkedHashSet<>();
        for (int i = 0; i < body.size(); i++) {
            MembershipInputs.RoleChange change = body.get(i);
            String at = "[" + i + "]";
            if (change == null) {
                problems.add(at, "must be an object");
                targets.add(null);
                continue;
            }
            UUID target = null;
            try {
                target = Ids.uuid(at + ".userUuid", change.userUuid());
            } catch (ApiException e) {
                problems.add(at + ".userUuid", "must be a UUID");
            }
            targets.add(target);
            if (change.rolesToAdd() != null) {
                checkRoles(at + ".rolesToAdd", change.rolesToAdd(), false, problems);
                added.addAll(change.rolesToAdd());
            }
            if (change.rolesToRemove() != null) {
                for (String role : change.rolesToRemove()) {
                    if (!MembershipRoles.ALL.contains(role)) {
                        problems.add(at + ".rolesToRemove", "unknown role " + role);
                    }
                }
            }
        }
        problems.throwIfAny();
        return access.loadForWrite(companyRef).call(company -> requireGrantable(company, added))
                .chain(company -> Seq.map(targets, user -> member(company, user)).chain(members -> {
                    List<Integer> order = new ArrayList<>();
                    for (int i = 0; i < members.size(); i++) {
                        order.add(i);
                    }
                    return Seq.each(order, i -> {
                        Member m = members.get(i);
                        MembershipInputs.RoleChange change = body.get(i);
                        LinkedHashSet<String> roles = new LinkedHashSet<>(m.membership().roles);
                        if (change.rolesToAdd() != null) {
                            roles.addAll(change.rolesToAdd());
                        }
                        if (change.rolesToRemove() != null) {
                            change.rolesToRemove().forEach(roles::remove);
                        }
                        m.membership().roles = List.copyOf(roles);
                        MembershipView view = MembershipView.of(m.membership(), m.user(), company, options(baseUri));
                        return events.publish(EventTypes.MEMBERSHIP_ROLES_UPDATED, company.partner, "MEMBERSHIP",
                                aggregate(company, m.user().uuid), view)
                                .call(() -> activities.record(company, "ROLES_CHANGED", m.user(), null, null, null));
                    });
                }));
    }

    // ---- shared -----------------------------------------------------------------------------------------------

    public Uni<Member> member(Company company, UUID user) {
        return memberships.find(company.uuid, user).chain(m -> {
            if (m == null) {
                return Uni.createFrom().failure(ApiException.notFound("Membership of user", user));
            }
            return users.findById(user).map(u -> new Member(m, u));
        });
    }

    /**
     * Role rules: unknown roles are refused, the Marketplace Manager role is never granted, ROLE_USER only
     * when a membership is created.
     */
    public static void checkRoles(String field, Collection<String> roles, boolean creating, Violations problems) {
        for (String role : roles) {
            if (role == null || !MembershipRoles.ALL.contains(role)) {
                problems.add(field, "unknown role " + role + "; use one of " + String.join(", ", MembershipRoles.CHANNEL_GRANTABLE));
            } else if (MembershipRoles.MARKETPLACE_MANAGER.equals(role)) {
                problems.add(field, "the Marketplace Manager role (ROLE_CHANNEL_ADMIN) cannot be granted through the API");
            } else if (MembershipRoles.USER.equals(role) && !creating) {
                problems.add(field, "ROLE_USER can only be given when a membership is created");
            }
        }
    }

    /** Company administrators grant only the company-level roles; channel credentials grant all but ROLE_CHANNEL_ADMIN. */
    private Uni<Void> requireGrantable(Company company, Collection<String> roles) {
        return grantable(company).invoke(allowed -> {
            if (!allowed.containsAll(roles)) {
                throw ApiException.forbidden();
            }
        }).replaceWithVoid();
    }

    private Uni<List<String>> grantable(Company company) {
        if (access.channelWriter()) {
            return Uni.createFrom().item(MembershipRoles.CHANNEL_GRANTABLE);
        }
        return access.callerIsCompanyAdmin(company).map(admin -> admin ? MembershipRoles.COMPANY_GRANTABLE : List.of());
    }

    /** 409 while the member has current assignments (ours or billing's). */
    private Uni<Void> requireNoCurrentAssignments(Company company, UUID user) {
        return entitlements(company, user).invoke(e -> requireNoAssignments(e)).replaceWithVoid();
    }

    /** 409 while the member has current assignments or owns (bought) products of the company. */
    private Uni<Void> requireRemovable(Company company, UUID user) {
        return entitlements(company, user).invoke(e -> {
            requireNoAssignments(e);
            if (e.activeSubscriptions() > 0) {
                throw ApiException.conflict("USER_OWNS_PRODUCTS",
                        "The user owns products of the company; transfer or cancel them first");
            }
        }).replaceWithVoid();
    }

    private static void requireNoAssignments(BillingClient.Entitlements e) {
        if (e.activeAssignments() > 0) {
            throw ApiException.conflict("ACTIVE_SUBSCRIPTIONS_FOUND", "Active subscriptions found: the user has "
                    + e.activeAssignments() + " current application assignment(s)");
        }
    }

    /**
     * The local projection of billing's events (user_assignment) and billing's live answer describe the same
     * entitlements: the larger of each count is kept, so an event still on its way cannot hide one.
     */
    private Uni<BillingClient.Entitlements> entitlements(Company company, UUID user) {
        return assignments.currentCount(company.uuid, user).chain(assigned -> assignments.ownedCount(company.uuid, user)
                .chain(owned -> billing.entitlements(company.partner, company.uuid, user)
                        .map(remote -> new BillingClient.Entitlements(Math.max(owned, remote.activeSubscriptions()),
                                Math.max(assigned, remote.activeAssignments())))));
    }

    private static List<RoleName> names(List<String> roles) {
        return roles.stream().map(r -> new RoleName(MembershipRoles.shortName(r))).toList();
    }

    /** The role an invitation shows: the most privileged one granted. */
    static String invitationRole(List<String> roles) {
        for (String preferred : List.of(MembershipRoles.COMPANY_ADMIN, MembershipRoles.BILLING_ADMIN)) {
            if (roles.contains(preferred)) {
                return MembershipRoles.shortName(preferred);
            }
        }
        return roles.isEmpty() ? "USER" : MembershipRoles.shortName(roles.get(0));
    }

    static AppUser newUser(String partner, String email) {
        AppUser user = new AppUser();
        user.uuid = UUID.randomUUID();
        user.partner = partner;
        user.email = email;
        user.createdOn = Instant.now();
        user.lastModified = user.createdOn;
        return user;
    }

    public static Membership newMembership(Company company, AppUser user, List<String> roles, UserStatus status) {
        Membership m = new Membership();
        m.uuid = UUID.randomUUID();
        m.companyUuid = company.uuid;
        m.userUuid = user.uuid;
        m.roles = List.copyOf(roles);
        m.status = status;
        m.enabled = true;
        m.createdOn = Instant.now();
        return m;
    }

    static String aggregate(Company company, UUID user) {
        return company.uuid + ":" + user;
    }

    private static MembershipView.Options options(URI baseUri) {
        return new MembershipView.Options(true, false, baseUri);
    }

    private static boolean blank(String s) {
        return s == null || s.isBlank();
    }


}
