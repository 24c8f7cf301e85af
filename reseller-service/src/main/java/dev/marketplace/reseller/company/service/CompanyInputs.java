package dev.marketplace.reseller.company.service;

import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Size;

import dev.marketplace.reseller.company.domain.CompanyAccessType;
import dev.marketplace.reseller.company.domain.CompanySize;

/** Request bodies of the reseller companies API. */
public final class CompanyInputs {
    private CompanyInputs() {
    }

    /**
     * A company linked to the reseller company {@code createdByCompanyId} (optional when the caller acts for exactly one
     * reseller company). {@code companyAccess} defaults to CUSTOMER. Lengths are account-service's.
     */
    public record Create(String createdByCompanyId, @NotBlank @Size(max = 255) String name,
            @Size(min = 1, max = 255) String externalId, @Size(max = 64) String phone, CompanySize companySize,
            @Size(max = 2048) String website, CompanyAccessType companyAccess) {
    }
}
