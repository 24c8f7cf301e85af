package dev.marketplace.account.onboarding.service;

import java.time.Instant;
import java.util.UUID;

import dev.marketplace.account.user.domain.AppUser;

/** The one place a user comes to be: whichever way they join a company (added, created, invited, first user). */
final class NewUsers {
    private NewUsers() {
    }

    /** A new user of {@code partner} with this email, not stored yet. */
    static AppUser of(String partner, String email) {
        AppUser user = new AppUser();
        user.uuid = UUID.randomUUID();
        user.partner = partner;
        user.email = email;
        user.createdOn = Instant.now();
        user.lastModified = user.createdOn;
        return user;
    }
}
