package dev.marketplace.account.support;

import java.util.Locale;
import java.util.regex.Pattern;

/** Email address checks shared by memberships, invitations and domains. */
public final class Emails {
    private static final Pattern EMAIL = Pattern.compile("^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$");
    private static final Pattern DOMAIN = Pattern.compile(
            "^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\\.)+[a-z][a-z0-9-]{0,61}[a-z0-9]$");

    private Emails() {
    }

    public static boolean valid(String email) {
        return email != null && email.length() <= 320 && EMAIL.matcher(email.trim()).matches();
    }

    public static String domainOf(String email) {
        return email.substring(email.lastIndexOf('@') + 1).trim().toLowerCase(Locale.ROOT);
    }

    public static boolean validDomain(String name) {
        return name != null && DOMAIN.matcher(name).matches();
    }
}
