package dev.marketplace.notification.eventlog.service;

import dev.marketplace.notification.eventlog.domain.LoggedEvent;

/**
 * The part of a logged event that the vendor side reports on: whether the vendor consumed the event, answered later,
 * succeeded, was settled by hand, and the error it gave. The vendor-event feature writes these through
 * {@link EventLogService}, never the log's entity.
 */
public final class VendorLogEntry {
    private final LoggedEvent event;

    VendorLogEntry(LoggedEvent event) {
        this.event = event;
    }

    public VendorLogEntry consumed(Boolean consumed) {
        event.consumed = consumed;
        return this;
    }

    public VendorLogEntry asynchronous(Boolean asynchronous) {
        event.asynchronous = asynchronous;
        return this;
    }

    public VendorLogEntry successful(Boolean successful) {
        event.successful = successful;
        return this;
    }

    public VendorLogEntry manuallyResolved(Boolean manuallyResolved) {
        event.manuallyResolved = manuallyResolved;
        return this;
    }

    /** The error the log shows; nulls clear it. */
    public VendorLogEntry error(String code, String message) {
        event.errorCode = code;
        event.errorMessage = message;
        return this;
    }

    public VendorLogEntry vendorStatus(String status) {
        event.vendorStatus = status;
        return this;
    }
}
