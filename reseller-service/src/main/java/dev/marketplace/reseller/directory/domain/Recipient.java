package dev.marketplace.reseller.directory.domain;

/** Someone to notify: an email address and their locale, the user's else their company's (null: the default). */
public record Recipient(String email, String locale) {
}
