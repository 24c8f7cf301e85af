package dev.marketplace.notification.delivery.domain;

public enum Channel {
    EMAIL, SMS
}
