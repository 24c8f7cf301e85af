package dev.marketplace.account.onboarding.service;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.marketplace.account.company.domain.Company;
import dev.marketplace.account.support.Locales;
import dev.marketplace.account.user.domain.AppUser;
import dev.marketplace.common.events.payload.NotificationRequest;
import dev.marketplace.common.events.payload.NotificationTypes;

/**
 * What a user created able to log in hears (docs/notifications.md): NEW_USER (their account exists, in which company)
 * and the marketing WELCOME_USER, in their locale, else the company's, else the marketplace default.
 */
final class WelcomeMessages {
    private WelcomeMessages() {
    }

    static List<NotificationRequest> of(AppUser user, Company company) {
        String locale = Locales.forRecipient(user.locale, company.locale);
        Map<String, Object> newUser = new LinkedHashMap<>();
        newUser.put("firstName", user.firstName);
        newUser.put("lastName", user.lastName);
        newUser.put("email", user.email);
        newUser.put("companyName", company.name);
        newUser.put("partner", company.partner);
        Map<String, Object> welcome = new LinkedHashMap<>();
        welcome.put("partner", company.partner);
        return List.of(NotificationRequest.email(NotificationTypes.NEW_USER, List.of(user.email), locale, newUser),
                NotificationRequest.email(NotificationTypes.WELCOME_USER, List.of(user.email), locale, welcome));
    }
}
