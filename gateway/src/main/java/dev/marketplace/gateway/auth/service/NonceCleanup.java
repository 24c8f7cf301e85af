package dev.marketplace.gateway.auth.service;

import jakarta.enterprise.context.ApplicationScoped;

import dev.marketplace.gateway.auth.repository.NonceRepository;
import io.quarkus.scheduler.Scheduled;
import io.smallrye.mutiny.Uni;

/** Forgets nonces whose timestamp window has passed (they can no longer be replayed: the timestamp check refuses them). */
@ApplicationScoped
public class NonceCleanup {
    private final NonceRepository nonces;

    public NonceCleanup(NonceRepository nonces) {
        this.nonces = nonces;
    }

    private static final int BATCH = 2_000;

    /** Often and in batches: one big delete every minute stalled signed calls for hundreds of milliseconds. */
    @Scheduled(every = "${marketplace.gateway.nonce-cleanup-interval:5s}", concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    Uni<Void> deleteExpired() {
        return nonces.deleteExpired(BATCH)
                .repeat().whilst(deleted -> deleted == BATCH)
                .collect().last()
                .replaceWithVoid().onFailure().recoverWithNull();
    }
}
