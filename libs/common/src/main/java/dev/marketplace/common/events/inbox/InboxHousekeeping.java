package dev.marketplace.common.events.inbox;

import java.time.OffsetDateTime;
import java.time.ZoneOffset;

import jakarta.enterprise.context.ApplicationScoped;

import org.jboss.logging.Logger;

import io.quarkus.hibernate.reactive.panache.Panache;
import io.quarkus.scheduler.Scheduled;
import io.smallrye.mutiny.Uni;

/**
 * Deletes processed-event records older than {@link InboxConfig#processedRetention()} (14 days, twice the topic's
 * default retention: a redelivery is still recognised, the table does not grow for ever).
 */
@ApplicationScoped
public class InboxHousekeeping {
    private static final Logger LOG = Logger.getLogger(InboxHousekeeping.class);

    private final InboxConfig config;

    public InboxHousekeeping(InboxConfig config) {
        this.config = config;
    }

    @Scheduled(every = "${marketplace.consumer.purge-interval:1h}", delayed = "1m",
            concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    Uni<Void> purge() {
        OffsetDateTime before = OffsetDateTime.now(ZoneOffset.UTC).minus(config.processedRetention());
        return Panache.withTransaction(() -> Panache.getSession().chain(session -> session.createNativeQuery(
                "delete from processed_event where processed_at < ?1").setParameter(1, before).executeUpdate()))
                .invoke(n -> {
                    if (n > 0) {
                        LOG.infof("Purged %d processed-event records older than %s", n, config.processedRetention());
                    }
                }).onFailure().invoke(e -> LOG.warnf("Processed-event records not purged this time: %s", e.toString()))
                .onFailure().recoverWithNull().replaceWithVoid();
    }
}
