package dev.marketplace.common.client;

/** Another service failed a call (5xx or an unreadable answer): retried where the call is idempotent, counted by breakers. */
public class ServiceFailure extends RuntimeException {
    private final int status;

    public ServiceFailure(int status) {
        super("answered " + status, null, false, false);
        this.status = status;
    }

    public int status() {
        return status;
    }
}
