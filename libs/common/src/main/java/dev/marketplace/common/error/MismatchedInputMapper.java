package dev.marketplace.common.error;

import jakarta.ws.rs.core.Response;

import org.jboss.resteasy.reactive.server.ServerExceptionMapper;

import com.fasterxml.jackson.databind.exc.MismatchedInputException;

/**
 * A body value of the wrong type or an unknown enum value ({@link MismatchedInputException}, e.g.
 * {@code "success": "yes"} for a boolean) answers the shared 400 {@code INVALID_FIELD} naming the field. Without this
 * mapper quarkus-rest-jackson's own one for that exception type, more specific than {@link ApiExceptionMappers}' one
 * for every {@code JsonProcessingException}, answered some bodies with its own shape
 * ({@code {"objectName", "attributeName", ...}}).
 */
public class MismatchedInputMapper {
    @ServerExceptionMapper
    public Response mismatchedInput(MismatchedInputException e) {
        return Errors.response(400, ApiExceptionMappers.codeOf(e), ApiExceptionMappers.describe(e));
    }
}
