package dev.marketplace.reseller.inbox.rest;

import jakarta.ws.rs.Path;

import dev.marketplace.common.events.inbox.ParkedEventResource;
import dev.marketplace.common.events.inbox.ParkedEvents;
import dev.marketplace.common.security.Caller;

/** The events this service could not apply, for the marketplace's support staff (the shared inbox's operations). */
@Path("/api/appReseller/v1/parked-events")
public class ParkedEventsResource extends ParkedEventResource {
    public ParkedEventsResource(ParkedEvents parked, Caller caller) {
        super(parked, caller);
    }
}
