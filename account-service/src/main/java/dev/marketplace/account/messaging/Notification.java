package dev.marketplace.account.messaging;

import java.util.List;
import java.util.Map;

/**
 * One entry of an event's {@code notifications} array (CONTRIBUTING, "Notifications carried by events"):
 * notification-service renders template {@code type} with {@code parameters} and sends it to {@code recipients}.
 */
public record Notification(String type, String channel, List<String> recipients, String locale, Map<String, Object> parameters) {
    public static final String INVITE_USER = "INVITE_USER";
    public static final String ACTIVE_USER_TEMP_PASSWORD = "ACTIVE_USER_TEMP_PASSWORD";
    public static final String APPLICATION_PURCHASE_REQUEST_NOTICE = "APPLICATION_PURCHASE_REQUEST_NOTICE";

    public static Notification email(String type, List<String> recipients, String locale, Map<String, Object> parameters) {
        return new Notification(type, "EMAIL", List.copyOf(recipients), locale == null ? "en_US" : locale, parameters);
    }
}
