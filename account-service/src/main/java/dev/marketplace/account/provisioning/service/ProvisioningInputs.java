package dev.marketplace.account.provisioning.service;

import java.util.UUID;

import jakarta.validation.constraints.NotBlank;

import dev.marketplace.account.company.domain.CompanySize;

/**
 * Bodies of the internal provisioning endpoints. Only what a provisioning caller sets is here; the company and
 * membership rules (lengths, email, roles) are checked by the company and membership services themselves.
 */
public final class ProvisioningInputs {
    private ProvisioningInputs() {
    }

    /** A company another service creates (reseller-service: a company linked to a reseller). */
    public record NewCompany(@NotBlank String name, String externalId, String phoneNumber, CompanySize companySize,
            String website, boolean reseller, boolean referral) {
    }

    /**
     * A user another service creates as a new member of a company. {@code resellerCompanyId}: the reseller company that
     * creates the user for its customer (assisted sales, {@code AssistedOnboarding}); absent for any other creation.
     */
    public record NewMember(@NotBlank String email, String firstName, String lastName, String externalId,
            UUID resellerCompanyId) {
    }
}
