package dev.marketplace.reseller.user.service;

import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;

import org.jboss.logging.Logger;

import com.fasterxml.jackson.databind.JsonNode;

import dev.marketplace.common.client.ServiceRejection;
import dev.marketplace.common.error.ApiException;
import dev.marketplace.common.lookup.CompanyRef;
import dev.marketplace.common.lookup.Ids;
import dev.marketplace.common.paging.Paged;
import dev.marketplace.common.paging.PageRequest;
import dev.marketplace.common.paging.PagedResponse;
import dev.marketplace.reseller.access.service.Actor;
import dev.marketplace.reseller.access.service.ResellerAccess;
import dev.marketplace.reseller.access.service.ResellerContext;
import dev.marketplace.reseller.association.service.AssociationService;
import dev.marketplace.reseller.client.AccountApi;
import dev.marketplace.reseller.client.AccountClient;
import dev.marketplace.reseller.directory.domain.DirectoryCompany;
import dev.marketplace.reseller.directory.domain.DirectoryMembership;
import dev.marketplace.reseller.directory.domain.DirectoryUser;
import dev.marketplace.reseller.directory.domain.UserSearch;
import dev.marketplace.reseller.directory.service.AccountPayloads;
import dev.marketplace.reseller.directory.service.Directory;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.smallrye.mutiny.Uni;

/**
 * Users in a reseller context. A reseller creates users in its own reseller companies and the customers linked to
 * them, lists the members of its linked customers, and reads those and its own companies' members; a reseller manager
 * does so in any company of the marketplace, and lists the members of its reseller and referral companies. Users are
 * account-service's: a new one is created there (invited by it, or, for a customer's user, asked to activate the account
 * the reseller created: assisted sales), then put in the directory at once.
 */
@ApplicationScoped
public class ResellerUserService {
    private static final Logger LOG = Logger.getLogger(ResellerUserService.class);

    public enum Sort {
        CUSTOMER_ID, EMAIL, FIRST_NAME
    }

    /** The {@code active} filter's values: account-service's user statuses they stand for. */
    public enum Activity {
        ONLY_ACTIVE("ACTIVE"), ONLY_INACTIVE("MANAGED"), ONLY_PENDING_INVITE("INVITED");

        private final String status;

        Activity(String status) {
            this.status = status;
        }
    }

    /** What a listing asks for; null filters mean "any". */
    public record Query(ResellerContext context, String partner, String companyId, Set<Activity> active,
            String searchText, Instant from, Instant to, Sort sort, boolean ascending, PageRequest page) {
    }

    private final ResellerAccess access;
    private final AssociationService associations;
    private final Directory directory;
    private final AccountClient account;
    private final NewUserValues values;

    public ResellerUserService(ResellerAccess access, AssociationService associations, Directory directory,
            AccountClient account, NewUserValues values) {
        this.access = access;
        this.associations = associations;
        this.directory = directory;
        this.account = account;
        this.values = values;
    }

    public Uni<UserViews.Item> create(ResellerContext context, UserInputs.Create input) {
        String partner = access.partner();
        UUID companyId = Ids.uuid("companyId", input.companyId().trim());
        UUID createdBy = input.createdByCompanyId() == null || input.createdByCompanyId().isBlank() ? null
                : Ids.uuid("createdByCompanyId", input.createdByCompanyId().trim());
        String email = input.email().trim();
        return Panache.withSession(() -> access.actor(context)
                .chain(actor -> requireMayCreateIn(actor, createdBy, companyId)
                        .call(() -> values.requireFree(actor, email, input.externalId()))
                        .map(seller -> new Creation(actor, new AccountApi.NewMember(email, input.firstName(),
                                input.lastName(), input.externalId(), seller)))))
                // a key per request: the client's call is retried safely, the client's own retry meets the email
                .chain(c -> account.createMember(partner, UUID.randomUUID(), companyId, c.member())
                        .onFailure(ServiceRejection.class).transform(e -> refusal((ServiceRejection) e, c.actor(), c.member()))
                        .chain(view -> record(view, partner))
                        .chain(user -> Panache.withSession(() -> item(c.actor(), user, companyId))));
    }

    @WithSession
    public Uni<UserViews.Page> list(Query q) {
        return access.actor(q.context()).chain(actor -> {
            if (q.partner() != null && !q.partner().equals(actor.partner())) {
                return Uni.createFrom().failure(ApiException.forbidden());
            }
            Uni<UUID> company = q.companyId() == null ? Uni.createFrom().nullItem()
                    : associations.requireVisible(actor, CompanyRef.parse(q.companyId())).map(c -> c.id);
            return company.chain(companyId -> {
                Set<String> statuses = null;
                if (q.active() != null && !q.active().isEmpty()) {
                    statuses = new LinkedHashSet<>();
                    for (Activity a : q.active()) {
                        statuses.add(a.status);
                    }
                }
                UserSearch filter = new UserSearch(actor.partner(), companyId,
                        companyId == null ? actor.resellerScope() : null, statuses, q.searchText(), q.from(), q.to(),
                        UserSearch.SortField.valueOf(q.sort().name()), q.ascending());
                return Paged.read(q.page(), directory.members(filter, q.page()), () -> directory.countMembers(filter))
                        .chain(found -> items(actor, found.rows()).map(items -> new UserViews.Page(items,
                                PagedResponse.of(items, q.page(), found.total(), null).page())));
            });
        });
    }

    @WithSession
    public Uni<UserViews.Details> details(ResellerContext context, String userId, String companyId) {
        UUID user = Ids.uuid("userId", userId);
        CompanyRef ref = CompanyRef.parse(companyId);
        return access.actor(context).chain(actor -> associations.requireVisible(actor, ref)
                .chain(company -> directory.membership(company.id, user).chain(membership -> directory.user(user)
                        .chain(found -> {
                            if (membership == null || found == null || DirectoryUser.DELETED.equals(found.status)) {
                                return Uni.createFrom().failure(ApiException.notFound("User", user + " in company "
                                        + company.id));
                            }
                            return visibleMemberships(actor, List.of(user))
                                    .map(visible -> UserViews.details(found, membership, visible.of(user)));
                        }))));
    }

    /** Who asks, and what account-service is asked to create. */
    private record Creation(Actor actor, AccountApi.NewMember member) {
    }

    /**
     * A reseller creates users in the reseller company it acts for ({@code createdBy}, or its only one) and the
     * customers linked to it; a manager in any company of the marketplace. Emits the reseller company that sells to
     * the user's company (assisted sales): the reseller's, or the manager's {@code createdBy} when it is a reseller
     * company; null when the user joins the reseller company itself, or a manager names none.
     */
    private Uni<UUID> requireMayCreateIn(Actor actor, UUID createdBy, UUID companyId) {
        return associations.requireVisible(actor, new CompanyRef.ById(companyId)).chain(company -> {
            if (actor.isManager()) {
                return createdBy == null ? Uni.createFrom().nullItem()
                        : associations.requireVisible(actor, new CompanyRef.ById(createdBy))
                                .map(seller -> seller.reseller && !seller.id.equals(companyId) ? seller.id : null);
            }
            if (createdBy == null && actor.resellerCompanies().size() != 1) {
                throw ApiException.invalidField("createdByCompanyId",
                        "is required when the caller acts for several reseller companies");
            }
            UUID reseller = createdBy == null ? actor.resellerCompanies().get(0) : createdBy;
            if (!actor.resellerCompanies().contains(reseller)) {
                throw ApiException.forbidden();
            }
            return reseller.equals(companyId) ? Uni.createFrom().nullItem()
                    : associations.linked(reseller, companyId).map(linked -> {
                        if (!linked) {
                            throw ApiException.forbidden();
                        }
                        return reseller;
                    });
        });
    }

    /** Puts account-service's answer (the new membership, with its user) in the directory; emits the user's id. */
    private Uni<UUID> record(JsonNode membership, String partner) {
        long version = membership.path("user").path("lastModified").asLong(System.currentTimeMillis());
        return Panache.withTransaction(() -> directory.apply(AccountPayloads.membership(membership, partner,
                Instant.ofEpochMilli(Math.max(version, membership.path("createdOn").asLong(0))))))
                .replaceWith(UUID.fromString(membership.path("user").path("uuid").asText()));
    }

    private Uni<UserViews.Item> item(Actor actor, UUID user, UUID companyId) {
        return items(actor, List.of(new UserSearch.Row(companyId, user))).map(items -> {
            if (items.isEmpty()) {
                throw new IllegalStateException("The new user " + user + " is not in the directory");
            }
            return items.get(0);
        });
    }

    private Uni<List<UserViews.Item>> items(Actor actor, List<UserSearch.Row> rows) {
        List<UUID> userIds = rows.stream().map(UserSearch.Row::userId).distinct().toList();
        return directory.users(userIds).chain(users -> visibleMemberships(actor, userIds).map(visible -> {
            List<UserViews.Item> items = new ArrayList<>();
            for (UserSearch.Row row : rows) {
                DirectoryUser u = users.get(row.userId());
                DirectoryMembership listed = visible.listed(row);
                if (u != null && listed != null) {
                    items.add(UserViews.item(u, listed, visible.of(u.id)));
                }
            }
            return items;
        }));
    }

    /** The memberships of some users that the actor may see, with their companies, per user. */
    private record Visible(Map<UUID, List<UserViews.Membership>> byUser, Map<String, DirectoryMembership> byRow) {
        List<UserViews.Membership> of(UUID user) {
            return byUser.getOrDefault(user, List.of());
        }

        DirectoryMembership listed(UserSearch.Row row) {
            return byRow.get(row.companyId() + ":" + row.userId());
        }
    }

    private Uni<Visible> visibleMemberships(Actor actor, List<UUID> users) {
        return directory.membershipsOf(users, actor.resellerScope()).chain(memberships -> companies(memberships)
                .map(companies -> {
                    Map<UUID, List<UserViews.Membership>> byUser = new HashMap<>();
                    Map<String, DirectoryMembership> byRow = new HashMap<>();
                    for (DirectoryMembership m : memberships) {
                        byUser.computeIfAbsent(m.userId, k -> new ArrayList<>())
                                .add(UserViews.membership(m, companies.get(m.companyId)));
                        byRow.put(m.companyId + ":" + m.userId, m);
                    }
                    return new Visible(byUser, byRow);
                }));
    }

    private Uni<Map<UUID, DirectoryCompany>> companies(List<DirectoryMembership> memberships) {
        List<UUID> ids = memberships.stream().map(m -> m.companyId).distinct().toList();
        return directory.companiesInOrder(ids).map(found -> {
            Map<UUID, DirectoryCompany> byId = new HashMap<>();
            found.forEach(c -> byId.put(c.id, c));
            return byId;
        });
    }

    private static ApiException refusal(ServiceRejection rejection, Actor actor, AccountApi.NewMember member) {
        if (rejection.status() == 409 && "DUPLICATE_EMAIL".equals(rejection.code())) {
            return NewUserValues.taken(actor, "email", member.email());
        }
        if (rejection.status() == 409 && "DUPLICATE_EXTERNAL_ID".equals(rejection.code())) {
            return NewUserValues.taken(actor, "externalId", member.externalId());
        }
        if (rejection.status() == 404) {
            return ApiException.notFound("Company", "of the new user");
        }
        LOG.warnf("account-service refused a user creation: %d %s", rejection.status(), rejection.code());
        return new ApiException(502, "ACCOUNT_REFUSED", "The account service refused to create the user"
                + (rejection.code() == null ? "" : " (" + rejection.code() + ")"));
    }
}
