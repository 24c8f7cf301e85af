package dev.marketplace.notification.eventlog.service;

import java.net.URI;
import java.time.Instant;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.ws.rs.core.UriInfo;

import com.fasterxml.jackson.databind.ObjectMapper;

import dev.marketplace.common.error.ApiException;
import dev.marketplace.common.input.Violations;
import dev.marketplace.common.lookup.Ids;
import dev.marketplace.common.paging.PageRequest;
import dev.marketplace.common.paging.PagedResponse;
import dev.marketplace.common.security.Caller;
import dev.marketplace.notification.eventlog.repository.EventFilter;
import dev.marketplace.notification.eventlog.repository.LoggedEventRepository;
import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.smallrye.mutiny.Uni;

/** Reads of the event log, always within the caller's partner. */
@ApplicationScoped
public class EventLogService {
    public static final int MAX_SEARCH_TEXT = 1024;

    private final LoggedEventRepository events;
    private final ObjectMapper mapper;
    private final Caller caller;

    public EventLogService(LoggedEventRepository events, ObjectMapper mapper, Caller caller) {
        this.events = events;
        this.mapper = mapper;
        this.caller = caller;
    }

    /** The list query as received: dates in epoch milliseconds. */
    public record Query(Long fromDate, Long toDate, Long orderId, String type, String searchText, boolean ascending) {
    }

    @WithSession
    public Uni<PagedResponse<EventView>> list(Query query, PageRequest page, UriInfo uri) {
        Violations.start()
                .when(query.searchText() != null && query.searchText().length() > MAX_SEARCH_TEXT, "searchText",
                        "must be at most " + MAX_SEARCH_TEXT + " characters")
                .when(query.fromDate() != null && query.toDate() != null && query.fromDate() > query.toDate(), "fromDate",
                        "must not be after toDate")
                .throwIfAny();
        EventFilter filter = new EventFilter(caller.partner(),
                query.fromDate() == null ? null : Instant.ofEpochMilli(query.fromDate()),
                query.toDate() == null ? null : Instant.ofEpochMilli(query.toDate()),
                query.orderId(), blankToNull(query.type()), blankToNull(query.searchText()), query.ascending());
        URI base = uri.getBaseUri();
        return events.search(filter, page).chain(rows -> events.count(filter)
                .map(total -> PagedResponse.of(rows.stream().map(e -> EventView.of(e, mapper, base)).toList(), page, total, uri)));
    }

    /** 400 for an id that is not a UUID, 404 for an unknown event, 403 for another partner's. */
    @WithSession
    public Uni<EventView> get(String eventId, UriInfo uri) {
        java.util.UUID id = Ids.uuid("eventId", eventId);
        String partner = caller.partner();
        return events.findById(id).map(event -> {
            if (event == null) {
                throw ApiException.notFound("Event", eventId);
            }
            if (!partner.equals(event.partner)) {
                throw ApiException.forbidden();
            }
            return EventView.of(event, mapper, uri.getBaseUri());
        });
    }

    private static String blankToNull(String s) {
        return s == null || s.isBlank() ? null : s;
    }
}
