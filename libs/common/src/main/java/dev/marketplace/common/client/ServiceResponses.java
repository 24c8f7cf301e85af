package dev.marketplace.common.client;

import jakarta.ws.rs.core.MultivaluedMap;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.Provider;

import org.eclipse.microprofile.rest.client.ext.ResponseExceptionMapper;

/**
 * Turns every REST client's error answers into {@link ServiceRejection} (4xx) or {@link ServiceFailure} (5xx), the two
 * kinds the fault-tolerance annotations of service clients tell apart. Registered for every client by discovery.
 */
@Provider
public class ServiceResponses implements ResponseExceptionMapper<RuntimeException> {
    @Override
    public RuntimeException toThrowable(Response response) {
        int status = response.getStatus();
        return status >= 500 ? new ServiceFailure(status) : new ServiceRejection(status);
    }

    @Override
    public boolean handles(int status, MultivaluedMap<String, Object> headers) {
        return status >= 400;
    }
}
