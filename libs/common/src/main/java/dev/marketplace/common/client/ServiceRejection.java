package dev.marketplace.common.client;

/**
 * Another service refused a call with a 4xx: the request, not the service, is at fault. Not retried, and not counted
 * by a circuit breaker ({@code @Retry(abortOn = ServiceRejection.class)}, {@code @CircuitBreaker(skipOn = ...)}).
 * {@link #code()} is the {@code code} of the refusal's error body when it had one (such as DUPLICATE_EMAIL), so that a
 * caller can tell one conflict from another.
 */
public class ServiceRejection extends RuntimeException {
    private final int status;
    private final String code;

    public ServiceRejection(int status) {
        this(status, null);
    }

    public ServiceRejection(int status, String code) {
        super("answered " + status + (code == null ? "" : " " + code), null, false, false);
        this.status = status;
        this.code = code;
    }

    public int status() {
        return status;
    }

    /** The error body's {@code code}, or null when the answer had none. */
    public String code() {
        return code;
    }

    public boolean notFound() {
        return status == 404;
    }
}
