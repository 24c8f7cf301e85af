package dev.marketplace.common.error;

/** A rule violation that maps straight to an HTTP status and the standard {@link ErrorBody}. */
public class ApiException extends RuntimeException {
    private final int status;
    private final String code;

    public ApiException(int status, String code, String message) {
        super(message, null, false, false);
        this.status = status;
        this.code = code;
    }

    public int status() {
        return status;
    }

    public String code() {
        return code;
    }

    public ErrorBody body() {
        return new ErrorBody(code, getMessage());
    }

    public static ApiException badRequest(String code, String message) {
        return new ApiException(400, code, message);
    }

    public static ApiException invalidField(String field, String rule) {
        return new ApiException(400, "INVALID_FIELD", field + ": " + rule);
    }

    public static ApiException notFound(String what, Object id) {
        return new ApiException(404, "NOT_FOUND", what + " " + id + " was not found");
    }

    public static ApiException conflict(String code, String message) {
        return new ApiException(409, code, message);
    }

    /** A body that did not bind (malformed JSON, wrong type, unknown enum value), with the field named. */
    public static ApiException invalidBody(com.fasterxml.jackson.core.JsonProcessingException e) {
        return new ApiException(400, "INVALID_BODY", ApiExceptionMappers.describe(e));
    }

    public static ApiException forbidden() {
        return new ApiException(403, Errors.FORBIDDEN_CODE, Errors.FORBIDDEN_MESSAGE);
    }
}
