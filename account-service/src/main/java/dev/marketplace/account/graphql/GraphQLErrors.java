package dev.marketplace.account.graphql;

import io.smallrye.graphql.api.ErrorCode;

import dev.marketplace.common.error.ApiException;

/**
 * GraphQL errors: an {@link ApiException} becomes an error entry whose {@code extensions.code} is FORBIDDEN, NOT_FOUND,
 * BAD_REQUEST or CONFLICT and whose message is the API message (checked exceptions keep their message in GraphQL
 * responses; nothing internal is added).
 */
public final class GraphQLErrors {
    private GraphQLErrors() {
    }

    public static Exception of(Throwable failure) {
        if (!(failure instanceof ApiException e)) {
            return failure instanceof Exception ex ? ex : new RuntimeException(failure);
        }
        return switch (e.status()) {
            case 403 -> new Forbidden(e.getMessage());
            case 404 -> new NotFound(e.getMessage());
            case 409 -> new Conflict(e.getMessage());
            default -> new BadRequest(e.getMessage());
        };
    }

    @ErrorCode("FORBIDDEN")
    public static class Forbidden extends Exception {
        public Forbidden(String message) {
            super(message, null, false, false);
        }
    }

    @ErrorCode("NOT_FOUND")
    public static class NotFound extends Exception {
        public NotFound(String message) {
            super(message, null, false, false);
        }
    }

    @ErrorCode("BAD_REQUEST")
    public static class BadRequest extends Exception {
        public BadRequest(String message) {
            super(message, null, false, false);
        }
    }

    @ErrorCode("CONFLICT")
    public static class Conflict extends Exception {
        public Conflict(String message) {
            super(message, null, false, false);
        }
    }
}
