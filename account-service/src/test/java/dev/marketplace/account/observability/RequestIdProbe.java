package dev.marketplace.account.observability;

import jakarta.annotation.security.PermitAll;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;

import org.jboss.logging.Logger;

import dev.marketplace.common.observability.RequestIds;
import io.smallrye.mutiny.Uni;

/** Test-only: logs a line while serving a request, after a hop off the request's thread, and answers the MDC's id. */
@Path("/test/request-id-probe")
@PermitAll
public class RequestIdProbe {
    static final String CATEGORY = "dev.marketplace.account.observability.probe";
    private static final Logger LOG = Logger.getLogger(CATEGORY);

    @GET
    public Uni<String> probe() {
        return Uni.createFrom().item("probe").onItem().delayIt().by(java.time.Duration.ofMillis(5)).map(v -> {
            LOG.info("probe logged");
            return String.valueOf(RequestIds.current());
        });
    }
}
