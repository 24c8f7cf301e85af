package dev.marketplace.notification.delivery.service;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.ws.rs.core.UriInfo;

import dev.marketplace.common.error.ApiException;
import dev.marketplace.common.paging.PageRequest;
import dev.marketplace.common.paging.PagedResponse;
import dev.marketplace.common.security.Caller;
import dev.marketplace.notification.NotificationConfig;
import dev.marketplace.notification.delivery.domain.Delivery;
import dev.marketplace.notification.delivery.domain.DeliveryStatus;
import dev.marketplace.notification.delivery.repository.DeliveryRepository;
import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.quarkus.hibernate.reactive.panache.common.WithTransaction;
import io.smallrye.mutiny.Uni;

/**
 * The delivery table's state changes, each in its own short transaction: claim due messages (PENDING → SENDING, with
 * {@code for update skip locked} so that replicas never claim the same row), then record the attempt's outcome. A row
 * is SENT at most once because only the claimer of a PENDING row sends it.
 */
@ApplicationScoped
public class DeliveryService {
    private final DeliveryRepository deliveries;
    private final NotificationConfig config;
    private final Caller caller;

    public DeliveryService(DeliveryRepository deliveries, NotificationConfig config, Caller caller) {
        this.deliveries = deliveries;
        this.config = config;
        this.caller = caller;
    }

    @WithTransaction
    public Uni<List<Claimed>> claimDue() {
        Instant now = Instant.now();
        return deliveries.lockDue(now, config.delivery().batchSize()).map(due -> {
            for (Delivery d : due) {
                d.status = DeliveryStatus.SENDING;
                d.attempts++;
                d.lastAttemptOn = now;
            }
            return due.stream().map(Claimed::of).toList();
        });
    }

    @WithTransaction
    public Uni<Void> complete(Claimed claimed, Outcome outcome) {
        return deliveries.findById(claimed.id()).invoke(d -> {
            if (d == null || d.status != DeliveryStatus.SENDING) {
                return;
            }
            Instant now = Instant.now();
            switch (outcome.kind()) {
                case SENT -> {
                    d.status = DeliveryStatus.SENT;
                    d.sentOn = now;
                    d.parameters = null;
                }
                case SKIP -> {
                    d.status = DeliveryStatus.SKIPPED;
                    d.lastError = outcome.error();
                    d.parameters = null;
                }
                case FAIL -> {
                    d.status = DeliveryStatus.FAILED;
                    d.lastError = outcome.error();
                    d.parameters = null;
                }
                case RETRY -> {
                    d.lastError = outcome.error();
                    if (d.attempts >= config.delivery().maxAttempts()) {
                        d.status = DeliveryStatus.FAILED;
                        d.parameters = null;
                    } else {
                        d.status = DeliveryStatus.PENDING;
                        d.nextAttemptAt = now.plus(backoff(d.attempts));
                    }
                }
            }
        }).replaceWithVoid();
    }

    /** Exponential: initial × 2^(attempts − 1), capped. */
    Duration backoff(int attempts) {
        Duration delay = config.delivery().initialBackoff();
        Duration max = config.delivery().maxBackoff();
        for (int i = 1; i < attempts && delay.compareTo(max) < 0; i++) {
            delay = delay.multipliedBy(2);
        }
        return delay.compareTo(max) > 0 ? max : delay;
    }

    /**
     * A row left SENDING by a stopped process may or may not have reached the server: it is marked FAILED for an
     * operator to look at, never resent, so a recipient cannot get it twice.
     */
    @WithTransaction
    public Uni<Integer> expireInterrupted() {
        Instant before = Instant.now().minus(config.delivery().sendingTimeout());
        return deliveries.stuckSending(before, 100).map(stuck -> {
            for (Delivery d : stuck) {
                d.status = DeliveryStatus.FAILED;
                d.lastError = "interrupted while sending; not resent because it may have been delivered";
                d.parameters = null;
            }
            return stuck.size();
        });
    }

    /** Deliveries of the caller's partner, newest first, optionally of one event or status. */
    @WithSession
    public Uni<PagedResponse<DeliveryView>> list(String eventId, String status, PageRequest page, UriInfo uri) {
        String partner = caller.partner();
        UUID event = null;
        if (eventId != null && !eventId.isBlank()) {
            try {
                event = UUID.fromString(eventId);
            } catch (IllegalArgumentException e) {
                throw ApiException.invalidField("eventId", "must be a UUID");
            }
        }
        DeliveryStatus state = null;
        if (status != null && !status.isBlank()) {
            try {
                state = DeliveryStatus.valueOf(status);
            } catch (IllegalArgumentException e) {
                throw ApiException.invalidField("status", "must be one of PENDING, SENDING, SENT, FAILED, SKIPPED");
            }
        }
        UUID e = event;
        DeliveryStatus s = state;
        return deliveries.search(partner, e, s, page).chain(rows -> deliveries.count(partner, e, s)
                .map(total -> PagedResponse.of(rows.stream().map(DeliveryView::of).toList(), page, total, uri)));
    }
}
