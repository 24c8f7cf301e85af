package dev.marketplace.account.group.service;

import java.net.URI;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.ws.rs.core.UriInfo;

import dev.marketplace.account.activity.service.ActivityService;
import dev.marketplace.account.company.domain.Company;
import dev.marketplace.account.company.service.CompanyLookup;
import dev.marketplace.account.group.domain.CompanyGroup;
import dev.marketplace.account.group.domain.GroupMember;
import dev.marketplace.account.group.repository.GroupMemberRepository;
import dev.marketplace.account.group.repository.GroupRepository;
import dev.marketplace.account.group.service.GroupInputs.AppResult;
import dev.marketplace.account.group.service.GroupInputs.MemberResult;
import dev.marketplace.account.membership.service.Member;
import dev.marketplace.account.membership.service.MembershipQueries;
import dev.marketplace.account.membership.service.MembershipView;
import dev.marketplace.account.membership.service.Members;
import dev.marketplace.common.events.DomainEventPublisher;
import dev.marketplace.common.events.EventTypes;
import dev.marketplace.common.input.Violations;
import dev.marketplace.account.support.Seq;
import dev.marketplace.account.user.domain.AppUser;
import dev.marketplace.common.error.ApiException;
import dev.marketplace.common.lookup.Ids;
import dev.marketplace.common.paging.Paged;
import dev.marketplace.common.paging.PageRequest;
import dev.marketplace.common.paging.PagedResponse;
import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.quarkus.hibernate.reactive.panache.common.WithTransaction;
import io.smallrye.mutiny.Uni;

/** Company user groups and their members. */
@ApplicationScoped
public class GroupService {
    private final GroupRepository groups;
    private final GroupMemberRepository members;
    private final Members companyMembers;
    private final MembershipQueries memberships;
    private final CompanyLookup companies;
    private final DomainEventPublisher events;
    private final ActivityService activities;

    public GroupService(GroupRepository groups, GroupMemberRepository members, Members companyMembers,
            MembershipQueries memberships, CompanyLookup companies, DomainEventPublisher events, ActivityService activities) {
        this.groups = groups;
        this.members = members;
        this.companyMembers = companyMembers;
        this.memberships = memberships;
        this.companies = companies;
        this.events = events;
        this.activities = activities;
    }

    /** {@code sortField} createdOn (default) or name. */
    public static boolean byName(String sortField) {
        if (sortField == null || sortField.isEmpty() || "createdOn".equals(sortField)) {
            return false;
        }
        if ("name".equals(sortField)) {
            return true;
        }
        throw ApiException.invalidField("sortField", "must be createdOn or name");
    }

    @WithSession
    public Uni<PagedResponse<GroupView>> list(String companyRef, String searchText, boolean byName, boolean ascending,
            PageRequest page, UriInfo uri) {
        return companies.forRead(companyRef).chain(company -> page(
                new GroupRepository.Filter(company.uuid, null, searchText, byName, ascending), page, uri));
    }

    @WithSession
    public Uni<PagedResponse<GroupView>> groupsOfMember(String companyRef, String userUuid, boolean ldapOnly, String searchText,
            boolean byName, boolean ascending, PageRequest page, UriInfo uri) {
        UUID user = Ids.uuid("userUuid", userUuid);
        return companies.forRead(companyRef).chain(company -> companyMembers.require(company, user).chain(m -> ldapOnly
                // No group is synchronised from a directory here: the LDAP-only view is empty.
                ? Uni.createFrom().item(PagedResponse.<GroupView>of(List.of(), page, 0, uri))
                : page(new GroupRepository.Filter(company.uuid, user, searchText, byName, ascending), page, uri)));
    }

    @WithSession
    public Uni<GroupView> get(String companyRef, String groupUuid, URI baseUri) {
        UUID id = Ids.uuid("groupUuid", groupUuid);
        return companies.forRead(companyRef).chain(company -> group(company, id)).chain(g -> view(g, baseUri));
    }

    @WithTransaction
    public Uni<GroupView> create(String companyRef, GroupInputs.Group body, URI baseUri) {
        validate(body);
        return companies.forWrite(companyRef).chain(company -> requireUniqueName(company, body.name(), null).chain(() -> {
            CompanyGroup g = new CompanyGroup();
            g.uuid = UUID.randomUUID();
            g.companyUuid = company.uuid;
            g.name = body.name().trim();
            g.description = body.description();
            g.createdOn = Instant.now();
            g.lastModified = g.createdOn;
            GroupView view = GroupView.of(g, 0, baseUri);
            return groups.persist(g).call(() -> events.publish(EventTypes.GROUP_CREATED, company.partner, "GROUP", g.uuid.toString(), view))
                    .call(() -> activities.record(company, "GROUP_CREATED", null, "GROUP", g.uuid, g.name)).replaceWith(view);
        }));
    }

    @WithTransaction
    public Uni<GroupView> update(String companyRef, String groupUuid, GroupInputs.Group body, URI baseUri) {
        UUID id = Ids.uuid("groupUuid", groupUuid);
        validate(body);
        return companies.forWrite(companyRef).chain(company -> group(company, id)
                .call(g -> requireUniqueName(company, body.name(), g.uuid)).chain(g -> {
                    g.name = body.name().trim();
                    g.description = body.description();
                    g.lastModified = Instant.now();
                    return view(g, baseUri).call(view -> events.publish(EventTypes.GROUP_UPDATED, company.partner, "GROUP",
                            g.uuid.toString(), view))
                            .call(() -> activities.record(company, "GROUP_UPDATED", null, "GROUP", g.uuid, g.name));
                }));
    }

    @WithTransaction
    public Uni<Void> delete(String companyRef, String groupUuid) {
        UUID id = Ids.uuid("groupUuid", groupUuid);
        return companies.forWrite(companyRef).chain(company -> group(company, id).chain(g -> members
                .delete("groupUuid", g.uuid).call(() -> groups.delete(g))
                .call(() -> events.publish(EventTypes.GROUP_DELETED, company.partner, "GROUP", g.uuid.toString(),
                        Map.of("uuid", g.uuid, "companyUuid", company.uuid, "name", g.name)))
                .call(() -> activities.record(company, "GROUP_DELETED", null, "GROUP", g.uuid, g.name)))).replaceWithVoid();
    }

    @WithSession
    public Uni<PagedResponse<MembershipView>> members(String companyRef, String groupUuid, boolean member, String searchText,
            PageRequest page, MembershipView.Options options, UriInfo uri) {
        UUID id = Ids.uuid("groupUuid", groupUuid);
        return companies.forRead(companyRef).chain(company -> group(company, id)
                .chain(g -> memberships.ofGroup(company, g.uuid, member, searchText, page, options, uri)));
    }

    @WithSession
    public Uni<MembershipView> member(String companyRef, String groupUuid, String userUuid, MembershipView.Options options) {
        UUID id = Ids.uuid("groupUuid", groupUuid);
        UUID user = Ids.uuid("userUuid", userUuid);
        return companies.forRead(companyRef).chain(company -> group(company, id)
                .chain(g -> members.find(g.uuid, user)).chain(found -> {
                    if (found == null) {
                        return Uni.createFrom().failure(ApiException.notFound("Member of group", user));
                    }
                    return companyMembers.require(company, user)
                            .map(m -> MembershipView.of(m.membership(), m.user(), company, options));
                }));
    }

    @WithTransaction
    public Uni<Void> addMember(String companyRef, String groupUuid, String userUuid) {
        UUID id = Ids.uuid("groupUuid", groupUuid);
        UUID user = Ids.uuid("userUuid", userUuid);
        return companies.forWrite(companyRef).chain(company -> group(company, id)
                .chain(g -> companyMembers.require(company, user).chain(m -> add(company, g, m.user()))));
    }

    @WithTransaction
    public Uni<Void> removeMember(String companyRef, String groupUuid, String userUuid) {
        UUID id = Ids.uuid("groupUuid", groupUuid);
        UUID user = Ids.uuid("userUuid", userUuid);
        return companies.forWrite(companyRef).chain(company -> group(company, id).chain(g -> members.find(g.uuid, user)
                .chain(found -> {
                    if (found == null) {
                        return Uni.createFrom().failure(ApiException.notFound("Member of group", user));
                    }
                    return companyMembers.require(company, user).chain(m -> remove(company, g, found, m.user()));
                })));
    }

    /**
     * Batch changes: group (un)assignments are applied member by member and reported; application (un)assignment
     * requests are validated and handed to billing through GROUP_APP_ASSIGNMENT_REQUESTED events. With
     * {@code validateOnly} nothing is stored and no event is written.
     */
    @WithTransaction
    public Uni<GroupInputs.BatchResult> batch(String companyRef, String groupUuid, boolean validateOnly, GroupInputs.Batch body) {
        UUID id = Ids.uuid("groupUuid", groupUuid);
        if (body == null) {
            throw ApiException.badRequest("INVALID_BODY", "A JSON batch object {assignments, unassignments, ...} is required");
        }
        return companies.forWrite(companyRef).chain(company -> group(company, id).chain(g -> {
            List<MemberResult> assigned = new ArrayList<>();
            List<MemberResult> unassigned = new ArrayList<>();
            List<AppResult> apps = new ArrayList<>();
            List<AppResult> appsRemoved = new ArrayList<>();
            Uni<Void> steps = Seq.each(nonNull(body.assignments()), ref -> memberOrNull(company, ref.userUuid()).chain(m -> {
                if (m == null) {
                    assigned.add(new MemberResult(ref.userUuid(), "FAILURE", "user is not a member of the company"));
                    return Uni.createFrom().voidItem();
                }
                return members.find(g.uuid, m.user().uuid).chain(existing -> {
                    if (existing != null) {
                        assigned.add(new MemberResult(ref.userUuid(), "SUCCESS", "group.membership.exists"));
                        return Uni.createFrom().voidItem();
                    }
                    assigned.add(new MemberResult(ref.userUuid(), "SUCCESS", "group.membership.created"));
                    return validateOnly ? Uni.createFrom().voidItem() : add(company, g, m.user());
                });
            }))
                    .call(() -> Seq.each(nonNull(body.unassignments()), ref -> memberOrNull(company, ref.userUuid()).chain(m -> {
                        if (m == null) {
                            unassigned.add(new MemberResult(ref.userUuid(), "FAILURE", "user is not a member of the company"));
                            return Uni.createFrom().voidItem();
                        }
                        return members.find(g.uuid, m.user().uuid).chain(existing -> {
                            if (existing == null) {
                                unassigned.add(new MemberResult(ref.userUuid(), "FAILURE", "user is not a member of the group"));
                                return Uni.createFrom().voidItem();
                            }
                            unassigned.add(new MemberResult(ref.userUuid(), "SUCCESS", "group.membership.deleted"));
                            return validateOnly ? Uni.createFrom().voidItem() : remove(company, g, existing, m.user());
                        });
                    })))
                    .call(() -> Seq.each(nonNull(body.appAssignmentRequests()), request -> memberOrNull(company, request.userUuid())
                            .chain(m -> {
                                String error = m == null ? "user is not a member of the company"
                                        : !isUuid(request.companyEntitlementUuid()) ? "companyEntitlementUuid must be a UUID" : null;
                                apps.add(new AppResult(request, error != null ? "FAILED" : validateOnly ? "VALID" : "ENQUEUED",
                                        error));
                                return error != null || validateOnly ? Uni.createFrom().voidItem()
                                        : appEvent(company, g, "ASSIGN", request);
                            })))
                    .call(() -> Seq.each(nonNull(body.appUnassignmentRequests()), request -> {
                        String error = request.userEntitlementId() == null ? "userEntitlementId is required" : null;
                        appsRemoved.add(new AppResult(request, error != null ? "FAILED" : validateOnly ? "VALID" : "ENQUEUED",
                                error));
                        return error != null || validateOnly ? Uni.createFrom().voidItem() : appEvent(company, g, "UNASSIGN", request);
                    }));
            return steps.map(v -> new GroupInputs.BatchResult(assigned, unassigned, apps, appsRemoved));
        }));
    }

    private Uni<Void> appEvent(Company company, CompanyGroup g, String action, Object request) {
        Map<String, Object> payload = new LinkedHashMap<>();
        payload.put("companyUuid", company.uuid);
        payload.put("groupUuid", g.uuid);
        payload.put("action", action);
        payload.put("request", request);
        return events.publish(EventTypes.GROUP_APP_ASSIGNMENT_REQUESTED, company.partner, "GROUP", g.uuid.toString(), payload)
                .replaceWithVoid();
    }

    private Uni<Void> add(Company company, CompanyGroup g, AppUser user) {
        return members.find(g.uuid, user.uuid).chain(existing -> {
            if (existing != null) {
                return Uni.createFrom().voidItem();
            }
            GroupMember member = new GroupMember();
            member.groupUuid = g.uuid;
            member.userUuid = user.uuid;
            member.createdOn = Instant.now();
            return members.persist(member)
                    .call(() -> events.publish(EventTypes.GROUP_MEMBER_ADDED, company.partner, "GROUP", g.uuid.toString(),
                            Map.of("groupUuid", g.uuid, "companyUuid", company.uuid, "userUuid", user.uuid)))
                    .call(() -> activities.record(company, "GROUP_MEMBER_ADDED", user, "GROUP", g.uuid, g.name))
                    .replaceWithVoid();
        });
    }

    private Uni<Void> remove(Company company, CompanyGroup g, GroupMember member, AppUser user) {
        return members.delete(member)
                .call(() -> events.publish(EventTypes.GROUP_MEMBER_REMOVED, company.partner, "GROUP", g.uuid.toString(),
                        Map.of("groupUuid", g.uuid, "companyUuid", company.uuid, "userUuid", user.uuid)))
                .call(() -> activities.record(company, "GROUP_MEMBER_REMOVED", user, "GROUP", g.uuid, g.name));
    }

    private Uni<Member> memberOrNull(Company company, String userUuid) {
        if (!isUuid(userUuid)) {
            return Uni.createFrom().nullItem();
        }
        return companyMembers.require(company, UUID.fromString(userUuid))
                .onFailure(ApiException.class).recoverWithNull();
    }

    private Uni<PagedResponse<GroupView>> page(GroupRepository.Filter filter, PageRequest page, UriInfo uri) {
        return Paged.read(page, groups.search(filter, page), () -> groups.count(filter)).chain(found -> groups
                .memberCounts(found.rows().stream().map(g -> g.uuid).toList()).map(counts -> PagedResponse.of(found.rows()
                        .stream().map(g -> GroupView.of(g, counts.getOrDefault(g.uuid, 0L), uri.getBaseUri())).toList(), page,
                        found.total(), uri)));
    }

    private Uni<GroupView> view(CompanyGroup g, URI baseUri) {
        return members.count("groupUuid", g.uuid).map(n -> GroupView.of(g, n, baseUri));
    }

    private Uni<CompanyGroup> group(Company company, UUID id) {
        return groups.find(company.uuid, id).onItem().ifNull().failWith(() -> ApiException.notFound("Group", id));
    }

    private Uni<Void> requireUniqueName(Company company, String name, UUID self) {
        return groups.nameTaken(company.uuid, name.trim(), self).invoke(taken -> {
            if (taken) {
                throw ApiException.conflict("DUPLICATE_GROUP_NAME", "name: the company already has a group named " + name.trim());
            }
        }).replaceWithVoid();
    }

    private static void validate(GroupInputs.Group body) {
        if (body == null) {
            throw ApiException.badRequest("INVALID_BODY", "A JSON group object {name, description} is required");
        }
        Violations problems = Violations.start();
        if (body.name() == null || body.name().isBlank()) {
            problems.add("name", "must not be blank");
        } else if (body.name().trim().length() > 255) {
            problems.add("name", "must have at most 255 characters");
        }
        if (body.description() != null && body.description().length() > 2000) {
            problems.add("description", "must have at most 2000 characters");
        }
        problems.throwIfAny();
    }

    private static boolean isUuid(String s) {
        try {
            Ids.uuid("uuid", s);
            return true;
        } catch (ApiException e) {
            return false;
        }
    }

    private static <T> List<T> nonNull(List<T> list) {
        return list == null ? List.of() : list.stream().filter(java.util.Objects::nonNull).toList();
    }
}
