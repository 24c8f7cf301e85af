package dev.marketplace.reseller.messaging;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;

import org.eclipse.microprofile.reactive.messaging.Incoming;
import org.jboss.logging.Logger;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import dev.marketplace.common.events.EventEnvelope;
import dev.marketplace.reseller.directory.domain.DirectoryChange;
import dev.marketplace.reseller.directory.service.AccountPayloads;
import dev.marketplace.reseller.directory.service.DirectoryProjection;
import io.smallrye.mutiny.Uni;

/**
 * Keeps the directory current from account-service's company, membership and invitation events on the domain-event
 * topic ({@link AccountPayloads} says which and what is read). Other sources and types are ignored; a malformed event
 * is logged and skipped; a database failure is retried with backoff (about a minute in all) before it is logged as an
 * error.
 */
@ApplicationScoped
public class AccountEventConsumer {
    public static final String SOURCE = "account-service";
    private static final Logger LOG = Logger.getLogger(AccountEventConsumer.class);
    private static final int RETRIES = 8;

    private final ObjectMapper mapper;
    private final DirectoryProjection projection;

    public AccountEventConsumer(ObjectMapper mapper, DirectoryProjection projection) {
        this.mapper = mapper;
        this.projection = projection;
    }

    @Incoming("domain-events")
    public Uni<Void> consume(String message) {
        JsonNode envelope = EventEnvelope.readTree(mapper, message);
        if (!SOURCE.equals(envelope.path("source").asText())) {
            return Uni.createFrom().voidItem();
        }
        String type = envelope.path("type").asText("");
        UUID eventId;
        List<DirectoryChange> changes;
        try {
            String partner = envelope.path("partner").asText("");
            long occurredOn = envelope.path("occurredOn").asLong(0);
            changes = AccountPayloads.event(type, partner, Instant.ofEpochMilli(occurredOn), envelope.path("payload"));
            if (changes.isEmpty()) {
                return Uni.createFrom().voidItem();
            }
            if (partner.isBlank() || occurredOn <= 0) {
                throw new IllegalArgumentException("partner or occurredOn is missing");
            }
            eventId = UUID.fromString(envelope.path("id").asText());
        } catch (RuntimeException e) {
            LOG.warnf("Skipping malformed account event %s: %s", type, e.getMessage());
            return Uni.createFrom().voidItem();
        }
        return Uni.createFrom().deferred(() -> projection.apply(eventId, changes))
                .onFailure().invoke(e -> LOG.warnf("Account event %s (%s) not applied yet, retrying: %s", eventId, type,
                        e.toString()))
                .onFailure().retry().withBackOff(Duration.ofMillis(200), Duration.ofSeconds(10)).atMost(RETRIES)
                .onFailure().recoverWithItem(e -> {
                    LOG.errorf(e, "Account event %s (%s) could not be applied after %d attempts", eventId, type, RETRIES + 1);
                    return false;
                })
                .replaceWithVoid();
    }
}
