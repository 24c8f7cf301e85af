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
}
