package dev.marketplace.account.activation.service;

/** The activation body and answer (AppDirect's InactiveUserAccountV2): the answer never carries the password. */
public final class ActivationInputs {
    private ActivationInputs() {
    }

    public record Activate(String email, String password, Boolean activated, Boolean termsOfService, Boolean privacyPolicy) {
    }

    public record Activated(String email, String password, boolean activated, Boolean termsOfService, Boolean privacyPolicy) {
    }
}
