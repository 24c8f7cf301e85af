package dev.marketplace.account.membership.service;

import java.util.List;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;

/** Request bodies of the memberships API (adding members is onboarding's: {@code OnboardingInputs}). */
public final class MembershipInputs {
    private MembershipInputs() {
    }

    public record Update(Boolean enabled, List<String> roles) {
    }

    /** PATCH: clients may send the whole membership back; only {@code enabled} applies (roles change through PUT). */
    @JsonIgnoreProperties({ "roles", "user", "company" })
    public record Enabled(Boolean enabled) {
    }

    public record RoleChange(String userUuid, List<String> rolesToAdd, List<String> rolesToRemove) {
    }

    /** Optional body of a purchase request; the product name is shown in the email. */
    public record PurchaseRequest(String productName, String message) {
    }
}
