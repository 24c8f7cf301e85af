package dev.marketplace.account.onboarding.service;

import java.util.List;

import com.fasterxml.jackson.annotation.JsonAlias;

/** Request bodies and answers of the ways a user joins a company: create a membership, add an active user, invite. */
public final class OnboardingInputs {
    private OnboardingInputs() {
    }

    public record ActiveUser(String email, String firstName, String lastName, List<String> roles, String locale) {
    }

    public record AddUser(List<String> recipientEmails, String temporaryPassword, ActiveUser user) {
    }

    public record NewUser(String email, String firstName, String lastName, Boolean allowLogin, String idpUuid,
            @JsonAlias("username") String userName, String externalId, String locale) {
    }

    public record Create(NewUser user, List<String> roles) {
    }

    public record Item(String email, String role) {
    }

    public record InviteError(int index, String type, String email, String externalIdentifier, String role, String message) {
    }

    public record InviteResult(int invitationsSent, List<InviteError> errors) {
    }
}
