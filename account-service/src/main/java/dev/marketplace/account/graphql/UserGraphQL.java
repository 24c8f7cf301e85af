package dev.marketplace.account.graphql;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.Supplier;

import org.eclipse.microprofile.graphql.Description;
import org.eclipse.microprofile.graphql.GraphQLApi;
import org.eclipse.microprofile.graphql.Id;
import org.eclipse.microprofile.graphql.Name;
import org.eclipse.microprofile.graphql.Query;

import dev.marketplace.account.company.domain.Company;
import dev.marketplace.account.company.service.CompanyLookup;
import dev.marketplace.account.access.CompanyAccess;
import dev.marketplace.account.membership.domain.Membership;
import dev.marketplace.account.membership.service.Members;
import dev.marketplace.account.user.domain.AppUser;
import dev.marketplace.account.user.domain.UserStatus;
import dev.marketplace.account.graphql.UserGraphQLTypes.Account;
import dev.marketplace.account.graphql.UserGraphQLTypes.MembershipNode;
import dev.marketplace.account.graphql.UserGraphQLTypes.PageInfo;
import dev.marketplace.account.graphql.UserGraphQLTypes.UserConnection;
import dev.marketplace.account.graphql.UserGraphQLTypes.UserEdge;
import dev.marketplace.account.graphql.UserGraphQLTypes.UserFilter;
import dev.marketplace.account.graphql.UserGraphQLTypes.UserNode;
import dev.marketplace.account.graphql.UserGraphQLTypes.UserOrder;
import dev.marketplace.account.user.domain.UserSortField;
import dev.marketplace.account.user.service.UserQuery;
import dev.marketplace.account.user.service.UserService;
import dev.marketplace.common.error.ApiException;
import dev.marketplace.common.paging.Paged;
import dev.marketplace.common.paging.Total;
import dev.marketplace.common.security.Caller;
import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.quarkus.security.Authenticated;
import io.quarkus.security.identity.CurrentIdentityAssociation;
import io.smallrye.mutiny.Uni;

/**
 * Read-only user queries at {@code /api/graphql}, with the tenancy and authorization of the REST users API: channel
 * credentials see their marketplace's users, a user sees themself ({@code me}) and, as a Company Administrator, the
 * members of their companies.
 */
@GraphQLApi
@Authenticated
public class UserGraphQL {
    static final int DEFAULT_FIRST = 50;
    static final int MAX_PAGE = 1000;
    private static final Map<String, String> ROLE_NAMES = Map.of("ROLE_BILLING_ADMIN", "ACCOUNT_BILLING_ADMIN",
            "ROLE_SYS_ADMIN", "ACCOUNT_ADMIN", "ROLE_CHANNEL_SUPPORT", "CHANNEL_SUPPORT", "ROLE_DEVELOPER", "DEVELOPER",
            "ROLE_CHANNEL_ADMIN", "CHANNEL_ADMIN", "ROLE_CHANNEL_PRODUCT_SUPPORT", "CHANNEL_PRODUCT_SUPPORT",
            "ROLE_SALES_SUPPORT", "CHANNEL_SALES_SUPPORT", "ROLE_USER", "USER", "ROLE_RESELLER", "RESELLER",
            "ROLE_RESELLER_MANAGER", "RESELLER_MANAGER");

    private final UserService users;
    private final Members memberships;
    private final CompanyLookup companies;
    private final CompanyAccess access;
    private final Caller caller;
    private final CurrentIdentityAssociation identities;

    public UserGraphQL(UserService users, Members memberships, CompanyLookup companies, CompanyAccess access, Caller caller,
            CurrentIdentityAssociation identities) {
        this.identities = identities;
        this.users = users;
        this.memberships = memberships;
        this.companies = companies;
        this.access = access;
        this.caller = caller;
    }

    @Query("users")
    @Description("Users of the marketplace as a cursor connection (first/after forwards, last/before backwards)")
    @WithSession
    public Uni<UserConnection> users(@Name("first") Integer first, @Name("after") String after, @Name("last") Integer last,
            @Name("before") String before, @Name("filter") UserFilter filter, @Name("orderBy") UserOrder orderBy) {
        return secured(() -> connection(first, after, last, before, filter, orderBy));
    }

    @Query("user")
    @WithSession
    public Uni<UserNode> user(@Name("id") @Id String id) {
        return secured(() -> users.load(id).chain(users::requireVisible).chain(this::node));
    }

    @Query("userByExternalId")
    @WithSession
    public Uni<UserNode> userByExternalId(@Name("externalId") String externalId) {
        return secured(() -> users.findByExternalId(caller.partner(), externalId)
                .onItem().ifNull().failWith(() -> ApiException.notFound("User with externalId", externalId))
                .chain(users::requireVisible).chain(this::node));
    }

    @Query("me")
    @Description("The calling user (xoauth_requestor_id)")
    @WithSession
    public Uni<UserNode> me() {
        return secured(() -> {
            UUID me = caller.user().orElseThrow(() -> ApiException.badRequest("NO_CALLING_USER",
                    "me: the call does not act as a user (xoauth_requestor_id)"));
            return users.findInMarketplace(me).onItem().ifNull().failWith(() -> ApiException.notFound("User", me))
                    .chain(this::node);
        });
    }

    /**
     * Resolves the caller's identity without blocking (authentication is lazy and GraphQL runs on the event loop), makes
     * it the request's identity so {@link Caller} can read it, then runs {@code work}; API errors become GraphQL errors.
     */
    private <T> Uni<T> secured(Supplier<Uni<T>> work) {
        return identities.getDeferredIdentity().invoke(identity -> identities.setIdentity(identity))
                .chain(identity -> work.get())
                .onFailure().transform(GraphQLErrors::of);
    }

    private Uni<UserConnection> connection(Integer first, String after, Integer last, String before, UserFilter filter,
            UserOrder orderBy) {
        access.requireChannelReader();
        if (first != null && (first < 0 || first > MAX_PAGE)) {
            throw ApiException.invalidField("first", "must be between 0 and " + MAX_PAGE);
        }
        if (last != null && (last < 0 || last > MAX_PAGE)) {
            throw ApiException.invalidField("last", "must be between 0 and " + MAX_PAGE);
        }
        UserSortField sort = orderBy == null || orderBy.field == null ? UserSortField.DATE
                : switch (orderBy.field) {
                    case CREATED_ON -> UserSortField.DATE;
                    case LAST_MODIFIED -> UserSortField.LAST_MODIFIED;
                    case EMAIL -> UserSortField.EMAIL;
                    case FIRST_NAME -> UserSortField.FIRST_NAME;
                    case LAST_NAME -> UserSortField.LAST_NAME;
                };
        boolean ascending = orderBy == null || orderBy.direction == null
                || orderBy.direction == UserGraphQLTypes.OrderDirection.ASC;
        UserQuery query = new UserQuery(filter == null ? null : filter.name, filter == null ? null : filter.email, null, null, null,
                filter == null || filter.lastModified == null ? null : Instant.ofEpochMilli(filter.lastModified), sort,
                ascending);
        Integer afterIndex = after == null ? null : decode("after", after);
        Integer beforeIndex = before == null ? null : decode("before", before);
        if (last == null && beforeIndex == null) {
            // forwards: the page first, which tells the total by itself when it is the last (a selective filter is
            // then one scan, not two), as the REST lists do
            int from = afterIndex == null ? 0 : afterIndex + 1;
            int size = first == null ? DEFAULT_FIRST : first;
            Uni<List<AppUser>> page = size == 0 ? Uni.createFrom().item(List.of()) : users.page(query, from, size);
            return Paged.read(from, size, page, () -> users.count(query))
                    .chain(found -> connection(found.rows(), from, size, found.total()));
        }
        return users.count(query).chain(total -> {
            int count = (int) Math.min(total.count(), Integer.MAX_VALUE);
            int start = afterIndex == null ? 0 : Math.min(afterIndex + 1, count);
            int end = beforeIndex == null ? count : Math.max(start, Math.min(beforeIndex, count));
            if (first != null) {
                end = Math.min(end, start + first);
            }
            if (last != null) {
                start = Math.max(start, end - last);
            }
            if (first == null && last == null) {
                end = Math.min(end, start + DEFAULT_FIRST);
            }
            int from = start;
            int to = Math.max(start, end);
            Uni<List<AppUser>> page = to == from ? Uni.createFrom().item(List.of()) : users.page(query, from, to - from);
            return page.chain(found -> connection(found, from, to - from, total));
        });
    }

    /** The connection of the users {@code found} at {@code from}, of at most {@code asked}, in a list of {@code total}. */
    private Uni<UserConnection> connection(List<AppUser> found, int from, int asked, Total total) {
        return nodes(found).map(nodes -> {
            UserConnection connection = new UserConnection();
            connection.nodes = nodes;
            connection.edges = new ArrayList<>();
            for (int i = 0; i < nodes.size(); i++) {
                UserEdge edge = new UserEdge();
                edge.cursor = encode(from + i);
                edge.node = nodes.get(i);
                connection.edges.add(edge);
            }
            PageInfo info = new PageInfo();
            info.hasPreviousPage = from > 0;
            info.hasNextPage = from + nodes.size() < total.count() || (total.capped() && nodes.size() == asked);
            info.startCursor = nodes.isEmpty() ? null : encode(from);
            info.endCursor = nodes.isEmpty() ? null : encode(from + nodes.size() - 1);
            connection.pageInfo = info;
            connection.totalCount = total.count();
            connection.totalCountCapped = total.capped() ? Boolean.TRUE : null;
            return connection;
        });
    }

    private Uni<UserNode> node(AppUser user) {
        return nodes(List.of(user)).map(list -> list.get(0));
    }

    private Uni<List<UserNode>> nodes(List<AppUser> found) {
        return memberships.ofUsers(found.stream().map(u -> u.uuid).toList()).chain(this::readableByCaller).chain(all -> {
            List<UUID> companyIds = all.stream().map(m -> m.companyUuid).distinct().toList();
            Uni<List<Company>> owners = companies.find(companyIds);
            return owners.map(list -> {
                Map<UUID, Company> byId = new HashMap<>();
                list.forEach(c -> byId.put(c.uuid, c));
                Map<UUID, List<Membership>> byUser = new HashMap<>();
                all.forEach(m -> byUser.computeIfAbsent(m.userUuid, k -> new ArrayList<>()).add(m));
                return found.stream().map(u -> toNode(u, byUser.getOrDefault(u.uuid, List.of()), byId)).toList();
            });
        });
    }

    /**
     * The memberships the caller may see: every one for channel readers; otherwise only those in companies where the
     * calling user holds an enabled membership, so that a user's node never names companies the caller cannot read.
     */
    private Uni<List<Membership>> readableByCaller(List<Membership> all) {
        if (access.channelReader() || all.isEmpty()) {
            return Uni.createFrom().item(all);
        }
        if (caller.user().isEmpty()) {
            return Uni.createFrom().item(List.of());
        }
        return memberships.ofUser(caller.user().get()).map(mine -> {
            java.util.Set<UUID> readable = new java.util.HashSet<>();
            mine.stream().filter(m -> m.enabled).forEach(m -> readable.add(m.companyUuid));
            return all.stream().filter(m -> readable.contains(m.companyUuid)).toList();
        });
    }

    private static UserNode toNode(AppUser u, List<Membership> theirs, Map<UUID, Company> byUuid) {
        UserNode node = new UserNode();
        node.id = u.uuid.toString();
        node.firstName = u.firstName;
        node.lastName = u.lastName;
        node.email = u.email;
        node.externalId = u.externalId;
        node.locale = u.locale;
        node.username = u.username == null ? u.email : u.username;
        Membership lastUsed = theirs.stream().filter(m -> m.lastUsed != null)
                .max(java.util.Comparator.comparing((Membership m) -> m.lastUsed)).orElse(theirs.isEmpty() ? null : theirs.get(0));
        node.memberships = theirs.stream().map(m -> {
            Company c = byUuid.get(m.companyUuid);
            MembershipNode mn = new MembershipNode();
            mn.account = new Account();
            mn.account.id = m.companyUuid.toString();
            mn.account.name = c == null ? null : c.name;
            mn.account.status = c == null || c.enabled ? "ENABLED" : "DISABLED";
            mn.isLastUsed = m == lastUsed;
            mn.roles = m.roles.stream().map(r -> ROLE_NAMES.getOrDefault(r, r)).toList();
            mn.status = !m.enabled ? "DISABLED" : m.status == UserStatus.ACTIVE || m.status == UserStatus.MANAGED ? "ENABLED"
                    : m.status.name();
            return mn;
        }).toList();
        return node;
    }

    private static String encode(int index) {
        return Base64.getUrlEncoder().withoutPadding().encodeToString(("user:" + index).getBytes(StandardCharsets.UTF_8));
    }

    private static int decode(String argument, String cursor) {
        try {
            String text = new String(Base64.getUrlDecoder().decode(cursor), StandardCharsets.UTF_8);
            if (!text.startsWith("user:")) {
                throw new IllegalArgumentException();
            }
            int index = Integer.parseInt(text.substring(5));
            if (index < 0) {
                throw new IllegalArgumentException();
            }
            return index;
        } catch (IllegalArgumentException e) {
            throw ApiException.invalidField(argument, "is not a cursor returned by this API");
        }
    }
}
