package dev.marketplace.reseller.directory.service;

import java.util.List;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;

import dev.marketplace.common.events.ProcessedEvents;
import dev.marketplace.reseller.directory.domain.DirectoryChange;
import io.quarkus.hibernate.reactive.panache.common.WithTransaction;
import io.smallrye.mutiny.Uni;

/** Applies one account-service event to the directory, once per event id (processed_event, same transaction). */
@ApplicationScoped
public class DirectoryProjection {
    static final String CONSUMER = "reseller-directory";

    private final Directory directory;
    private final ProcessedEvents processed;

    public DirectoryProjection(Directory directory, ProcessedEvents processed) {
        this.directory = directory;
        this.processed = processed;
    }

    /** Emits false for a redelivered event. */
    @WithTransaction
    public Uni<Boolean> apply(UUID eventId, List<DirectoryChange> changes) {
        return processed.firstDelivery(CONSUMER, eventId)
                .call(first -> first ? directory.apply(changes) : Uni.createFrom().voidItem());
    }
}
