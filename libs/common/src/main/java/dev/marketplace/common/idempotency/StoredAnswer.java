package dev.marketplace.common.idempotency;

/** The answer stored for an idempotency key: HTTP status and JSON body, returned again to a retry of the request. */
public record StoredAnswer(int status, String body) {
}
