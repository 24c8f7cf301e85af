package dev.marketplace.notification.messaging;

import java.nio.charset.StandardCharsets;
import java.time.Duration;

import jakarta.enterprise.context.ApplicationScoped;

import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.header.Header;
import org.eclipse.microprofile.reactive.messaging.Incoming;
import org.jboss.logging.Logger;

import com.fasterxml.jackson.databind.ObjectMapper;

import dev.marketplace.common.events.EventEnvelope;
import dev.marketplace.common.events.TraceContext;
import dev.marketplace.notification.delivery.service.DeliveryJob;
import dev.marketplace.notification.vendorevent.service.VendorDispatcher;
import io.smallrye.mutiny.Uni;

/**
 * Consumes every domain event of the suite (topic {@code marketplace.domain-events}). A record that is not an event
 * envelope is logged and skipped; a failure to store an event (database down) is retried with backoff without
 * acknowledging it, so nothing is lost and order per partition is kept.
 */
@ApplicationScoped
public class DomainEventConsumer {
    private static final Logger LOG = Logger.getLogger(DomainEventConsumer.class);

    private final EventIntake intake;
    private final VendorDispatcher vendorDispatcher;
    private final DeliveryJob deliveryJob;
    private final ObjectMapper mapper;

    public DomainEventConsumer(EventIntake intake, VendorDispatcher vendorDispatcher, DeliveryJob deliveryJob,
            ObjectMapper mapper) {
        this.intake = intake;
        this.vendorDispatcher = vendorDispatcher;
        this.deliveryJob = deliveryJob;
        this.mapper = mapper;
    }

    @Incoming("domain-events")
    public Uni<Void> consume(ConsumerRecord<String, String> kafkaRecord) {
        // the trace of the request that caused the event (its outbox row's traceparent): stored with a vendor event
        Header traceparent = kafkaRecord.headers().lastHeader(TraceContext.TRACEPARENT);
        TraceContext.continueTrace(traceparent == null ? null : new String(traceparent.value(), StandardCharsets.UTF_8));
        String record = kafkaRecord.value();
        EventEnvelope envelope;
        try {
            envelope = mapper.readValue(record, EventEnvelope.class);
        } catch (Exception e) {
            LOG.warnf("Skipped a record that is not an event envelope: %s", e.getMessage());
            return Uni.createFrom().voidItem();
        }
        if (envelope.id() == null || envelope.type() == null) {
            LOG.warnf("Skipped an event envelope without id or type");
            return Uni.createFrom().voidItem();
        }
        return Uni.createFrom().deferred(() -> intake.accept(envelope))
                .onFailure().invoke(e -> LOG.warnf("Event %s not stored yet, retrying: %s", envelope.id(), e.getMessage()))
                .onFailure().retry().withBackOff(Duration.ofMillis(200), Duration.ofSeconds(30)).indefinitely()
                .invoke(accepted -> {
                    // committed: vendors and recipients hear about it now, not at the next scheduler tick
                    if (accepted.vendorEvent()) {
                        vendorDispatcher.wakeUp();
                    }
                    if (accepted.deliveries() > 0) {
                        deliveryJob.wakeUp();
                    }
                })
                .replaceWithVoid();
    }
}
