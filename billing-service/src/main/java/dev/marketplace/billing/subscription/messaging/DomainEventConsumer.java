package dev.marketplace.billing.subscription.messaging;

import jakarta.enterprise.context.ApplicationScoped;

import org.eclipse.microprofile.reactive.messaging.Incoming;
import org.jboss.logging.Logger;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import dev.marketplace.common.events.EventEnvelope;
import dev.marketplace.common.events.EventTypes;
import io.smallrye.mutiny.Uni;

/** The domain-event topic as billing reads it: each event type billing acts on goes to its handler; the rest is ignored. */
@ApplicationScoped
public class DomainEventConsumer {
    private static final Logger LOG = Logger.getLogger(DomainEventConsumer.class);

    /** account-service's events carrying a company's new state (its billing day among it). */
    static final java.util.Set<String> COMPANY_CHANGES = java.util.Set.of(EventTypes.COMPANY_UPDATED, "COMPANY_PATCHED");

    private final ObjectMapper mapper;
    private final VendorResultConsumer vendorResults;
    private final CompanyChangeConsumer companies;

    public DomainEventConsumer(ObjectMapper mapper, VendorResultConsumer vendorResults, CompanyChangeConsumer companies) {
        this.mapper = mapper;
        this.vendorResults = vendorResults;
        this.companies = companies;
    }

    @Incoming("domain-events")
    public Uni<Void> consume(String message) {
        JsonNode tree = EventEnvelope.readTree(mapper, message);
        String type = tree.path("type").asText();
        if (COMPANY_CHANGES.contains(type)) {
            return companies.changed(tree);
        }
        if (!EventTypes.VENDOR_EVENT_RESULT.equals(type)) {
            return Uni.createFrom().voidItem();
        }
        EventEnvelope envelope;
        try {
            envelope = mapper.treeToValue(tree, EventEnvelope.class);
        } catch (Exception e) {
            LOG.warnf("Skipping a %s event that is not an envelope", type);
            return Uni.createFrom().voidItem();
        }
        if (envelope.id() == null) {
            LOG.warnf("Skipping a %s event without id", type);
            return Uni.createFrom().voidItem();
        }
        return vendorResults.consume(envelope);
    }
}
