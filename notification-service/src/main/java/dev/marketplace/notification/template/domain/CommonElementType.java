package dev.marketplace.notification.template.domain;

/** NotificationCommonElementType: the only common element is the unsubscribe footer of marketing email. */
public enum CommonElementType {
    UNSUBSCRIBE
}
