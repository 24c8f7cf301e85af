package dev.marketplace.common.error;

/** A rule violation that maps straight to an HTTP status and the standard {@link ErrorBody}. */
public class ApiException extends RuntimeException {
    /** The code of every input rule violation: Bean Validation, unknown or mistyped properties, hand-checked rules. */
    public static final String INVALID_FIELD = "INVALID_FIELD";
    /** The code of a body that is not JSON at all (nothing can be named but the body). */
    public static final String INVALID_BODY = "INVALID_BODY";

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
        return new ApiException(400, INVALID_FIELD, field + ": " + rule);
    }

    /** Several violations ({@code field: rule} each) in one 400, the shape every input failure has. */
    public static ApiException invalidFields(java.util.Collection<String> violations) {
        return new ApiException(400, INVALID_FIELD, String.join("; ", violations));
    }

    public static ApiException notFound(String what, Object id) {
        return new ApiException(404, "NOT_FOUND", what + " " + id + " was not found");
    }

    public static ApiException conflict(String code, String message) {
        return new ApiException(409, code, message);
    }

    /** A body that did not bind: malformed JSON (INVALID_BODY), or a wrong type, unknown property or enum value (INVALID_FIELD, the field named). */
    public static ApiException invalidBody(com.fasterxml.jackson.core.JsonProcessingException e) {
        return new ApiException(400, ApiExceptionMappers.codeOf(e), ApiExceptionMappers.describe(e));
    }

    public static ApiException forbidden() {
        return new ApiException(403, Errors.FORBIDDEN_CODE, Errors.FORBIDDEN_MESSAGE);
    }
}
