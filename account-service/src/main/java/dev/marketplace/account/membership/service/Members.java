package dev.marketplace.account.membership.service;

import java.time.Instant;
import java.util.List;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;

import dev.marketplace.account.company.domain.Company;
import dev.marketplace.account.membership.domain.Membership;
import dev.marketplace.account.membership.repository.MembershipRepository;
import dev.marketplace.account.user.domain.AppUser;
import dev.marketplace.account.user.domain.UserStatus;
import dev.marketplace.account.user.service.UserService;
import dev.marketplace.common.error.ApiException;
import io.smallrye.mutiny.Uni;

/** Memberships as the other features read and change them, inside their callers' transactions. */
@ApplicationScoped
public class Members {
    private final MembershipRepository memberships;
    private final UserService users;

    public Members(MembershipRepository memberships, UserService users) {
        this.memberships = memberships;
        this.users = users;
    }

    /** The user's membership of the company, or null. */
    public Uni<Membership> find(UUID company, UUID user) {
        return memberships.find(company, user);
    }

    /** The member of the company with their user; 404 when the user is not a member. */
    public Uni<Member> require(Company company, UUID user) {
        return memberships.find(company.uuid, user).chain(m -> {
            if (m == null) {
                return Uni.createFrom().failure(ApiException.notFound("Membership of user", user));
            }
            return users.find(user).map(u -> new Member(m, u));
        });
    }

    /** Makes {@code user} a member of {@code company} (enabled) with {@code roles} and {@code status}. */
    public Uni<Membership> add(Company company, AppUser user, List<String> roles, UserStatus status) {
        Membership m = new Membership();
        m.uuid = UUID.randomUUID();
        m.companyUuid = company.uuid;
        m.userUuid = user.uuid;
        m.roles = List.copyOf(roles);
        m.status = status;
        m.enabled = true;
        m.createdOn = Instant.now();
        return memberships.persist(m);
    }

    public Uni<Void> remove(Membership m) {
        return memberships.delete(m);
    }

    /** How many companies other than {@code company} the user belongs to. */
    public Uni<Long> otherCompanies(UUID user, UUID company) {
        return memberships.otherCompanies(user, company);
    }

    /** The user's memberships, oldest first. */
    public Uni<List<Membership>> ofUser(UUID user) {
        return memberships.ofUser(user);
    }

    /** The memberships of these users, oldest first, in one query. */
    public Uni<List<Membership>> ofUsers(List<UUID> users) {
        return memberships.ofUsers(users);
    }

    /** The active users holding one of {@code roles} in an enabled membership of {@code company}, by email. */
    public Uni<List<AppUser>> activeUsersWithAnyRole(UUID company, List<String> roles) {
        return memberships.enabledWithAnyRole(company, roles)
                .chain(found -> users.activeByEmail(found.stream().map(m -> m.userUuid).toList()));
    }
}
