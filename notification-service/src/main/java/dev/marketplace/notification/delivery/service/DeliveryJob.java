package dev.marketplace.notification.delivery.service;

import java.util.List;

import jakarta.enterprise.context.ApplicationScoped;

import org.jboss.logging.Logger;

import dev.marketplace.notification.NotificationConfig;
import dev.marketplace.notification.workqueue.QueueWorker;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.qute.TemplateException;
import io.quarkus.scheduler.Scheduled;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;

/**
 * Sends due messages: claims a batch (PENDING → SENDING, committed before anything is sent), renders and sends each,
 * and records the outcome (SENT, or PENDING again with exponential backoff, or FAILED once attempts run out).
 * Runs every {@code marketplace.notification.delivery.poll-interval} (retries) and as soon as an event with
 * notifications was stored (the consumer wakes it up).
 */
@ApplicationScoped
public class DeliveryJob {
    private static final Logger LOG = Logger.getLogger(DeliveryJob.class);

    private final DeliveryService deliveries;
    private final MessageComposer composer;
    private final MessageSender sender;
    private final MeterRegistry registry;
    private final QueueWorker worker;

    public DeliveryJob(DeliveryService deliveries, MessageComposer composer, MessageSender sender, NotificationConfig config,
            MeterRegistry registry, io.vertx.core.Vertx vertx) {
        this.deliveries = deliveries;
        this.composer = composer;
        this.sender = sender;
        this.registry = registry;
        this.worker = new QueueWorker(vertx, "delivery", deliveries::expireInterrupted, this::batch,
                config.delivery().batchSize());
    }

    @Scheduled(every = "${marketplace.notification.delivery.poll-interval:1s}",
            concurrentExecution = Scheduled.ConcurrentExecution.SKIP,
            skipExecutionIf = Scheduled.ApplicationNotRunning.class)
    Uni<Void> tick() {
        return worker.tick();
    }

    /** Sends now (an event with notifications was just committed) instead of at the next tick. */
    public void wakeUp() {
        worker.wakeUp();
    }

    /** Claims and sends one batch; emits how many were claimed. */
    Uni<Integer> batch() {
        return deliveries.claimDue().chain(claimed -> claimed.isEmpty() ? Uni.createFrom().item(0)
                : Multi.createFrom().iterable(claimed).onItem().transformToUniAndConcatenate(this::deliver)
                        .collect().asList().map(List::size));
    }

    private Uni<Outcome> deliver(Claimed c) {
        return composer.compose(c)
                .chain(composition -> composition.problem() != null ? Uni.createFrom().item(composition.problem())
                        : sender.send(c, composition.message()))
                .onFailure(TemplateException.class)
                .recoverWithItem(e -> Outcome.fail("rendering failed: " + MessageSender.describe(e)))
                .onFailure().recoverWithItem(e -> Outcome.retry(MessageSender.describe(e)))
                .call(outcome -> deliveries.complete(c, outcome))
                .invoke(outcome -> {
                    registry.counter("notifications.delivery.attempts", "channel", c.channel().name(),
                            "outcome", outcome.kind().name()).increment();
                    if (outcome.kind() != Outcome.Kind.SENT) {
                        LOG.infof("%s %s to %s for event %s (attempt %d): %s", c.channel(), c.type(), c.recipient(),
                                c.eventId(), c.attempts(), outcome);
                    }
                });
    }
}
