package dev.marketplace.gateway.nonce.service;

import jakarta.enterprise.context.ApplicationScoped;

import io.quarkus.scheduler.Scheduled;
import io.smallrye.mutiny.Uni;

/**
 * Forgets nonces whose timestamp window has passed (they can no longer be replayed: the timestamp check refuses them):
 * the ledger drops its expired buckets, and the journal table of the generation after the current one is truncated.
 * A generation lasts more than ten minutes, so checking twice a minute is plenty; every replica does it, and the second
 * finds the table empty.
 */
@ApplicationScoped
public class NonceCleanup {
    private final NonceStore nonces;

    public NonceCleanup(NonceStore nonces) {
        this.nonces = nonces;
    }

    @Scheduled(every = "${marketplace.gateway.nonce-cleanup-interval:30s}", concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    Uni<Void> forgetExpired() {
        return Uni.createFrom().<Boolean>emitter(emitter -> nonces.cleanUp().onComplete(emitter::complete, emitter::fail))
                .replaceWithVoid().onFailure().recoverWithNull();
    }
}
