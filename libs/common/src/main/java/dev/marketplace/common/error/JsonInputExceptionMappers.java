package dev.marketplace.common.error;

import jakarta.ws.rs.core.Response;

import org.jboss.resteasy.reactive.server.ServerExceptionMapper;

import com.fasterxml.jackson.databind.exc.MismatchedInputException;

/**
 * quarkus-rest-jackson registers a built-in mapper for {@link MismatchedInputException} (unknown properties, wrong
 * types, unknown enum values) that answers its own body ({@code objectName, attributeName, line, column}); being more
 * specific than {@link ApiExceptionMappers#json}, it wins. This one is as specific and of higher priority, so those
 * failures answer the shared shape too: 400 {@code INVALID_FIELD} naming the field and the rule.
 */
public class JsonInputExceptionMappers {

    @ServerExceptionMapper(priority = jakarta.ws.rs.Priorities.USER - 100)
    public Response mismatchedInput(MismatchedInputException e) {
        return Errors.response(400, ApiExceptionMappers.codeOf(e), ApiExceptionMappers.describe(e));
    }
}
