package dev.marketplace.account.membership.service;

import java.util.List;

import com.fasterxml.jackson.annotation.JsonAlias;
import com.fasterxml.jackson.annotation.JsonIgnoreProperties;

/** Request bodies of the memberships API. */
public final class MembershipInputs {
    private MembershipInputs() {
    }

    public record Update(Boolean enabled, List<String> roles) {
    }

    /** PATCH: clients may send the whole membership back; only {@code enabled} applies (roles change through PUT). */
    @JsonIgnoreProperties({ "roles", "user", "company" })
    public record Enabled(Boolean enabled) {
    }

    public record ActiveUser(String email, String firstName, String lastName, List<String> roles) {
    }

    public record AddUser(List<String> recipientEmails, String temporaryPassword, ActiveUser user) {
    }

    public record NewUser(String email, String firstName, String lastName, Boolean allowLogin, String idpUuid,
            @JsonAlias("username") String userName, String externalId) {
    }

    public record Create(NewUser user, List<String> roles) {
    }

    public record RoleChange(String userUuid, List<String> rolesToAdd, List<String> rolesToRemove) {
    }

    /** Optional body of a purchase request; the product name is shown in the email. */
    public record PurchaseRequest(String productName, String message) {
    }
}
