package dev.marketplace.account.support;

import java.util.regex.Pattern;

import dev.marketplace.common.events.payload.NotificationRequest;

/**
 * Locales of users and companies ({@code fr_FR}), and the one rule that chooses the language of a message to a person:
 * their own locale, else their company's, else the marketplace default (docs/notifications.md, "Locale"). Every
 * notification account-service sends takes its locale from {@link #forRecipient}.
 */
public final class Locales {
    /** The rule a locale must follow, as 400 messages name it. */
    public static final String RULE = "must be an ISO 639-1 language and ISO 3166-1 country such as en_US";
    private static final Pattern LOCALE = Pattern.compile("^[a-z]{2}_[A-Z]{2}$");

    private Locales() {
    }

    public static boolean valid(String locale) {
        return locale != null && LOCALE.matcher(locale).matches();
    }

    /** The recipient's own locale, else their company's, else the marketplace default ({@code en_US}). */
    public static String forRecipient(String userLocale, String companyLocale) {
        if (valid(userLocale)) {
            return userLocale;
        }
        if (valid(companyLocale)) {
            return companyLocale;
        }
        return NotificationRequest.DEFAULT_LOCALE;
    }
}
