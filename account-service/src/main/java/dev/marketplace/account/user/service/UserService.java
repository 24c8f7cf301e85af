package dev.marketplace.account.user.service;

import java.net.URI;
import java.util.List;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.ws.rs.core.UriInfo;

import dev.marketplace.account.access.CompanyAccess;
import dev.marketplace.account.user.domain.AppUser;
import dev.marketplace.account.user.repository.UserRepository;
import dev.marketplace.common.error.ApiException;
import dev.marketplace.common.lookup.Ids;
import dev.marketplace.common.paging.Paged;
import dev.marketplace.common.paging.PageRequest;
import dev.marketplace.common.paging.PagedResponse;
import dev.marketplace.common.paging.Total;
import dev.marketplace.common.security.Caller;
import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.smallrye.mutiny.Uni;

/**
 * Users of the marketplace: the users API, and the look-ups and additions the other features make. Channel credentials
 * (read-only ones included) see every user of their marketplace; a user sees themself, and a Company Administrator
 * sees the members of their companies ({@link CompanyAccess#requireUserVisible}). Another marketplace's user is looked
 * up as an unknown one (404).
 */
@ApplicationScoped
public class UserService {
    private final UserRepository users;
    private final CompanyAccess access;
    private final Caller caller;

    public UserService(UserRepository users, CompanyAccess access, Caller caller) {
        this.users = users;
        this.access = access;
        this.caller = caller;
    }

    @WithSession
    public Uni<PagedResponse<UserView>> list(UserQuery query, PageRequest page, boolean customAttributes, UriInfo uri) {
        access.requireChannelReader();
        UserRepository.Filter filter = filter(query);
        return Paged.read(page, users.search(filter, page.offset(), page.size()), () -> users.count(filter))
                .map(found -> PagedResponse.of(found.rows().stream()
                        .map(u -> UserView.of(u, customAttributes, uri.getBaseUri())).toList(), page, found.total(), uri));
    }

    @WithSession
    public Uni<UserView> get(String ref, boolean customAttributes, URI baseUri) {
        return load(ref).chain(this::requireVisible).map(u -> UserView.of(u, customAttributes, baseUri));
    }

    /** The total of a listing of the caller's marketplace (capped when filtered). */
    public Uni<Total> count(UserQuery query) {
        return users.count(filter(query));
    }

    /** {@code limit} users of a listing of the caller's marketplace from {@code offset}. */
    public Uni<List<AppUser>> page(UserQuery query, long offset, int limit) {
        return users.search(filter(query), offset, limit);
    }

    /**
     * {@code uuid}, {@code id:<uuid>} or {@code externalId:<id>} in the caller's marketplace; 404 when unknown, and when
     * another marketplace's, so that its id answers exactly as an unknown one.
     */
    public Uni<AppUser> load(String ref) {
        if (ref == null || ref.isBlank()) {
            throw ApiException.invalidField("userUuid", "must be a UUID, id:<uuid> or externalId:<externalId>");
        }
        if (ref.startsWith("externalId:")) {
            return users.findByExternalId(caller.partner(), ref.substring("externalId:".length()))
                    .onItem().ifNull().failWith(() -> ApiException.notFound("User", ref));
        }
        UUID id = Ids.uuid("userUuid", ref.startsWith("id:") ? ref.substring(3) : ref);
        return users.inPartner(caller.partner(), id).onItem().ifNull().failWith(() -> ApiException.notFound("User", ref));
    }

    /** The user of the caller's marketplace, or null (another marketplace's too). */
    public Uni<AppUser> findInMarketplace(UUID uuid) {
        return users.inPartner(caller.partner(), uuid);
    }

    /** 403 unless the caller may see {@code user} (see the class comment). */
    public Uni<AppUser> requireVisible(AppUser user) {
        return access.requireUserVisible(user.partner, user.uuid).replaceWith(user);
    }

    /** The user, or null. */
    public Uni<AppUser> find(UUID uuid) {
        return users.findById(uuid);
    }

    /** The users with these uuids, in one query. */
    public Uni<List<AppUser>> find(List<UUID> uuids) {
        return users.ofUuids(uuids);
    }

    /** The user of {@code partner} with this email (any case), or null. */
    public Uni<AppUser> findByEmail(String partner, String email) {
        return users.findByEmail(partner, email);
    }

    /** The user whose pending activation has this token hash (any marketplace), or null. */
    public Uni<AppUser> findByActivationTokenHash(String hash) {
        return users.findByActivationTokenHash(hash);
    }

    /** The user of {@code partner} with this external id, or null. */
    public Uni<AppUser> findByExternalId(String partner, String externalId) {
        return users.findByExternalId(partner, externalId);
    }

    /** The active ones of these users, by email. */
    public Uni<List<AppUser>> activeByEmail(List<UUID> uuids) {
        return users.activeByEmail(uuids);
    }

    /** Whether a user of {@code partner} other than the one with {@code email} has {@code externalId}. */
    public Uni<Boolean> externalIdTakenByOtherEmail(String partner, String externalId, String email) {
        return users.externalIdTakenByOtherEmail(partner, externalId, email);
    }

    /** Whether a user of {@code partner} other than {@code user} has {@code externalId}. */
    public Uni<Boolean> externalIdTakenByOther(String partner, String externalId, UUID user) {
        return users.externalIdTakenByOther(partner, externalId, user);
    }

    /** Stores a new user. */
    public Uni<AppUser> add(AppUser user) {
        return users.persist(user);
    }

    private UserRepository.Filter filter(UserQuery q) {
        return new UserRepository.Filter(caller.partner(), q.name(), q.email(), q.externalId(), q.username(),
                q.membershipRole(), q.modifiedSince(), UserRepository.SortField.valueOf(q.sortField().name()), q.ascending());
    }
}
