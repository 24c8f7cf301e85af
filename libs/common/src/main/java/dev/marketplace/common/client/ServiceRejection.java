package dev.marketplace.common.client;

import dev.marketplace.common.error.ApiException;

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

    /**
     * The other service refused the caller (for example a company of another marketplace): the caller gets the plain
     * 403 every refusal gets, never a 503 from a fallback nor a hint of what exists. With
     * {@code .onFailure(ServiceRejection::refusesTheCaller).transform(ServiceRejection::asCallersRefusal)}.
     */
    public static boolean refusesTheCaller(Throwable failure) {
        return failure instanceof ServiceRejection r && r.status == 403;
    }

    public static ApiException asCallersRefusal(Throwable failure) {
        return ApiException.forbidden();
    }
}
