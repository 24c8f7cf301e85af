package dev.marketplace.common.observability;

import java.time.Duration;

import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;

import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.config.MeterFilter;
import io.micrometer.core.instrument.distribution.DistributionStatisticConfig;

/**
 * Latency histograms of the HTTP server in every service and the gateway: {@code http_server_requests_seconds_bucket}
 * per route template (Quarkus tags REST endpoints with their {@code @Path} template and the gateway its route prefix,
 * never raw paths), with fixed buckets from 5 ms to 10 s so that {@code histogram_quantile(0.99, ...)} works across
 * replicas. Fixed buckets rather than Micrometer's percentile histogram: a dozen series per route instead of seventy.
 */
public class HttpHistograms {
    static final String HTTP_SERVER_REQUESTS = "http.server.requests";
    static final double[] BUCKETS_SECONDS = { 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10 };

    @Produces
    @Singleton
    MeterFilter httpServerBuckets() {
        return new MeterFilter() {
            @Override
            public DistributionStatisticConfig configure(Meter.Id id, DistributionStatisticConfig config) {
                if (!HTTP_SERVER_REQUESTS.equals(id.getName())) {
                    return config;
                }
                double[] nanos = new double[BUCKETS_SECONDS.length];
                for (int i = 0; i < nanos.length; i++) {
                    nanos[i] = Duration.ofMillis(Math.round(BUCKETS_SECONDS[i] * 1000)).toNanos();
                }
                return DistributionStatisticConfig.builder().serviceLevelObjectives(nanos).build().merge(config);
            }
        };
    }
}
