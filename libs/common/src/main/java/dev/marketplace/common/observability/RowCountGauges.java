package dev.marketplace.common.observability;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Instance;

import org.jboss.logging.Logger;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.scheduler.Scheduled;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;

/**
 * Counts the rows each {@link RowCountConfig} entry names, every {@code marketplace.metrics.row-count-interval} (30 s),
 * into a gauge of that name: a background read on the service's pool, so a scrape never queries the database. A count
 * that fails keeps the last value (logged at DEBUG).
 */
@ApplicationScoped
public class RowCountGauges {
    private static final Logger LOG = Logger.getLogger(RowCountGauges.class);

    private final RowCountConfig config;
    private final Instance<Pool> pool;
    private final Map<String, AtomicLong> values = new ConcurrentHashMap<>();

    public RowCountGauges(RowCountConfig config, Instance<Pool> pool, MeterRegistry meters) {
        this.config = config;
        this.pool = pool;
        config.rowCounts().forEach((name, count) -> {
            AtomicLong value = values.computeIfAbsent(name, n -> new AtomicLong());
            Gauge.builder(name, value, AtomicLong::get)
                    .description(count.description().orElse("Rows of " + count.table() + count.where().map(w -> " where " + w)
                            .orElse("")))
                    .register(meters);
        });
    }

    @Scheduled(every = "${marketplace.metrics.row-count-interval:30s}", delayed = "${marketplace.metrics.row-count-delay:5s}",
            concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    public Uni<Void> refresh() {
        if (values.isEmpty() || !pool.isResolvable()) {
            return Uni.createFrom().voidItem();
        }
        return Multi.createFrom().iterable(config.rowCounts().entrySet()).onItem().transformToUniAndConcatenate(entry -> {
            RowCountConfig.RowCount count = entry.getValue();
            String sql = "select count(*) from " + count.table() + count.where().map(w -> " where " + w).orElse("");
            return pool.get().query(sql).execute().invoke(rows -> values.get(entry.getKey()).set(rows.iterator().next().getLong(0)))
                    .onFailure().invoke(e -> LOG.debugf("%s not counted: %s", entry.getKey(), e.toString()))
                    .onFailure().recoverWithNull().replaceWithVoid();
        }).collect().last().replaceWithVoid();
    }
}
