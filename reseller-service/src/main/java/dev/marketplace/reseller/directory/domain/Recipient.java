package dev.marketplace.reseller.directory.domain;

/** Someone to notify: an email address and the user's locale (null: the default). */
public record Recipient(String email, String locale) {
}
