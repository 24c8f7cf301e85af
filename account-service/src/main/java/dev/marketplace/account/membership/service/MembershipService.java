package dev.marketplace.account.membership.service;

import java.net.URI;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;

import dev.marketplace.account.access.MembershipRoles;
import dev.marketplace.account.access.RolePolicy;
import dev.marketplace.account.activity.service.ActivityService;
import dev.marketplace.account.assignment.service.EntitlementGuard;
import dev.marketplace.account.company.domain.Company;
import dev.marketplace.account.company.service.CompanyLookup;
import dev.marketplace.account.support.Seq;
import dev.marketplace.account.user.domain.UserStatus;
import dev.marketplace.common.error.ApiException;
import dev.marketplace.common.events.DomainEventPublisher;
import dev.marketplace.common.events.EventTypes;
import dev.marketplace.common.input.Violations;
import dev.marketplace.common.lookup.Ids;
import io.quarkus.arc.All;
import io.quarkus.hibernate.reactive.panache.common.WithTransaction;
import io.smallrye.mutiny.Uni;

/**
 * Changing memberships: roles and enabled state, one or many, and removing a member. A member who still holds
 * applications is neither disabled nor removed ({@link EntitlementGuard}); a removal also goes to every
 * {@link MemberDeparture}.
 */
@ApplicationScoped
public class MembershipService {
    private final Members members;
    private final CompanyLookup companies;
    private final RolePolicy roles;
    private final EntitlementGuard entitlements;
    private final DomainEventPublisher events;
    private final ActivityService activities;
    private final List<MemberDeparture> departures;

    public MembershipService(Members members, CompanyLookup companies, RolePolicy roles, EntitlementGuard entitlements,
            DomainEventPublisher events, ActivityService activities, @All List<MemberDeparture> departures) {
        this.members = members;
        this.companies = companies;
        this.roles = roles;
        this.entitlements = entitlements;
        this.events = events;
        this.activities = activities;
        this.departures = departures;
    }

    @WithTransaction
    public Uni<MembershipView> update(String companyRef, String userUuid, MembershipInputs.Update body, URI baseUri) {
        UUID user = Ids.uuid("userUuid", userUuid);
        if (body == null) {
            throw ApiException.badRequest("INVALID_BODY", "A JSON membership object {enabled, roles} is required");
        }
        return companies.forWrite(companyRef).chain(company -> members.require(company, user).chain(m -> {
            Violations problems = Violations.start();
            Set<String> added = new LinkedHashSet<>();
            if (body.roles() != null) {
                for (String role : body.roles()) {
                    if (!m.membership().roles.contains(role)) {
                        added.add(role);
                    }
                }
                RolePolicy.checkRoles("roles", added, false, problems);
            }
            problems.throwIfAny();
            return roles.requireGrantable(company.uuid, added)
                    .call(() -> Boolean.FALSE.equals(body.enabled()) && m.membership().enabled
                            ? entitlements.requireNoCurrentAssignments(company, user) : Uni.createFrom().voidItem())
                    .chain(() -> {
                        if (body.roles() != null) {
                            m.membership().roles = List.copyOf(new LinkedHashSet<>(body.roles()));
                        }
                        if (body.enabled() != null) {
                            m.membership().enabled = body.enabled();
                        }
                        MembershipView view = MembershipView.of(m.membership(), m.user(), company, MembershipView.Options.changed(baseUri));
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
        return companies.forWrite(companyRef).chain(company -> members.require(company, user).chain(m -> {
            Uni<Void> check = !body.enabled() && m.membership().enabled ? entitlements.requireNoCurrentAssignments(company, user)
                    : Uni.createFrom().voidItem();
            return check.chain(() -> {
                m.membership().enabled = body.enabled();
                MembershipView view = MembershipView.of(m.membership(), m.user(), company, MembershipView.Options.changed(baseUri));
                String verb = body.enabled() ? EventTypes.MEMBERSHIP_ENABLED : EventTypes.MEMBERSHIP_DISABLED;
                return events.publish(verb, company.partner, "MEMBERSHIP", aggregate(company, user), view)
                        .call(() -> activities.record(company, verb, m.user(), null, null, null)).replaceWith(view);
            });
        }));
    }

    @WithTransaction
    public Uni<Void> delete(String companyRef, String userUuid) {
        UUID user = Ids.uuid("userUuid", userUuid);
        return companies.forWrite(companyRef).chain(company -> members.require(company, user).chain(m -> {
            if (m.user().externallyManaged) {
                throw ApiException.conflict("USER_EXTERNALLY_MANAGED",
                        "The user is managed by an external directory; remove them there");
            }
            return entitlements.requireRemovable(company, user)
                    .chain(() -> members.otherCompanies(user, company.uuid))
                    .call(() -> Seq.each(departures, departure -> departure.memberLeft(company.uuid, user)))
                    .call(() -> members.remove(m.membership()))
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
                RolePolicy.checkRoles(at + ".rolesToAdd", change.rolesToAdd(), false, problems);
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
        return companies.forWrite(companyRef).call(company -> roles.requireGrantable(company.uuid, added))
                .chain(company -> Seq.map(targets, user -> members.require(company, user)).chain(found -> {
                    List<Integer> order = new ArrayList<>();
                    for (int i = 0; i < found.size(); i++) {
                        order.add(i);
                    }
                    return Seq.each(order, i -> {
                        Member m = found.get(i);
                        MembershipInputs.RoleChange change = body.get(i);
                        LinkedHashSet<String> held = new LinkedHashSet<>(m.membership().roles);
                        if (change.rolesToAdd() != null) {
                            held.addAll(change.rolesToAdd());
                        }
                        if (change.rolesToRemove() != null) {
                            change.rolesToRemove().forEach(held::remove);
                        }
                        m.membership().roles = List.copyOf(held);
                        MembershipView view = MembershipView.of(m.membership(), m.user(), company, MembershipView.Options.changed(baseUri));
                        return events.publish(EventTypes.MEMBERSHIP_ROLES_UPDATED, company.partner, "MEMBERSHIP",
                                aggregate(company, m.user().uuid), view)
                                .call(() -> activities.record(company, "ROLES_CHANGED", m.user(), null, null, null));
                    });
                }));
    }

    /** The aggregate id of a membership's events. */
    public static String aggregate(Company company, UUID user) {
        return company.uuid + ":" + user;
    }
}
