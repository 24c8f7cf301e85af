package dev.marketplace.account.user.service;

import java.net.URI;
import java.util.List;
import java.util.UUID;

import com.fasterxml.jackson.annotation.JsonInclude;

import dev.marketplace.account.user.domain.AppUser;
import dev.marketplace.account.user.domain.UserStatus;
import dev.marketplace.common.paging.Link;

/** A user as the API answers it. */
public record UserView(UUID uuid, String email, String userName, String firstName, String lastName, String picture,
        boolean activated, boolean allowLogin, String status, long creationDate, long lastModified, String externalId,
        UUID idpUuid, String locale, String position, boolean externallyManaged, List<String> roles,
        @JsonInclude(JsonInclude.Include.NON_NULL) List<Object> customAttributes, List<Link> links) {

    public static UserView of(AppUser u, boolean includeCustomAttributes, URI baseUri) {
        String self = baseUri.resolve("api/account/v2/users/" + u.uuid).toString();
        return new UserView(u.uuid, u.email, u.username == null ? u.email : u.username, u.firstName, u.lastName, null,
                u.status == UserStatus.ACTIVE, u.status != UserStatus.MANAGED, u.status.name(), u.createdOn.toEpochMilli(),
                u.lastModified.toEpochMilli(), u.externalId, u.idpUuid, u.locale, u.position, u.externallyManaged, List.of("ROLE_USER"),
                includeCustomAttributes ? List.of() : null,
                List.of(new Link("self", self), new Link("memberships", self + "/memberships")));
    }
}
