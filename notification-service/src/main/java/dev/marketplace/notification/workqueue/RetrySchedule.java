package dev.marketplace.notification.workqueue;

import java.time.Duration;
import java.time.Instant;

/**
 * When a failed attempt is tried again: {@code initial × 2^(attempts − 1)}, capped at {@code max}; after
 * {@code maxAttempts} attempts the work is given up (parked, or failed, as its queue decides).
 */
public record RetrySchedule(int maxAttempts, Duration initial, Duration max) {

    /** Whether {@code attempts} attempts used up the budget. */
    public boolean exhausted(int attempts) {
        return attempts >= maxAttempts;
    }

    public Duration backoff(int attempts) {
        Duration delay = initial;
        for (int i = 1; i < attempts && delay.compareTo(max) < 0; i++) {
            delay = delay.multipliedBy(2);
        }
        return delay.compareTo(max) > 0 ? max : delay;
    }

    public Instant next(int attempts, Instant now) {
        return now.plus(backoff(attempts));
    }
}
