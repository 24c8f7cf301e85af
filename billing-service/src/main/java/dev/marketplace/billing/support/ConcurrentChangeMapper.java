package dev.marketplace.billing.support;

import jakarta.persistence.OptimisticLockException;
import jakarta.ws.rs.core.Response;

import org.hibernate.StaleObjectStateException;
import org.jboss.resteasy.reactive.server.ServerExceptionMapper;

import dev.marketplace.common.error.Errors;

/**
 * Two requests changed the same resource at once (the version check of the second failed): 409, the shared error body,
 * nothing written by the loser; retrying reads the new state.
 */
public class ConcurrentChangeMapper {

    @ServerExceptionMapper({ StaleObjectStateException.class, OptimisticLockException.class })
    public Response concurrentChange(RuntimeException e) {
        return Errors.response(409, "CONCURRENT_CHANGE", "It was changed by another request at the same time; "
                + "read it again and retry");
    }
}
