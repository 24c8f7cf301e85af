package dev.marketplace.notification.delivery.service;

import java.time.Instant;
import java.util.List;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.ws.rs.core.UriInfo;

import dev.marketplace.common.input.QueryParams;
import dev.marketplace.common.paging.Paged;
import dev.marketplace.common.paging.PageRequest;
import dev.marketplace.common.paging.PagedResponse;
import dev.marketplace.common.security.Caller;
import dev.marketplace.notification.NotificationConfig;
import dev.marketplace.notification.delivery.domain.Delivery;
import dev.marketplace.notification.delivery.domain.DeliveryStatus;
import dev.marketplace.notification.delivery.repository.DeliveryRepository;
import dev.marketplace.notification.workqueue.RetrySchedule;
import dev.marketplace.notification.workqueue.WorkQueue;
import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.quarkus.hibernate.reactive.panache.common.WithTransaction;
import io.smallrye.mutiny.Uni;

/**
 * The delivery table's state changes, each in its own short transaction, through the shared {@link WorkQueue}: claim
 * due messages (PENDING → SENDING with a lease, so that replicas never claim the same row), then record the attempt's
 * outcome while releasing the claim. A row is SENT at most once because only the claimer of a PENDING row sends it.
 */
@ApplicationScoped
public class DeliveryService {
    static final String TABLE = "notification_delivery";

    private final DeliveryRepository deliveries;
    private final NotificationConfig config;
    private final Caller caller;
    private final WorkQueue<Long> queue;
    private final RetrySchedule retries;

    public DeliveryService(DeliveryRepository deliveries, NotificationConfig config, Caller caller) {
        this.deliveries = deliveries;
        this.config = config;
        this.caller = caller;
        // a send outlasting the lease is not resent but failed (see expireInterrupted): a message never arrives twice
        this.queue = new WorkQueue<>(TABLE, Long.class, config.delivery().sendingTimeout());
        this.retries = new RetrySchedule(config.delivery().maxAttempts(), config.delivery().initialBackoff(),
                config.delivery().maxBackoff());
    }

    @WithTransaction
    public Uni<List<Claimed>> claimDue() {
        return queue.claim(Instant.now(), config.delivery().batchSize()).chain(deliveries::byIds)
                .map(claimed -> claimed.stream().map(Claimed::of).toList());
    }

    /** Records the outcome of an attempt, releasing its claim in the same transaction. */
    @WithTransaction
    public Uni<Void> complete(Claimed claimed, Outcome outcome) {
        return deliveries.findById(claimed.id()).invoke(d -> {
            if (d == null || d.status != DeliveryStatus.SENDING) {
                return;
            }
            Instant now = Instant.now();
            d.leaseUntil = null;
            switch (outcome.kind()) {
                case SENT -> finish(d, DeliveryStatus.SENT, null, now);
                case SKIP -> finish(d, DeliveryStatus.SKIPPED, outcome.error(), now);
                case FAIL -> finish(d, DeliveryStatus.FAILED, outcome.error(), now);
                case RETRY -> {
                    d.lastError = outcome.error();
                    if (retries.exhausted(d.attempts)) {
                        finish(d, DeliveryStatus.FAILED, outcome.error(), now);
                    } else {
                        d.status = DeliveryStatus.PENDING;
                        d.retryAt(retries.next(d.attempts, now));
                    }
                }
            }
        }).replaceWithVoid();
    }

    /** A final state: the parameters go (they may carry secrets); an earlier error stays when this one has none. */
    private static void finish(Delivery d, DeliveryStatus status, String error, Instant now) {
        d.status = status;
        if (error != null) {
            d.lastError = error;
        }
        if (status == DeliveryStatus.SENT) {
            d.sentOn = now;
        }
        d.parameters = null;
    }

    /**
     * A row whose claim lapsed (the process stopped while SENDING) may or may not have reached the server: it is marked
     * FAILED for an operator to look at, never resent, so a recipient cannot get it twice.
     */
    @WithTransaction
    public Uni<Integer> expireInterrupted() {
        return queue.lapsed(Instant.now(), 100).chain(deliveries::byIds).map(stuck -> {
            for (Delivery d : stuck) {
                d.leaseUntil = null;
                finish(d, DeliveryStatus.FAILED, "interrupted while sending; not resent because it may have been delivered",
                        null);
            }
            return stuck.size();
        });
    }

    /** Deliveries of the caller's partner, newest first, optionally of one event or status. */
    @WithSession
    public Uni<PagedResponse<DeliveryView>> list(String eventId, String status, PageRequest page, UriInfo uri) {
        String partner = caller.partner();
        UUID e = QueryParams.uuid("eventId", eventId);
        DeliveryStatus s = QueryParams.enumValue("status", status, DeliveryStatus.class, null);
        return Paged.read(page, deliveries.search(partner, e, s, page), () -> deliveries.count(partner, e, s))
                .map(found -> PagedResponse.of(found.rows().stream().map(DeliveryView::of).toList(), page, found.total(), uri));
    }
}
