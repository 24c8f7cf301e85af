package dev.marketplace.account.user.service;

import jakarta.validation.constraints.Size;

/** Request bodies of the users API. */
public final class UserInputs {
    private UserInputs() {
    }

    /**
     * PUT and PATCH {@code /users/{userUuid}}: AppDirect's UpdateUserAccountV2 fields this suite keeps, plus {@code email}
     * (this suite's addition: the primary email). A property absent or null leaves the stored value.
     * {@code externallyManaged} (this suite's addition, channel credentials only): the user is managed by an external
     * directory the channel synchronises, so the marketplace refuses to remove them (the directory does).
     */
    public record Update(@Size(max = 255) String firstName, @Size(max = 255) String lastName,
            @Size(max = 320) String email, String locale, @Size(min = 1, max = 255) String externalId,
            Boolean externallyManaged) {
    }
}
