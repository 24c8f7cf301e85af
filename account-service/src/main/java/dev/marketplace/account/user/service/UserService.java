package dev.marketplace.account.user.service;

import java.net.URI;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.ws.rs.core.UriInfo;

import dev.marketplace.account.company.service.CompanyAccess;
import dev.marketplace.account.membership.domain.MembershipRoles;
import dev.marketplace.account.membership.repository.MembershipRepository;
import dev.marketplace.account.user.domain.AppUser;
import dev.marketplace.account.user.repository.UserRepository;
import dev.marketplace.common.error.ApiException;
import dev.marketplace.common.lookup.Ids;
import dev.marketplace.common.paging.PageRequest;
import dev.marketplace.common.paging.PagedResponse;
import dev.marketplace.common.security.Caller;
import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.smallrye.mutiny.Uni;

/**
 * Users of the marketplace. Channel credentials (read-only ones included) see every user of their marketplace; a user
 * sees themself, and a Company Administrator sees the members of their companies.
 */
@ApplicationScoped
public class UserService {
    private final UserRepository users;
    private final MembershipRepository memberships;
    private final CompanyAccess access;
    private final Caller caller;

    public UserService(UserRepository users, MembershipRepository memberships, CompanyAccess access, Caller caller) {
        this.users = users;
        this.memberships = memberships;
        this.access = access;
        this.caller = caller;
    }

    @WithSession
    public Uni<PagedResponse<UserView>> list(UserRepository.Filter partial, PageRequest page, boolean customAttributes,
            UriInfo uri) {
        access.requireChannelReader();
        UserRepository.Filter filter = withPartner(partial);
        return users.count(filter).chain(total -> users.search(filter, page.offset(), page.size()).map(found -> PagedResponse
                .of(found.stream().map(u -> UserView.of(u, customAttributes, uri.getBaseUri())).toList(), page, total, uri)));
    }

    @WithSession
    public Uni<UserView> get(String ref, boolean customAttributes, URI baseUri) {
        return load(ref).chain(this::requireVisible).map(u -> UserView.of(u, customAttributes, baseUri));
    }

    public UserRepository.Filter withPartner(UserRepository.Filter f) {
        return new UserRepository.Filter(caller.partner(), f.name(), f.email(), f.externalId(), f.username(), f.membershipRole(),
                f.modifiedSince(), f.sortField(), f.ascending());
    }

    /** {@code uuid}, {@code id:<uuid>} or {@code externalId:<id>}; 404 when unknown. */
    public Uni<AppUser> load(String ref) {
        if (ref == null || ref.isBlank()) {
            throw ApiException.invalidField("userUuid", "must be a UUID, id:<uuid> or externalId:<externalId>");
        }
        if (ref.startsWith("externalId:")) {
            return users.findByExternalId(caller.partner(), ref.substring("externalId:".length()))
                    .onItem().ifNull().failWith(() -> ApiException.notFound("User", ref));
        }
        UUID id = Ids.uuid("userUuid", ref.startsWith("id:") ? ref.substring(3) : ref);
        return users.findById(id).onItem().ifNull().failWith(() -> ApiException.notFound("User", ref));
    }

    /** 403 unless the caller may see {@code user} (see the class comment). */
    public Uni<AppUser> requireVisible(AppUser user) {
        caller.requirePartner(user.partner);
        if (access.channelReader() || caller.user().map(user.uuid::equals).orElse(false)) {
            return Uni.createFrom().item(user);
        }
        if (caller.user().isEmpty()) {
            return Uni.createFrom().failure(ApiException.forbidden());
        }
        UUID me = caller.user().get();
        return memberships.ofUser(user.uuid).chain(theirs -> memberships.ofUser(me).map(mine -> {
            boolean admin = mine.stream().anyMatch(m -> m.enabled && m.roles.contains(MembershipRoles.COMPANY_ADMIN)
                    && theirs.stream().anyMatch(t -> t.companyUuid.equals(m.companyUuid)));
            if (!admin) {
                throw ApiException.forbidden();
            }
            return user;
        }));
    }
}
