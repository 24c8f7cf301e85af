package dev.marketplace.gateway.consumer.service;

import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;

import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;

import org.jboss.logging.Logger;

import dev.marketplace.gateway.consumer.domain.Consumer;
import dev.marketplace.gateway.consumer.repository.ChannelConsumerRepository;
import dev.marketplace.gateway.infrastructure.DatabaseConnections;
import io.quarkus.runtime.StartupEvent;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.core.Vertx;
import io.vertx.mutiny.pgclient.pubsub.PgSubscriber;

/**
 * Channel consumers kept in memory (secret decrypted), so that a signed call neither reads its consumer from the database
 * nor decrypts its secret every time.
 * A secret change is announced with {@code NOTIFY channel_consumer_changed} in the same transaction
 * (see {@link ChannelConsumerRepository#updateSecret}); each replica LISTENs and drops the entry, so a regenerated secret is refused
 * by every replica within milliseconds. While the LISTEN connection is down nothing is served from memory: a replica
 * that cannot hear changes must not trust what it remembers.
 */
@ApplicationScoped
public class ChannelConsumerCache {
    private static final Logger LOG = Logger.getLogger(ChannelConsumerCache.class);
    private static final int MAX_ENTRIES = 10_000;
    private static final long RECONNECT_MILLIS = 1_000;

    private final ConcurrentHashMap<String, Consumer> entries = new ConcurrentHashMap<>();
    /** Bumped by every invalidation: a lookup that raced with one does not store what it read. */
    private final AtomicLong generation = new AtomicLong();
    private final PgSubscriber subscriber;
    private volatile boolean listening;

    public ChannelConsumerCache(Vertx vertx, DatabaseConnections database) {
        this.subscriber = PgSubscriber.subscriber(vertx, database.options());
        subscriber.reconnectPolicy(retries -> {
            stopTrusting();
            return RECONNECT_MILLIS;
        });
        subscriber.channel(ChannelConsumerRepository.CHANGES_CHANNEL)
                .subscribeHandler(() -> {
                    // (re)subscribed: changes made while deaf are unknown, start afresh
                    entries.clear();
                    generation.incrementAndGet();
                    listening = true;
                })
                .handler(this::evict);
    }

    void listen(@Observes StartupEvent event) {
        subscriber.connect().subscribe().with(v -> LOG.debug("Listening for channel consumer changes"), failure -> {
            LOG.warnf("Cannot listen for channel consumer changes (%s); consumers are read from the database on every call",
                    failure.toString());
        });
    }

    /** The consumer from memory when it can be trusted, else from {@code loader} (remembered when found). */
    public Uni<Optional<Consumer>> find(String key, Supplier<Uni<Optional<Consumer>>> loader) {
        if (!listening) {
            return loader.get();
        }
        Consumer cached = entries.get(key);
        if (cached != null) {
            return Uni.createFrom().item(Optional.of(cached));
        }
        long seen = generation.get();
        return loader.get().invoke(found -> found.ifPresent(consumer -> remember(seen, consumer)));
    }

    /** The consumer from memory, or null when it is not there or memory cannot be trusted (not listening). */
    public Consumer peek(String key) {
        return listening ? entries.get(key) : null;
    }

    /** Forgets a consumer at once (this replica changed it; the others hear the NOTIFY). */
    public void evict(String key) {
        generation.incrementAndGet();
        entries.remove(key);
    }

    private void remember(long seen, Consumer consumer) {
        if (entries.size() >= MAX_ENTRIES) {
            entries.clear();
        }
        entries.put(consumer.key(), consumer);
        if (generation.get() != seen || !listening) {
            // an invalidation ran while the row was read: what was read may be stale
            entries.remove(consumer.key(), consumer);
        }
    }

    private void stopTrusting() {
        listening = false;
        generation.incrementAndGet();
        entries.clear();
    }

    @PreDestroy
    void close() {
        stopTrusting();
        subscriber.closeAndForget();
    }
}
