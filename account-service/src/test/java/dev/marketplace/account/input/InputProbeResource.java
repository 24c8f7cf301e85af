package dev.marketplace.account.input;

import java.util.List;

import jakarta.annotation.security.PermitAll;
import jakarta.validation.Valid;
import jakarta.validation.constraints.Email;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Size;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

import org.jboss.resteasy.reactive.RestQuery;

import dev.marketplace.common.input.QueryParams;
import dev.marketplace.common.input.Violations;

/**
 * A test-only resource written the way every resource takes input: a typed record with Bean Validation annotations,
 * a cross-field rule through {@link Violations}, and query parameters parsed by {@link QueryParams}.
 */
@Path("/test/input")
@PermitAll
@Produces(MediaType.APPLICATION_JSON)
public class InputProbeResource {
    public enum Kind {
        SMALL, LARGE
    }

    public record Line(@NotBlank String unit, @NotNull @Min(1) Integer quantity) {
    }

    public record Probe(@NotBlank @Size(max = 10) String name, @Email String email, Kind kind, @Min(1) @Max(31) Integer day,
            Integer from, Integer to, List<@Valid Line> lines) {
    }

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    public Probe accept(@Valid @NotNull Probe probe) {
        Violations.start()
                .when(probe.from() != null && probe.to() != null && probe.from() > probe.to(), "to", "must not be before from")
                .throwIfAny();
        return probe;
    }

    @GET
    public String query(@RestQuery String active, @RestQuery String sortOrder, @RestQuery String kind,
            @RestQuery String fromDate, @RestQuery String count) {
        return "{\"active\":" + QueryParams.bool("active", active, null)
                + ",\"ascending\":" + QueryParams.ascending(sortOrder, true)
                + ",\"kind\":\"" + QueryParams.enumValue("kind", kind, Kind.class, Kind.SMALL)
                + "\",\"from\":" + (QueryParams.instant("fromDate", fromDate) == null ? null
                        : QueryParams.instant("fromDate", fromDate).toEpochMilli())
                + ",\"count\":" + QueryParams.intInRange("count", count, 1, 250, 250) + "}";
    }
}
