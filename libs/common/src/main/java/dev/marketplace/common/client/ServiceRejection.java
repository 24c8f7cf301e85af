package dev.marketplace.common.client;

/**
 * Another service refused a call with a 4xx: the request, not the service, is at fault. Not retried, and not counted
 * by a circuit breaker ({@code @Retry(abortOn = ServiceRejection.class)}, {@code @CircuitBreaker(skipOn = ...)}).
 */
public class ServiceRejection extends RuntimeException {
    private final int status;

    public ServiceRejection(int status) {
        super("answered " + status, null, false, false);
        this.status = status;
    }

    public int status() {
        return status;
    }

    public boolean notFound() {
        return status == 404;
    }
}
