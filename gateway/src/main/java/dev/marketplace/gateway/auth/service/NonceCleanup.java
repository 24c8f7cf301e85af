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

    @Scheduled(every = "${marketplace.gateway.nonce-cleanup-interval:60s}", concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    Uni<Void> deleteExpired() {
        return nonces.deleteExpired().replaceWithVoid().onFailure().recoverWithNull();
    }
}
