package dev.marketplace.common.events.inbox;

/**
 * An event its handler can never apply (a payload that does not bind, a required field missing): parked at once rather
 * than retried, since every attempt would fail the same way.
 */
public class EventRejected extends RuntimeException {
    public EventRejected(String message) {
        super(message);
    }

    public EventRejected(String message, Throwable cause) {
        super(message, cause);
    }
}
