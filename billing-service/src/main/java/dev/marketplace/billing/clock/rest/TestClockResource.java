package dev.marketplace.billing.clock.rest;

import java.time.Duration;
import java.time.format.DateTimeParseException;

import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

import org.eclipse.microprofile.openapi.annotations.Operation;

import dev.marketplace.billing.clock.service.TestClockService;
import dev.marketplace.billing.clock.service.TestClockView;
import dev.marketplace.common.error.ApiException;
import io.quarkus.security.Authenticated;
import io.smallrye.mutiny.Uni;

/**
 * The marketplace's test clock (our extension, sandbox deployments only: {@code BILLING_TEST_CLOCK=true}; elsewhere
 * 404). Channel credentials only.
 */
@Path("/api/billing/v1/testClock")
@Authenticated
@Produces(MediaType.APPLICATION_JSON)
public class TestClockResource {
    private final TestClockService clocks;

    public TestClockResource(TestClockService clocks) {
        this.clocks = clocks;
    }

    /** Where are we? */
    @GET
    @Operation(summary = "Read the marketplace's test clock (sandbox only)")
    public Uni<TestClockView> read() {
        return clocks.read();
    }

    /** {@code {"by": "P3D"}}: moves the clock forward and runs what became due. */
    @POST
    @Path("advance")
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Advance the marketplace's test clock and run the billing jobs now due (sandbox only)")
    public Uni<TestClockView> advance(Advance body) {
        return clocks.advance(step(body));
    }

    public record Advance(String by) {
    }

    static Duration step(Advance body) {
        if (body == null || body.by() == null) {
            throw ApiException.invalidField("by", "is required, an ISO-8601 duration such as P3D or PT12H");
        }
        try {
            return Duration.parse(body.by());
        } catch (DateTimeParseException e) {
            throw ApiException.invalidField("by", "must be an ISO-8601 duration such as P3D or PT12H");
        }
    }
}
