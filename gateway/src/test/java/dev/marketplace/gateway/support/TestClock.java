package dev.marketplace.gateway.support;

import java.time.Duration;

import jakarta.inject.Singleton;

import io.github.bucket4j.TimeMeter;

/** Replaces the rate limiter's wall clock in tests: follows real time unless frozen, then moves only when told. */
@Singleton
public class TestClock implements TimeMeter {
    private volatile Long frozenNanos;

    @Override
    public long currentTimeNanos() {
        Long frozen = frozenNanos;
        return frozen != null ? frozen : System.currentTimeMillis() * 1_000_000L;
    }

    @Override
    public boolean isWallClockBased() {
        return true;
    }

    public void freeze() {
        frozenNanos = System.currentTimeMillis() * 1_000_000L;
    }

    public synchronized void advance(Duration duration) {
        frozenNanos = currentTimeNanos() + duration.toNanos();
    }

    public void release() {
        frozenNanos = null;
    }
}
