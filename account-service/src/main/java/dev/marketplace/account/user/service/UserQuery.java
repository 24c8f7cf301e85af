package dev.marketplace.account.user.service;

import java.time.Instant;

import dev.marketplace.account.user.domain.UserSortField;

/** What a users listing asks for (REST and GraphQL); null means "any". It is always scoped to the caller's marketplace. */
public record UserQuery(String name, String email, String externalId, String username, String membershipRole,
        Instant modifiedSince, UserSortField sortField, boolean ascending) {
}
