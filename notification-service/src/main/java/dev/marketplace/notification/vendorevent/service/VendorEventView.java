package dev.marketplace.notification.vendorevent.service;

import dev.marketplace.notification.vendorevent.domain.VendorEvent;

/**
 * What operators see of a vendor event (never the document or credentials): {@code sends} is how many times it was
 * handed to the vendor, {@code renotifications} how many of those were because its result was overdue at
 * {@code resultDueAt}.
 */
public record VendorEventView(String eventId, String eventType, String flag, long productId, String productName,
        String subscriptionId, String status, int attempts, Long nextAttemptAt, Long lastAttemptOn, String lastError,
        Integer lastHttpStatus, Result result, boolean interactive, Long fetchedOn, long createdOn, Long completedOn,
        Long parkedOn, int sends, int renotifications, Long resultDueAt) {

    public record Result(boolean success, String accountIdentifier, String errorCode, String message, String source) {
    }

    public static VendorEventView of(VendorEvent e) {
        Result result = e.resultSuccess == null ? null
                : new Result(e.resultSuccess, e.accountIdentifier, e.errorCode, e.errorMessage, e.resultSource);
        return new VendorEventView(e.id.toString(), e.eventType, e.flag, e.productId, e.productName, e.subscriptionId,
                e.status.name(), e.attempts, ms(e.nextAttemptAt), ms(e.lastAttemptOn), e.lastError, e.lastHttpStatus, result,
                e.interactive, ms(e.fetchedOn), e.createdOn.toEpochMilli(), ms(e.completedOn), ms(e.parkedOn), e.sends,
                e.renotifications, ms(e.resultDueAt));
    }

    private static Long ms(java.time.Instant i) {
        return i == null ? null : i.toEpochMilli();
    }
}
