package dev.marketplace.notification.delivery.service;

/** How one attempt ended. */
public record Outcome(Kind kind, String error) {
    public enum Kind {
        /** Accepted by the SMTP server or the SMS provider. */
        SENT,
        /** Failed for a reason that may pass (server down, timeout): retried with backoff. */
        RETRY,
        /** Can never succeed as it is (no template, rejected recipient): given up now. */
        FAIL,
        /** Nothing to send: the partner disabled the template. */
        SKIP
    }

    public static Outcome sent() {
        return new Outcome(Kind.SENT, null);
    }

    public static Outcome retry(String error) {
        return new Outcome(Kind.RETRY, error);
    }

    public static Outcome fail(String error) {
        return new Outcome(Kind.FAIL, error);
    }

    public static Outcome skip(String reason) {
        return new Outcome(Kind.SKIP, reason);
    }
}
