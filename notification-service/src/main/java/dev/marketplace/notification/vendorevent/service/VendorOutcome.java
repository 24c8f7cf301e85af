package dev.marketplace.notification.vendorevent.service;

/**
 * What one attempt to notify a vendor came to. SUCCESS / FAILURE: the vendor's final answer; ASYNC: 202, the result
 * follows on the result endpoint; RETRY: try again later (or park when attempts ran out); PARK: retrying cannot help.
 */
public record VendorOutcome(Kind kind, Integer httpStatus, String accountIdentifier, String errorCode, String message) {
    public enum Kind {
        SUCCESS, FAILURE, ASYNC, RETRY, PARK
    }

    public static VendorOutcome success(Integer status, String accountIdentifier, String message) {
        return new VendorOutcome(Kind.SUCCESS, status, accountIdentifier, null, message);
    }

    public static VendorOutcome failure(Integer status, String errorCode, String message) {
        return new VendorOutcome(Kind.FAILURE, status, null, errorCode, message);
    }

    public static VendorOutcome async(int status) {
        return new VendorOutcome(Kind.ASYNC, status, null, null, null);
    }

    public static VendorOutcome retry(Integer status, String error) {
        return new VendorOutcome(Kind.RETRY, status, null, null, error);
    }

    public static VendorOutcome park(String error) {
        return new VendorOutcome(Kind.PARK, null, null, null, error);
    }
}
