package dev.marketplace.notification.vendorevent.service;

import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;

import org.jboss.logging.Logger;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import dev.marketplace.common.events.TraceContext;
import dev.marketplace.notification.NotificationConfig;
import dev.marketplace.notification.workqueue.QueueWorker;
import dev.marketplace.common.events.EventTypes;
import dev.marketplace.notification.client.CatalogClient;
import dev.marketplace.notification.client.VendorClient;
import dev.marketplace.notification.vendorevent.domain.VendorEventStatus;
import dev.marketplace.notification.vendorevent.service.VendorEventLifecycle.Claimed;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.scheduler.Scheduled;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;

/**
 * Notifies vendors: claims due events, looks up the product's integration in catalog-service (once per event, kept in
 * memory only while the event is being delivered: the secret is never stored), calls the vendor's URL for the event
 * type with {@code {eventUrl}} filled and the request signed with the vendor's OAuth 1.0 credentials, through the
 * vendor's circuit breaker, and records the answer: 200 {@code success:true} → SUCCEEDED, 200 {@code success:false} →
 * FAILED (errorCode, message), 202 → AWAITING_RESULT; anything else, a timeout or an open circuit → retried with
 * exponential backoff, then PARKED. Calls of one batch run concurrently, so a slow vendor does not hold up the others.
 * Besides its schedule (whose resolution is one second), the dispatcher is woken up as soon as a new vendor event is
 * stored or an operator retries one, so a vendor hears about an order without waiting for the next tick.
 */
@ApplicationScoped
public class VendorDispatcher {
    private static final Logger LOG = Logger.getLogger(VendorDispatcher.class);
    /** Integrations of the events being delivered (a few per batch); the least recently used go first. */
    private static final int INTEGRATIONS_KEPT = 1000;

    private final VendorEventLifecycle service;
    private final CatalogClient catalog;
    private final VendorClient vendors;
    private final VendorBreakers breakers;
    private final ObjectMapper mapper;
    private final MeterRegistry registry;
    private final QueueWorker worker;
    private final Map<UUID, CatalogClient.Integration> integrations = new LinkedHashMap<>(16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<UUID, CatalogClient.Integration> eldest) {
            return size() > INTEGRATIONS_KEPT;
        }
    };

    public VendorDispatcher(VendorEventLifecycle service, CatalogClient catalog, VendorClient vendors, VendorBreakers breakers,
            ObjectMapper mapper, NotificationConfig config, MeterRegistry registry, io.vertx.core.Vertx vertx) {
        this.service = service;
        this.catalog = catalog;
        this.vendors = vendors;
        this.breakers = breakers;
        this.mapper = mapper;
        this.registry = registry;
        this.worker = new QueueWorker(vertx, "vendor event", service::housekeeping, this::batch, config.vendor().batchSize());
    }

    @Scheduled(every = "${marketplace.notification.vendor.poll-interval:1s}",
            concurrentExecution = Scheduled.ConcurrentExecution.SKIP,
            skipExecutionIf = Scheduled.ApplicationNotRunning.class)
    Uni<Void> tick() {
        return worker.tick();
    }

    /** Runs the dispatcher now (a new vendor event was committed, or an operator retried one). */
    public void wakeUp() {
        worker.wakeUp();
    }

    /**
     * Calls the vendors of a batch in parallel (a slow vendor must not hold up the others), then records the outcomes one
     * after the other: the recording transactions share the context's database session, which allows no overlap.
     */
    Uni<Integer> batch() {
        return service.claimDue().chain(claimed -> claimed.isEmpty() ? Uni.createFrom().item(0)
                : Multi.createFrom().iterable(claimed)
                        .onItem().transformToUni(c -> attempt(c)
                                .onFailure().recoverWithItem(e -> {
                                    // the error is tenant-visible (event log, billing's waitingOnOperator): no class
                                    // name or exception text there, the details go to the log
                                    LOG.warnf("Vendor event %s: the attempt failed here, retried: %s", c.id(), describe(e));
                                    return VendorOutcome.retry(null, "notification failed: an internal error; retried");
                                })
                                .map(outcome -> new Attempted(c, outcome)))
                        .merge(claimed.size())
                        .onItem().transformToUniAndConcatenate(a -> record(a.claimed(), a.outcome()))
                        .collect().asList().map(List::size));
    }

    private record Attempted(Claimed claimed, VendorOutcome outcome) {
    }

    private Uni<Void> record(Claimed c, VendorOutcome attempted) {
        return Uni.createFrom().item(attempted)
                .chain(outcome -> service.complete(c, outcome).invoke(status -> {
                    if (status != VendorEventStatus.PENDING) {
                        forget(c.id()); // delivered (or given up): a later round fetches the integration afresh
                    }
                    registry.counter("vendor.events.attempts", "outcome", outcome.kind().name()).increment();
                    LOG.infof("Vendor event %s (%s, product %d), attempt %d (send %d): %s%s → %s", c.id(), c.eventType(),
                            c.productId(), c.attempts(), c.sends(), outcome.kind(),
                            outcome.message() == null ? "" : " (" + outcome.message() + ")", status);
                }))
                .onFailure().recoverWithItem(e -> {
                    LOG.warnf("Outcome of vendor event %s not recorded: %s", c.id(), describe(e));
                    return null;
                })
                .replaceWithVoid();
    }

    private Uni<VendorOutcome> attempt(Claimed c) {
        return integration(c)
                .onFailure(CatalogClient.NotIntegrated.class).recoverWithItem(e -> null)
                .chain(integration -> {
                    if (integration == null) {
                        return Uni.createFrom().item(VendorOutcome.park(
                                "product " + c.productId() + " has no vendor integration in the catalogue"));
                    }
                    String template = c.urlTemplate() != null ? c.urlTemplate() : integration.eventUrl(EventTypes.subscriptionTypeOf(c.eventType()));
                    if (template == null) {
                        return Uni.createFrom().item(noUrl(c));
                    }
                    URI url;
                    try {
                        url = URI.create(template.replace("{eventUrl}", URLEncoder.encode(c.eventUrl(), StandardCharsets.UTF_8)));
                        if (url.getScheme() == null || url.getHost() == null) {
                            throw new IllegalArgumentException("not an absolute URL");
                        }
                    } catch (IllegalArgumentException e) {
                        return Uni.createFrom().item(VendorOutcome.park("the " + c.eventType() + " URL of the product is invalid: "
                                + e.getMessage()));
                    }
                    // in the trace of the request that caused the event (the HTTP client span carries it to the vendor)
                    return breakers.call(c.productId(), () -> TraceContext.<VendorClient.Answer>callIn(c.traceparent(), () -> vendors
                            .call(url, integration.consumerKey(), integration.consumerSecret(), c.sends()))
                            .map(answer -> interpret(c, answer))
                            .onFailure(VendorClient.RefusedAddress.class)
                            .recoverWithItem(e -> VendorOutcome.park(e.getMessage()))
                            .onFailure().recoverWithItem(e -> VendorOutcome.retry(null, unreachable(e))))
                            .onFailure(VendorBreakers.Refused.class).recoverWithItem(e -> VendorOutcome.retry(null, e.getMessage()));
                });
    }

    /** The product's integration, read from the catalogue on the event's first attempt and kept for its retries. */
    private Uni<CatalogClient.Integration> integration(Claimed c) {
        CatalogClient.Integration known;
        synchronized (integrations) {
            known = integrations.get(c.id());
        }
        if (known != null) {
            return Uni.createFrom().item(known);
        }
        return catalog.integration(c.partner(), c.productId()).invoke(found -> {
            synchronized (integrations) {
                integrations.put(c.id(), found);
            }
        });
    }

    private void forget(UUID event) {
        synchronized (integrations) {
            integrations.remove(event);
        }
    }

    /** No URL for this event type: the vendor does not ask to hear about it; an order cannot be provisioned without one. */
    private static VendorOutcome noUrl(Claimed c) {
        if (VendorEventDocuments.isOrder(c.eventType())) {
            return VendorOutcome.failure(null, "CONFIGURATION_ERROR", "the product has no SUBSCRIPTION_ORDER event URL");
        }
        return VendorOutcome.success(null, null, "no " + c.eventType() + " event URL configured; the vendor is not notified");
    }

    private VendorOutcome interpret(Claimed c, VendorClient.Answer answer) {
        int status = answer.status();
        if (status == 202) {
            return VendorOutcome.async(status);
        }
        if (status != 200) {
            if (status == 401) {
                forget(c.id()); // our signature was refused: the credentials may have been rotated since the lookup
            }
            return VendorOutcome.retry(status, "vendor answered " + status);
        }
        JsonNode body;
        try {
            body = mapper.readTree(answer.body());
        } catch (Exception e) {
            body = null;
        }
        if (body != null && !body.has("success") && body.path("errorCode").isTextual()) {
            return VendorOutcome.failure(status, body.get("errorCode").asText(), VendorEventDocuments.text(body, "message"));
        }
        if (body == null || !body.path("success").isBoolean()) {
            return VendorOutcome.retry(status, "vendor answered 200 without a boolean success");
        }
        if (body.get("success").asBoolean()) {
            return VendorOutcome.success(status, VendorEventDocuments.text(body, "accountIdentifier"),
                    VendorEventDocuments.text(body, "message"));
        }
        String errorCode = VendorEventDocuments.text(body, "errorCode");
        return VendorOutcome.failure(status, errorCode == null ? "UNKNOWN_ERROR" : errorCode,
                VendorEventDocuments.text(body, "message"));
    }

    /**
     * What an event's tenant-visible error says of a call that got no answer: a fixed sentence per kind of failure,
     * never an address, port or exception text (which would let a caller map the network through a vendor URL); the
     * details go to the log.
     */
    static String unreachable(Throwable e) {
        LOG.debugf("Vendor call failed: %s", describe(e));
        if (e instanceof java.util.concurrent.TimeoutException || e instanceof io.netty.handler.timeout.TimeoutException
                || (e.getMessage() != null && e.getMessage().contains("timeout"))) {
            return "vendor unreachable: no answer in time";
        }
        return "vendor unreachable: the connection failed";
    }

    static String describe(Throwable e) {
        String message = e.getMessage();
        return e.getClass().getSimpleName() + (message == null ? "" : ": " + message);
    }
}
