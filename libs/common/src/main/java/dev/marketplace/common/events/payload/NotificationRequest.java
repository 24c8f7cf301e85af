package dev.marketplace.common.events.payload;

import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;

/**
 * One entry of an event payload's {@code notifications} array: notification-service renders the marketplace's
 * template of {@code type} in {@code locale} with {@code parameters} and sends it to {@code recipients} over
 * {@code channel} (EMAIL or SMS). The parameters each type takes are listed in CONTRIBUTING.md.
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record NotificationRequest(String type, String channel, List<String> recipients, String locale,
        Map<String, Object> parameters) {
    public static final String EMAIL = "EMAIL";
    public static final String SMS = "SMS";
    public static final String DEFAULT_LOCALE = "en_US";

    public static NotificationRequest email(String type, List<String> recipients, String locale, Map<String, Object> parameters) {
        return new NotificationRequest(type, EMAIL, recipients, locale == null ? DEFAULT_LOCALE : locale, parameters);
    }

    public static NotificationRequest sms(String type, List<String> phoneNumbers, String locale, Map<String, Object> parameters) {
        return new NotificationRequest(type, SMS, phoneNumbers, locale == null ? DEFAULT_LOCALE : locale, parameters);
    }

    /**
     * The entries for one recipient: the email, and the same message by SMS when the producer knows a phone number
     * for the recipient (docs/notifications.md, "SMS"). notification-service sends the SMS only when the marketplace has
     * an enabled SMS template of the type; otherwise it records the SMS as SKIPPED.
     */
    public static List<NotificationRequest> emailAndSms(String type, String email, String phoneNumber, String locale,
            Map<String, Object> parameters) {
        boolean mail = email != null && !email.isBlank();
        boolean text = phoneNumber != null && !phoneNumber.isBlank();
        if (mail && text) {
            return List.of(email(type, List.of(email.trim()), locale, parameters),
                    sms(type, List.of(phoneNumber.trim()), locale, parameters));
        }
        if (mail) {
            return List.of(email(type, List.of(email.trim()), locale, parameters));
        }
        return text ? List.of(sms(type, List.of(phoneNumber.trim()), locale, parameters)) : List.of();
    }
}
