package dev.marketplace.reseller.association.service;

import jakarta.validation.constraints.NotBlank;

/** Request bodies of the company associations API. */
public final class AssociationInputs {
    private AssociationInputs() {
    }

    /** Both companies by id (UUID). */
    public record Create(@NotBlank String customerCompanyId, @NotBlank String resellerCompanyId) {
    }
}
