package dev.marketplace.common.events.inbox;

import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.function.Supplier;

import jakarta.enterprise.context.ApplicationScoped;

import org.jboss.logging.Logger;

import dev.marketplace.common.idempotency.IdempotencyKeys;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.quarkus.scheduler.Scheduled;
import io.smallrye.mutiny.Uni;

/**
 * Every service deletes what its shared tables no longer need: processed-event records older than
 * {@link InboxConfig#processedRetention()} (14 days, twice the topic's default retention, so a redelivery is still
 * recognised) and expired idempotency keys. A failed purge is tried again at the next run.
 */
@ApplicationScoped
public class Housekeeping {
    private static final Logger LOG = Logger.getLogger(Housekeeping.class);

    private final InboxConfig config;
    private final IdempotencyKeys idempotencyKeys;

    public Housekeeping(InboxConfig config, IdempotencyKeys idempotencyKeys) {
        this.config = config;
        this.idempotencyKeys = idempotencyKeys;
    }

    @Scheduled(every = "${marketplace.consumer.purge-interval:1h}", delayed = "1m",
            concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    Uni<Void> purgeProcessedEvents() {
        OffsetDateTime before = OffsetDateTime.now(ZoneOffset.UTC).minus(config.processedRetention());
        return purge("processed-event records", () -> Panache.withTransaction(() -> Panache.getSession()
                .chain(session -> session.createNativeQuery("delete from processed_event where processed_at < ?1")
                        .setParameter(1, before).executeUpdate())));
    }

    @Scheduled(every = "${marketplace.idempotency.purge-interval:1h}", delayed = "1m",
            concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    Uni<Void> purgeIdempotencyKeys() {
        return purge("expired idempotency keys", idempotencyKeys::purgeExpired);
    }

    private static Uni<Void> purge(String what, Supplier<Uni<Integer>> delete) {
        return Uni.createFrom().deferred(() -> delete.get()).invoke(n -> {
            if (n > 0) {
                LOG.infof("Purged %d %s", n, what);
            }
        }).onFailure().invoke(e -> LOG.warnf("%s not purged this time: %s", what, e.toString()))
                .onFailure().recoverWithNull().replaceWithVoid();
    }
}
