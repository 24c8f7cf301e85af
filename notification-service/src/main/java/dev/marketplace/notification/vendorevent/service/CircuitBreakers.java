package dev.marketplace.notification.vendorevent.service;

import java.time.Clock;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import org.jboss.logging.Logger;

import dev.marketplace.notification.NotificationConfig;

/**
 * One circuit breaker per vendor (product): after {@code breaker-failure-threshold} consecutive failed calls the
 * circuit opens and calls are refused for {@code breaker-open-duration}; then one trial call is let through (half
 * open): its success closes the circuit, its failure opens it again. A refused call counts as a failed attempt of
 * the event (so a vendor that stays down gets its events parked in bounded time without being hammered). State is per
 * process: each replica protects the vendor from its own calls.
 */
@ApplicationScoped
public class CircuitBreakers {
    private static final Logger LOG = Logger.getLogger(CircuitBreakers.class);

    private final int threshold;
    private final java.time.Duration openFor;
    private final Clock clock;
    private final Map<Long, State> states = new ConcurrentHashMap<>();

    @Inject
    public CircuitBreakers(NotificationConfig config) {
        this(config.vendor().breakerFailureThreshold(), config.vendor().breakerOpenDuration(), Clock.systemUTC());
    }

    CircuitBreakers(int threshold, java.time.Duration openFor, Clock clock) {
        this.threshold = Math.max(1, threshold);
        this.openFor = openFor;
        this.clock = clock;
    }

    private static final class State {
        int failures;
        Instant openUntil;
        boolean trialInFlight;
    }

    /** Whether a call to this vendor may go out now; a true answer in the half-open state reserves the one trial. */
    public synchronized boolean tryAcquire(long vendor) {
        State s = states.get(vendor);
        if (s == null || s.openUntil == null) {
            return true;
        }
        if (clock.instant().isBefore(s.openUntil) || s.trialInFlight) {
            return false;
        }
        s.trialInFlight = true;
        return true;
    }

    public synchronized void onSuccess(long vendor) {
        State s = states.remove(vendor);
        if (s != null && s.openUntil != null) {
            LOG.infof("Circuit of vendor %d closed again", vendor);
        }
    }

    public synchronized void onFailure(long vendor) {
        State s = states.computeIfAbsent(vendor, v -> new State());
        s.failures++;
        s.trialInFlight = false;
        if (s.failures >= threshold) {
            if (s.openUntil == null) {
                LOG.warnf("Circuit of vendor %d opened after %d consecutive failures", vendor, s.failures);
            }
            s.openUntil = clock.instant().plus(openFor);
        }
    }

    /** When the circuit lets a trial call through again (null when closed). */
    public synchronized Instant openUntil(long vendor) {
        State s = states.get(vendor);
        return s == null ? null : s.openUntil;
    }

    /** An operator retry: the next call goes out whatever the recent failures. */
    public synchronized void reset(long vendor) {
        states.remove(vendor);
    }
}
