package dev.marketplace.gateway.ratelimit.service;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Produces;

import io.github.bucket4j.TimeMeter;
import io.quarkus.arc.DefaultBean;

/**
 * The clock buckets are measured with. Replicas share bucket state in PostgreSQL, so it must be the wall clock (not
 * nanoTime, which differs per JVM). Tests replace this bean with a controllable one.
 */
@ApplicationScoped
public class RateLimitClock {

    @Produces
    @DefaultBean
    @ApplicationScoped
    TimeMeter wallClock() {
        return TimeMeter.SYSTEM_MILLISECONDS;
    }
}
