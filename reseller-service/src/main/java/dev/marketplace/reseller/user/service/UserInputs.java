package dev.marketplace.reseller.user.service;

import jakarta.validation.constraints.Email;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Size;

/** Request bodies of the reseller users API. */
public final class UserInputs {
    private UserInputs() {
    }

    /**
     * A new user, member of {@code companyId}. {@code createdByCompanyId}: the reseller company acting (optional when
     * the caller acts for exactly one). Lengths are account-service's.
     */
    public record Create(String createdByCompanyId, @NotBlank String companyId, @Size(min = 1, max = 255) String externalId,
            @NotBlank @Email @Size(max = 320) String email, @Size(max = 255) String firstName,
            @Size(max = 255) String lastName) {
    }
}
