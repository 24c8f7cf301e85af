package dev.marketplace.reseller.directory.service;

import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;

import dev.marketplace.common.lookup.CompanyRef;
import dev.marketplace.common.paging.PageRequest;
import dev.marketplace.common.paging.Total;
import dev.marketplace.reseller.directory.domain.DirectoryChange;
import dev.marketplace.reseller.directory.domain.DirectoryChange.CompanyChange;
import dev.marketplace.reseller.directory.domain.DirectoryChange.MembershipChange;
import dev.marketplace.reseller.directory.domain.DirectoryChange.MembershipRemoval;
import dev.marketplace.reseller.directory.domain.DirectoryChange.UserChange;
import dev.marketplace.reseller.directory.domain.DirectoryCompany;
import dev.marketplace.reseller.directory.domain.DirectoryMembership;
import dev.marketplace.reseller.directory.domain.DirectoryUser;
import dev.marketplace.reseller.directory.domain.CompanySearch;
import dev.marketplace.reseller.directory.domain.Recipient;
import dev.marketplace.reseller.directory.domain.UserSearch;
import dev.marketplace.reseller.directory.repository.CompanyRepository;
import dev.marketplace.reseller.directory.repository.MembershipRepository;
import dev.marketplace.reseller.directory.repository.UserRepository;
import io.smallrye.mutiny.Uni;

/**
 * What reseller-service knows of account-service's companies, users and memberships (tables directory_*). Kept current
 * by {@code messaging.AccountEventHandler} from account-service's events and by reseller-service's own creations. Runs in the
 * caller's session or transaction.
 */
@ApplicationScoped
public class Directory {
    private final CompanyRepository companies;
    private final UserRepository users;
    private final MembershipRepository memberships;

    public Directory(CompanyRepository companies, UserRepository users, MembershipRepository memberships) {
        this.companies = companies;
        this.users = users;
        this.memberships = memberships;
    }

    /** Applies the changes in order; each one only if it is not older than what is stored. */
    public Uni<Void> apply(List<DirectoryChange> changes) {
        Uni<Void> chain = Uni.createFrom().voidItem();
        for (DirectoryChange change : changes) {
            chain = chain.call(() -> applyOne(change));
        }
        return chain;
    }

    private Uni<Integer> applyOne(DirectoryChange change) {
        if (change instanceof CompanyChange c) {
            return companies.apply(c);
        }
        if (change instanceof UserChange u) {
            return users.apply(u);
        }
        if (change instanceof MembershipChange m) {
            return memberships.apply(m);
        }
        return memberships.remove((MembershipRemoval) change);
    }

    /**
     * A company of {@code partner} not removed from account-service, by id or external id; null when unknown — and when
     * it is another marketplace's, so that its id answers as an unknown one (docs/architecture.md, "Identity").
     */
    public Uni<DirectoryCompany> company(CompanyRef ref, String partner) {
        Uni<DirectoryCompany> found = ref instanceof CompanyRef.ById id ? companies.inPartner(partner, id.uuid())
                : companies.findByExternalId(partner, ((CompanyRef.ByExternalId) ref).externalId());
        return found.map(c -> c == null || c.deleted ? null : c);
    }

    /** Also a removed one: associations tell a removed company (COMPANY_INACTIVE) from an unknown one. */
    public Uni<DirectoryCompany> companyEvenRemoved(UUID id) {
        return companies.findById(id);
    }

    /** The company (not removed) of the marketplace with this externalId, or null. */
    public Uni<DirectoryCompany> companyWithExternalId(String partner, String externalId) {
        return companies.findByExternalId(partner, externalId);
    }

    public Uni<List<UUID>> resellerCompaniesOf(String partner, UUID user, boolean anyRole) {
        return companies.resellerCompaniesOf(partner, user, anyRole);
    }

    public Uni<Set<String>> rolesOf(String partner, UUID user) {
        return memberships.rolesOf(partner, user);
    }

    public Uni<List<DirectoryCompany>> companies(CompanySearch filter, PageRequest page) {
        return companies.search(filter, page);
    }

    public Uni<List<DirectoryCompany>> companiesInOrder(List<UUID> ids) {
        return companies.inOrder(ids);
    }

    public Uni<Map<UUID, Long>> memberCounts(Collection<UUID> companyIds) {
        return companies.memberCounts(companyIds);
    }

    public Uni<DirectoryUser> user(UUID id) {
        return users.findById(id);
    }

    public Uni<Map<UUID, DirectoryUser>> users(List<UUID> ids) {
        return users.byIds(ids);
    }

    /** The ids of the users (not removed) of the marketplace with this email, case-insensitively. */
    public Uni<List<UUID>> usersWithEmail(String partner, String email) {
        return users.withEmail(partner, email);
    }

    /** The ids of the users (not removed) of the marketplace with this externalId. */
    public Uni<List<UUID>> usersWithExternalId(String partner, String externalId) {
        return users.withExternalId(partner, externalId);
    }

    public Uni<List<UserSearch.Row>> members(UserSearch filter, PageRequest page) {
        return users.search(filter, page);
    }

    public Uni<Total> countMembers(UserSearch filter) {
        return users.count(filter);
    }

    public Uni<DirectoryMembership> membership(UUID company, UUID user) {
        return memberships.current(company, user);
    }

    public Uni<List<DirectoryMembership>> membershipsOf(Collection<UUID> users, Set<UUID> visibleResellers) {
        return memberships.ofUsers(users, visibleResellers);
    }

    public Uni<List<Recipient>> holdersOf(UUID company, List<String> roles) {
        return memberships.holdersOf(company, roles);
    }
}
