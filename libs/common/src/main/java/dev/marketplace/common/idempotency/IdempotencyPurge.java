package dev.marketplace.common.idempotency;

import jakarta.enterprise.context.ApplicationScoped;

import org.jboss.logging.Logger;

import io.quarkus.scheduler.Scheduled;
import io.smallrye.mutiny.Uni;

/** Every service deletes its own expired idempotency keys ({@code marketplace.idempotency.purge-interval}, 1 h). */
@ApplicationScoped
public class IdempotencyPurge {
    private static final Logger LOG = Logger.getLogger(IdempotencyPurge.class);

    private final IdempotencyKeys keys;

    public IdempotencyPurge(IdempotencyKeys keys) {
        this.keys = keys;
    }

    @Scheduled(every = "${marketplace.idempotency.purge-interval:1h}", delayed = "1m",
            concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    Uni<Void> purge() {
        return keys.purgeExpired().invoke(n -> {
            if (n > 0) {
                LOG.infof("Purged %d expired idempotency keys", n);
            }
        }).onFailure().invoke(e -> LOG.warnf("Expired idempotency keys not purged this time: %s", e.toString()))
                .onFailure().recoverWithNull().replaceWithVoid();
    }
}
