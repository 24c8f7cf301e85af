package dev.marketplace.account.membership.service;

import java.net.URI;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.ws.rs.core.UriInfo;

import dev.marketplace.account.access.MembershipRoles;
import dev.marketplace.account.access.RolePolicy;
import dev.marketplace.account.assignment.service.AssignmentService;
import dev.marketplace.account.assignment.service.AssignmentView;
import dev.marketplace.account.company.domain.Company;
import dev.marketplace.account.company.service.CompanyLookup;
import dev.marketplace.account.membership.domain.MembershipSortField;
import dev.marketplace.account.membership.repository.MembershipRepository;
import dev.marketplace.account.user.domain.AppUser;
import dev.marketplace.account.user.service.UserService;
import dev.marketplace.common.lookup.Ids;
import dev.marketplace.common.paging.Paged;
import dev.marketplace.common.paging.Link;
import dev.marketplace.common.paging.PageRequest;
import dev.marketplace.common.paging.PagedResponse;
import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.smallrye.mutiny.Uni;

/** Reading memberships: the listing (also of a group's members), one membership, its applications and roles. */
@ApplicationScoped
public class MembershipQueries {
    private final MembershipRepository memberships;
    private final Members members;
    private final UserService users;
    private final CompanyLookup companies;
    private final RolePolicy roles;
    private final AssignmentService assignments;

    public MembershipQueries(MembershipRepository memberships, Members members, UserService users, CompanyLookup companies,
            RolePolicy roles, AssignmentService assignments) {
        this.memberships = memberships;
        this.members = members;
        this.users = users;
        this.companies = companies;
        this.roles = roles;
        this.assignments = assignments;
    }

    public record Listing<T>(List<Link> links, List<T> content) {
    }

    public record RoleName(String name) {
    }

    /** A page of a company's memberships; null filters mean "any". */
    @WithSession
    public Uni<PagedResponse<MembershipView>> list(String companyRef, Boolean active, Boolean enabled, String roleName,
            UUID groupUuid, String searchText, MembershipSortField sortField, boolean ascending, PageRequest page,
            MembershipView.Options options, UriInfo uri) {
        return companies.forRead(companyRef).chain(company -> page(company, new MembershipRepository.Filter(company.uuid,
                active, enabled, roleName, groupUuid, true, searchText,
                MembershipRepository.SortField.valueOf(sortField.name()), ascending), page, options, uri));
    }

    /** A page of the company's members who are ({@code member}) or are not in {@code group}, oldest first. */
    public Uni<PagedResponse<MembershipView>> ofGroup(Company company, UUID group, boolean member, String searchText,
            PageRequest page, MembershipView.Options options, UriInfo uri) {
        return page(company, new MembershipRepository.Filter(company.uuid, null, null, null, group, member, searchText,
                MembershipRepository.SortField.DATE, true), page, options, uri);
    }

    @WithSession
    public Uni<MembershipView> get(String companyRef, String userUuid, MembershipView.Options options) {
        UUID user = Ids.uuid("userUuid", userUuid);
        return companies.forRead(companyRef).chain(company -> members.require(company, user)
                .map(m -> MembershipView.of(m.membership(), m.user(), company, options)));
    }

    @WithSession
    public Uni<Listing<AssignmentView>> assignments(String companyRef, String userUuid, URI baseUri) {
        UUID user = Ids.uuid("userUuid", userUuid);
        return companies.forRead(companyRef).chain(company -> members.require(company, user)
                .chain(m -> assignments.current(company.uuid, user, baseUri)).map(found -> new Listing<>(List.of(), found)));
    }

    /** Roles this membership can assign to others ({@link RolePolicy#assignableBy}). */
    @WithSession
    public Uni<List<RoleName>> assignableRoles(String companyRef, String userUuid) {
        UUID user = Ids.uuid("userUuid", userUuid);
        return companies.forRead(companyRef).chain(company -> members.require(company, user))
                .map(m -> names(RolePolicy.assignableBy(m.membership().roles, m.membership().enabled)));
    }

    /** Roles the caller (the calling user, or channel credentials) may give in this company. */
    @WithSession
    public Uni<List<RoleName>> companyAssignableRoles(String companyRef) {
        return companies.forRead(companyRef).chain(company -> roles.grantable(company.uuid)).map(MembershipQueries::names);
    }

    private Uni<PagedResponse<MembershipView>> page(Company company, MembershipRepository.Filter filter, PageRequest page,
            MembershipView.Options options, UriInfo uri) {
        return Paged.read(page, memberships.search(filter, page), () -> memberships.count(filter)).chain(found -> users
                .find(found.rows().stream().map(m -> m.userUuid).toList()).map(people -> {
                    Map<UUID, AppUser> byUuid = new HashMap<>();
                    people.forEach(u -> byUuid.put(u.uuid, u));
                    return PagedResponse.of(found.rows().stream()
                            .map(m -> MembershipView.of(m, byUuid.get(m.userUuid), company, options)).toList(), page,
                            found.total(), uri);
                }));
    }

    private static List<RoleName> names(List<String> roles) {
        return roles.stream().map(r -> new RoleName(MembershipRoles.shortName(r))).toList();
    }
}
