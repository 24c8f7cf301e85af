package dev.marketplace.gateway.auth.service;

import jakarta.enterprise.context.ApplicationScoped;

import dev.marketplace.gateway.auth.repository.NonceRepository;
import io.quarkus.scheduler.Scheduled;
import io.smallrye.mutiny.Uni;

/**
 * Forgets nonces whose timestamp window has passed (they can no longer be replayed: the timestamp check refuses them)
 * by truncating the nonce table of the generation after the current one. A generation lasts more than ten minutes, so
 * checking twice a minute is plenty; every replica does it, and the second finds the table empty.
 */
@ApplicationScoped
public class NonceCleanup {
    private final NonceRepository nonces;

    public NonceCleanup(NonceRepository nonces) {
        this.nonces = nonces;
    }

    @Scheduled(every = "${marketplace.gateway.nonce-cleanup-interval:30s}", concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    Uni<Void> forgetExpired() {
        return nonces.truncateNextGeneration().replaceWithVoid().onFailure().recoverWithNull();
    }
}
