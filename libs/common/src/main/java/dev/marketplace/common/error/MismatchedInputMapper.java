package dev.marketplace.common.error;

import jakarta.ws.rs.core.Response;

import org.jboss.resteasy.reactive.server.ServerExceptionMapper;

import com.fasterxml.jackson.databind.exc.MismatchedInputException;

/**
 * Quarkus REST ships a mapper of its own for {@link MismatchedInputException} (an unknown enum value or a wrong type in
 * a typed record body) that answers {@code {objectName, attributeName, line, column, value}}; being more specific than
 * {@link ApiExceptionMappers#json}, it won over it. This one, of the same type and a higher priority, gives those
 * failures the shared shape: 400 INVALID_FIELD naming the field and the rule.
 */
public class MismatchedInputMapper {

    @ServerExceptionMapper
    public Response mismatchedInput(MismatchedInputException e) {
        return Errors.response(400, ApiExceptionMappers.codeOf(e), ApiExceptionMappers.describe(e));
    }
}
