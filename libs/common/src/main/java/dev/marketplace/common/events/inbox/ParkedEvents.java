package dev.marketplace.common.events.inbox;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

import jakarta.enterprise.context.ApplicationScoped;

import org.jboss.logging.Logger;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import dev.marketplace.common.error.ApiException;
import dev.marketplace.common.events.EventEnvelope;
import dev.marketplace.common.paging.PageRequest;
import dev.marketplace.common.paging.Total;
import dev.marketplace.common.persistence.NativeSelects;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import io.quarkus.arc.properties.IfBuildProperty;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.quarkus.scheduler.Scheduled;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;

/**
 * What operators do with parked events: list, read, retry one or all of a type, discard with a reason. A caller of a
 * marketplace ({@code partner} not null) sees only that marketplace's events; the management port sees all, records
 * that were no envelope included. The {@code parked_events} gauge counts what is parked per handler and type.
 */
@ApplicationScoped
@IfBuildProperty(name = "marketplace.consumer.enabled", stringValue = "true")
public class ParkedEvents {
    private static final Logger LOG = Logger.getLogger(ParkedEvents.class);
    private static final String COLUMNS = "id, consumer, event_id, event_type, partner, status, error, attempts,"
            + " first_failed_at, last_failed_at, resolved_at, resolution, resolved_by, envelope";

    /** What a retry of several events did. */
    public record Retried(int retried, int processed, int parked) {
    }

    private final DomainEventInbox inbox;
    private final ObjectMapper mapper;
    private final MeterRegistry meters;
    private final Pool pool;
    private final Map<Tags, AtomicLong> gauges = new ConcurrentHashMap<>();

    public ParkedEvents(DomainEventInbox inbox, ObjectMapper mapper, MeterRegistry meters, Pool pool) {
        this.inbox = inbox;
        this.mapper = mapper;
        this.meters = meters;
        this.pool = pool;
    }

    public Uni<PagedResponsePage> list(String partner, String status, String type, PageRequest page) {
        List<Object> params = new ArrayList<>();
        StringBuilder where = new StringBuilder("status = ?1");
        params.add(status == null ? ParkedEvent.PARKED : status);
        if (partner != null) {
            params.add(partner);
            where.append(" and partner = ?").append(params.size());
        }
        if (type != null) {
            params.add(type);
            where.append(" and event_type = ?").append(params.size());
        }
        String select = "select " + COLUMNS + " from parked_event where " + where + " order by last_failed_at desc, id"
                + " offset " + page.offset() + " limit " + page.size();
        return NativeSelects.rows(select, params).chain(rows -> NativeSelects
                .column("select count(*) from parked_event where " + where, params, Long.class)
                .map(count -> new PagedResponsePage(rows.stream().map(r -> view(r).withoutEnvelope()).toList(),
                        Total.exact(count.get(0)))));
    }

    /** A page of parked events and their total. */
    public record PagedResponsePage(List<ParkedEvent> rows, Total total) {
    }

    public Uni<ParkedEvent> find(String partner, UUID id) {
        List<Object> params = new ArrayList<>(List.of(id));
        String sql = "select " + COLUMNS + " from parked_event where id = ?1";
        if (partner != null) {
            params.add(partner);
            sql += " and partner = ?2";
        }
        return NativeSelects.rows(sql, params).map(rows -> {
            if (rows.isEmpty()) {
                throw ApiException.notFound("Parked event", id);
            }
            return view(rows.get(0));
        });
    }

    /** Tries the event once more with its handler; emits the event as it stands after the attempt. */
    public Uni<ParkedEvent> retry(String partner, UUID id, String by) {
        return find(partner, id).chain(parked -> {
            if (!ParkedEvent.PARKED.equals(parked.status())) {
                throw ApiException.conflict("NOT_PARKED", "The event is " + parked.status() + ", not PARKED");
            }
            EventHandler<?> handler = inbox.handler(parked.consumer());
            if (handler == null) {
                throw ApiException.conflict("NO_HANDLER", "No handler of this service takes this record ("
                        + parked.consumer() + "); discard it with a reason");
            }
            EventEnvelope event = mapper.convertValue(parked.envelope(), EventEnvelope.class);
            return inbox.processor().retryParked(handler, event, parked.envelope().toString(),
                    Instant.ofEpochMilli(parked.firstFailedOn()), () -> resolve(id, ParkedEvent.PROCESSED, "retried", by))
                    .invoke(applied -> LOG.infof("Parked event %s (%s, %s) retried: %s", id, parked.eventType(),
                            parked.consumer(), applied ? "processed" : "failed again"))
                    .chain(() -> refreshGauge())
                    .chain(() -> find(partner, id));
        });
    }

    /** Retries every parked event of {@code type} (of the caller's marketplace), oldest first, one at a time. */
    public Uni<Retried> retryAll(String partner, String type, String by) {
        if (type == null || type.isBlank()) {
            throw ApiException.invalidField("type", "is required: the event type whose parked events to retry");
        }
        List<Object> params = new ArrayList<>(List.of(ParkedEvent.PARKED, type));
        String sql = "select id from parked_event where status = ?1 and event_type = ?2"
                + (partner == null ? "" : " and partner = ?3") + " order by first_failed_at, id limit 1000";
        if (partner != null) {
            params.add(partner);
        }
        return NativeSelects.column(sql, params, UUID.class).chain(ids -> {
            Uni<Retried> done = Uni.createFrom().item(new Retried(0, 0, 0));
            for (UUID id : ids) {
                done = done.chain(sum -> retry(partner, id, by).map(after -> new Retried(sum.retried() + 1,
                        sum.processed() + (ParkedEvent.PROCESSED.equals(after.status()) ? 1 : 0),
                        sum.parked() + (ParkedEvent.PARKED.equals(after.status()) ? 1 : 0))));
            }
            return done;
        });
    }

    public Uni<ParkedEvent> discard(String partner, UUID id, String reason, String by) {
        if (reason == null || reason.isBlank() || reason.length() > 1000) {
            throw ApiException.invalidField("reason", "is required, at most 1000 characters: why the event is given up");
        }
        return find(partner, id).chain(parked -> {
            if (!ParkedEvent.PARKED.equals(parked.status())) {
                throw ApiException.conflict("NOT_PARKED", "The event is " + parked.status() + ", not PARKED");
            }
            LOG.infof("Parked event %s (%s, %s) discarded by %s: %s", id, parked.eventType(), parked.consumer(), by, reason);
            return Panache.withTransaction(() -> resolve(id, ParkedEvent.DISCARDED, reason, by))
                    .chain(() -> refreshGauge()).chain(() -> find(partner, id));
        });
    }

    private Uni<Void> resolve(UUID id, String status, String resolution, String by) {
        return Panache.withTransaction(() -> Panache.getSession().chain(session -> session.createNativeQuery(
                "update parked_event set status = ?2, resolution = ?3, resolved_by = ?4, resolved_at = ?5 where id = ?1")
                .setParameter(1, id).setParameter(2, status).setParameter(3, resolution).setParameter(4, by)
                .setParameter(5, OffsetDateTime.now(ZoneOffset.UTC)).executeUpdate())).replaceWithVoid();
    }

    /**
     * Counts what is parked per handler and type into the {@code parked_events} gauge. A background read straight on
     * the pool: no session, and nothing in the statement counts that tests take of a request's work.
     */
    @Scheduled(every = "${marketplace.consumer.gauge-interval:30s}", delayed = "5s",
            concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    Uni<Void> refreshGauge() {
        return pool.query("select consumer, coalesce(event_type, ''), count(*) from parked_event"
                + " where status = 'PARKED' group by 1, 2").execute().invoke(rows -> {
                    gauges.values().forEach(g -> g.set(0));
                    for (Row row : rows) {
                        Tags tags = Tags.of("consumer", row.getString(0), "type", row.getString(1));
                        gauges.computeIfAbsent(tags, t -> {
                            AtomicLong value = new AtomicLong();
                            Gauge.builder("parked.events", value, AtomicLong::get)
                                    .description("Events a consumer could not apply, waiting for an operator").tags(t)
                                    .register(meters);
                            return value;
                        }).set(row.getLong(2));
                    }
                }).onFailure().invoke(e -> LOG.debugf("parked_events not counted: %s", e.toString()))
                .onFailure().recoverWithNull().replaceWithVoid();
    }

    private ParkedEvent view(Object[] r) {
        return new ParkedEvent((UUID) r[0], (String) r[1], (UUID) r[2], (String) r[3], (String) r[4], (String) r[5],
                (String) r[6], NativeSelects.as(r[7], Integer.class), millis(r[8]), millis(r[9]),
                r[10] == null ? null : millis(r[10]), (String) r[11], (String) r[12], envelope((String) r[13]));
    }

    private JsonNode envelope(String raw) {
        try {
            return mapper.readTree(raw);
        } catch (Exception e) {
            return mapper.getNodeFactory().textNode(raw);
        }
    }

    private static long millis(Object value) {
        if (value instanceof OffsetDateTime o) {
            return o.toInstant().toEpochMilli();
        }
        if (value instanceof java.time.LocalDateTime l) {
            return l.toInstant(ZoneOffset.UTC).toEpochMilli();
        }
        return ((Instant) value).toEpochMilli();
    }
}
