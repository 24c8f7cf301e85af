package dev.marketplace.common.client;

import jakarta.ws.rs.core.MultivaluedMap;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.Provider;

import org.eclipse.microprofile.rest.client.ext.ResponseExceptionMapper;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * Turns every REST client's error answers into {@link ServiceRejection} (4xx, with the error body's {@code code} when
 * it has one) or {@link ServiceFailure} (5xx), the two kinds the fault-tolerance annotations of service clients tell
 * apart. Registered for every client by discovery.
 */
@Provider
public class ServiceResponses implements ResponseExceptionMapper<RuntimeException> {
    private static final ObjectMapper MAPPER = new ObjectMapper();
    /** An error body is a small {code, message}; anything longer is not read for a code. */
    private static final int MAX_BODY = 8192;

    @Override
    public RuntimeException toThrowable(Response response) {
        int status = response.getStatus();
        return status >= 500 ? new ServiceFailure(status) : new ServiceRejection(status, code(response));
    }

    @Override
    public boolean handles(int status, MultivaluedMap<String, Object> headers) {
        return status >= 400;
    }

    /** The {@code code} of a JSON error body ({@code ErrorBody}), or null: a refusal without one is still a refusal. */
    private static String code(Response response) {
        try {
            if (!response.hasEntity()) {
                return null;
            }
            String body = response.readEntity(String.class);
            if (body == null || body.isBlank() || body.length() > MAX_BODY) {
                return null;
            }
            JsonNode code = MAPPER.readTree(body).get("code");
            return code != null && code.isTextual() ? code.asText() : null;
        } catch (Exception e) {
            return null;
        }
    }
}
