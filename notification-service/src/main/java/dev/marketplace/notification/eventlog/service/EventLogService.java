package dev.marketplace.notification.eventlog.service;

import java.net.URI;
import java.time.Instant;
import java.util.UUID;
import java.util.function.Consumer;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.ws.rs.core.UriInfo;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.marketplace.common.error.ApiException;
import dev.marketplace.common.events.EventEnvelope;
import dev.marketplace.common.input.Violations;
import dev.marketplace.common.lookup.Ids;
import dev.marketplace.common.paging.Paged;
import dev.marketplace.common.paging.PageRequest;
import dev.marketplace.common.paging.PagedResponse;
import dev.marketplace.common.security.Caller;
import dev.marketplace.notification.eventlog.domain.LoggedEvent;
import dev.marketplace.notification.eventlog.repository.EventFilter;
import dev.marketplace.notification.eventlog.repository.LoggedEventRepository;
import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.smallrye.mutiny.Uni;

/**
 * The event log: every event taken in is stored here (in the intake's transaction) with what the vendor side reports
 * about it, and read within the caller's partner.
 */
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
        return Paged.read(page, events.search(filter, page), () -> events.count(filter)).map(found -> PagedResponse.of(
                found.rows().stream().map(e -> EventView.of(e, mapper, base)).toList(), page, found.total(), uri));
    }

    /**
     * 400 for an id that is not a UUID, 404 for an unknown event and for another partner's (looked up in the caller's
     * marketplace only, so that its id answers exactly as an unknown one).
     */
    @WithSession
    public Uni<EventView> get(String eventId, UriInfo uri) {
        UUID id = Ids.uuid("eventId", eventId);
        return events.inPartner(caller.partner(), id).map(event -> {
            if (event == null) {
                throw ApiException.notFound("Event", eventId);
            }
            return EventView.of(event, mapper, uri.getBaseUri());
        });
    }

    /** Stores the event, in the caller's transaction, with what the vendor side noted about it at intake. */
    public Uni<Void> record(EventEnvelope envelope, Consumer<VendorLogEntry> vendorSide) {
        LoggedEvent logged = toLogged(envelope);
        vendorSide.accept(new VendorLogEntry(logged));
        return events.persist(logged).replaceWithVoid();
    }

    /**
     * The vendor side reports on a logged event, in the caller's transaction: its vendor event's status, and the change
     * of how the log shows it. An event not in the log is left alone.
     */
    public Uni<Void> reportVendor(UUID eventId, String vendorStatus, Consumer<VendorLogEntry> change) {
        return events.findById(eventId).invoke(l -> {
            if (l != null) {
                change.accept(new VendorLogEntry(l));
                l.vendorStatus = vendorStatus;
            }
        }).replaceWithVoid();
    }

    private LoggedEvent toLogged(EventEnvelope envelope) {
        LoggedEvent e = new LoggedEvent();
        e.id = envelope.id();
        e.type = envelope.type();
        e.partner = envelope.partner();
        e.source = envelope.source();
        if (envelope.aggregate() != null) {
            e.aggregateType = envelope.aggregate().type();
            e.aggregateId = envelope.aggregate().id();
        }
        JsonNode payload = envelope.payload();
        if (payload instanceof ObjectNode object && object.has("notifications")) {
            payload = object.deepCopy().without("notifications");
        }
        e.payload = json(payload);
        e.creator = envelope.creator() == null ? null : json(mapper.valueToTree(envelope.creator()));
        e.orderId = EventView.number(payload, "orderId", "order");
        e.subscriptionId = EventView.number(payload, "subscriptionId", "subscription");
        e.occurredOn = envelope.occurredOn() > 0 ? Instant.ofEpochMilli(envelope.occurredOn()) : Instant.now();
        e.receivedOn = Instant.now();
        return e;
    }

    private String json(JsonNode node) {
        if (node == null || node.isNull()) {
            return null;
        }
        try {
            return mapper.writeValueAsString(node);
        } catch (JsonProcessingException ex) {
            throw new IllegalStateException(ex);
        }
    }

    private static String blankToNull(String s) {
        return s == null || s.isBlank() ? null : s;
    }
}
