package dev.marketplace.common.observability;

import java.util.Map;
import java.util.Optional;

import io.smallrye.config.ConfigMapping;

/**
 * Gauges of rows a service counts in its own tables, declared in configuration only
 * ({@code marketplace.metrics.row-counts."vendor.events.parked".table=vendor_event},
 * {@code ...where=status = 'PARKED'}): the gauge's name is the key, as Prometheus writes it
 * ({@code vendor_events_parked}). Operators' configuration, never a client's input.
 */
@ConfigMapping(prefix = "marketplace.metrics")
public interface RowCountConfig {
    Map<String, RowCount> rowCounts();

    interface RowCount {
        /** The table to count in. */
        String table();

        /** The condition rows must meet (SQL), or none: every row. */
        Optional<String> where();

        /** What the gauge counts, for Prometheus' HELP line. */
        Optional<String> description();
    }
}
