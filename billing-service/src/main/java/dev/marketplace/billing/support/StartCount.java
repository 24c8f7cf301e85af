package dev.marketplace.billing.support;

import jakarta.ws.rs.core.Response;

import dev.marketplace.common.input.QueryParams;
import dev.marketplace.common.paging.PageRequest;
import dev.marketplace.common.paging.Total;

/**
 * The AppDirect start/count lists (plain arrays): their paging parameters and their total header. Starts are served up
 * to {@link PageRequest#MAX_OFFSET}, like the page/size lists; the total is {@code X-Total-Count}, and when a filtered
 * list matched more rows than are counted exactly, {@code X-Total-Count-Capped: true} says it is a lower bound.
 */
public final class StartCount {
    public static final String CAPPED_HEADER = "X-Total-Count-Capped";

    private StartCount() {
    }

    public static int start(String start) {
        return QueryParams.intInRange("start", start, 0, (int) PageRequest.MAX_OFFSET, 0);
    }

    public static Response.ResponseBuilder withTotal(Response.ResponseBuilder response, Total total) {
        response.header("X-Total-Count", total.count());
        return total.capped() ? response.header(CAPPED_HEADER, "true") : response;
    }
}
