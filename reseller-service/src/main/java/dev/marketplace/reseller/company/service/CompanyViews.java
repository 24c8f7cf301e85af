package dev.marketplace.reseller.company.service;

import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

import com.fasterxml.jackson.annotation.JsonInclude;

import dev.marketplace.reseller.company.domain.CompanyAccessType;
import dev.marketplace.reseller.directory.domain.DirectoryCompany;

/** The companies API's answers (AppDirect's AccountCompanyWS, AppResellerCompanyWS and CompanyDetailsWS). */
public final class CompanyViews {
    private CompanyViews() {
    }

    /** The answer to a creation. */
    public record Created(UUID id, String externalId, String name, Long createdOn, String phone) {
    }

    /** One company of the listing. {@code activated}: one of its enabled members has activated their account. */
    public record Item(UUID id, String externalId, String name, long createdOn, String phone, boolean activated,
            long numOfUsers, List<CompanyAccessType> grantedAccesses) {
    }

    /**
     * A company's details. Arrays this API has no data for (tax exemptions, stats, settings, available roles and
     * accesses) are empty, never invented.
     */
    public record Details(UUID id, String externalId, String name, long createdOn, String phone, String channel,
            boolean enabled, boolean active, List<CompanyAccessType> grantedAccesses, String defaultRole,
            List<CompanyAccessType> availableAccesses, List<String> availableTaxExemptions, List<Object> stats,
            List<Object> settings, List<String> actions, List<String> availableRoles,
            List<IdentityProvider> idpConfigurations) {
    }

    /** The identity provider users of the company log in through (its name is not known here). */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record IdentityProvider(UUID id, String name, String partner) {
    }

    /** RESELLER and REFERRAL as account-service grants them; CUSTOMER for a company with neither. */
    public static List<CompanyAccessType> grantedAccesses(DirectoryCompany c) {
        List<CompanyAccessType> granted = new ArrayList<>();
        if (c.reseller) {
            granted.add(CompanyAccessType.RESELLER);
        }
        if (c.referral) {
            granted.add(CompanyAccessType.REFERRAL);
        }
        if (granted.isEmpty()) {
            granted.add(CompanyAccessType.CUSTOMER);
        }
        return granted;
    }

    /** The role new members get: the company's default role without its ROLE_ prefix, USER when it has none. */
    public static String defaultRole(DirectoryCompany c) {
        if (c.defaultRole == null || c.defaultRole.isBlank()) {
            return "USER";
        }
        return c.defaultRole.startsWith("ROLE_") ? c.defaultRole.substring(5) : c.defaultRole;
    }
}
