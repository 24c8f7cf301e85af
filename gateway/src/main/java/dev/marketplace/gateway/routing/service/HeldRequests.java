package dev.marketplace.gateway.routing.service;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicIntegerFieldUpdater;

import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;

import org.jboss.logging.Logger;

import dev.marketplace.gateway.config.GatewayConfig;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.http.HttpServerResponse;

/**
 * Every request the gateway is holding, from its arrival until the head of its answer is written, and what it waits on
 * at each moment (the consumer lookup, the nonce check or the rate limiter in Redis, token issuance, an upstream
 * service). A request held longer than {@code slow-request-threshold} is logged once at WARN with its request id and
 * what it was waiting on when it passed the threshold: when it moves on to its next step or is answered, or, while it is
 * still held, by a sweep every quarter of the threshold (so a request that never ends is told as well).
 * <p>
 * One map entry and a few clock reads per request; a per-request timer would cost a scheduled task on the event loop.
 */
@ApplicationScoped
public class HeldRequests {
    private static final Logger LOG = Logger.getLogger(HeldRequests.class);
    /** What a request can wait on besides an upstream service. */
    public static final String REQUEST_BODY = "the request body from the client";
    public static final String CONSUMER_LOOKUP = "the consumer lookup";
    public static final String NONCE_CHECK = "the nonce check in Redis";
    public static final String RATE_LIMITER = "the rate limiter in Redis";
    public static final String TOKEN_ISSUANCE = "token issuance";
    public static final String CREDENTIALS_API = "the channel credentials API";
    public static final String OWN_ENDPOINT = "the gateway's own endpoint";
    public static final String ANONYMOUS_LIMITER = "the anonymous-lead limiter in Redis";
    public static final String PARTNER_LOOKUP = "the partner lookup";
    private static final int MAX_LOGGED_PATH = 200;

    private final Set<Held> inFlight = ConcurrentHashMap.newKeySet();
    private final long thresholdNanos;
    private final Vertx vertx;
    private final long sweeper;

    public HeldRequests(Vertx vertx, GatewayConfig config) {
        this.vertx = vertx;
        long threshold = config.slowRequestThreshold().toNanos();
        this.thresholdNanos = threshold > 0 ? threshold : Long.MAX_VALUE;
        this.sweeper = threshold > 0 ? vertx.setPeriodic(Math.max(50, threshold / 4_000_000), id -> sweep()) : -1;
    }

    /** Starts holding a request that arrived now; {@link Held#answered()} is to be called once its answer's head is out. */
    public Held start(HttpServerRequest request, String requestId) {
        Held held = new Held(this, requestId, request);
        if (thresholdNanos != Long.MAX_VALUE) {
            inFlight.add(held);
        }
        return held;
    }

    /** Requests currently held (tests). */
    int inFlight() {
        return inFlight.size();
    }

    private void sweep() {
        long now = System.nanoTime();
        for (Held held : inFlight) {
            if (held.response.closed()) {
                // the client left before an answer: nothing more will end it
                inFlight.remove(held);
            }
            held.reportIfSlow(now, true);
        }
    }

    @PreDestroy
    void stop() {
        if (sweeper >= 0) {
            vertx.cancelTimer(sweeper);
        }
    }

    /**
     * One request being held. Its steps may move on from other threads (Redis and database answers, REST workers), so
     * what it waits on is volatile and the warning is taken once by a compare-and-set.
     */
    public static final class Held {
        private static final AtomicIntegerFieldUpdater<Held> REPORTED = AtomicIntegerFieldUpdater.newUpdater(Held.class,
                "reported");
        private static final String ARRIVAL = "the gateway itself";

        private final HeldRequests owner;
        private final String id;
        private final long start = System.nanoTime();
        private final String method;
        private final String path;
        private final HttpServerResponse response;
        /** A String, or the Route of the upstream (its description is only built for a warning). */
        private volatile Object waitingOn = ARRIVAL;
        private volatile int reported;

        private Held(HeldRequests owner, String id, HttpServerRequest request) {
            this.owner = owner;
            this.id = id;
            this.method = request.method().name();
            this.path = request.path();
            this.response = request.response();
        }

        /** The request id: the client's well-formed X-Request-Id, or one the gateway made. */
        public String id() {
            return id;
        }

        /** The request now waits on {@code what} (e.g. "the nonce check in Redis"). */
        public void waitingOn(String what) {
            moveOn(what);
        }

        /** The request now waits on the route's upstream service. */
        public void waitingOn(RouteTable.Route upstream) {
            moveOn(upstream);
        }

        private void moveOn(Object next) {
            // the step that ends now is the one that held the request past the threshold, if it was passed during it
            reportIfSlow(System.nanoTime(), false);
            waitingOn = next;
        }

        /** The head of the answer is written: the gateway holds the request no longer. */
        public void answered() {
            reportIfSlow(System.nanoTime(), false);
            owner.inFlight.remove(this);
        }

        private void reportIfSlow(long now, boolean stillHeld) {
            long held = now - start;
            if (held <= owner.thresholdNanos || reported != 0 || !REPORTED.compareAndSet(this, 0, 1)) {
                return;
            }
            LOG.warnf("Request %s (%s %s) %s %d ms, waiting on %s", id, method,
                    path.length() > MAX_LOGGED_PATH ? path.substring(0, MAX_LOGGED_PATH) + "..." : path,
                    stillHeld ? "has been held" : "was held", held / 1_000_000, describe(waitingOn));
        }

        private static String describe(Object what) {
            if (what instanceof RouteTable.Route route) {
                return "the upstream service " + route.name() + " (" + route.upstream() + ")";
            }
            return String.valueOf(what);
        }
    }
}
