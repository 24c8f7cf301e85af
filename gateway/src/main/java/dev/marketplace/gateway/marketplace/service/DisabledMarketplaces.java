package dev.marketplace.gateway.marketplace.service;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;

import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;

import org.jboss.logging.Logger;

import dev.marketplace.gateway.config.GatewayConfig;
import dev.marketplace.gateway.marketplace.repository.MarketplaceRepository;
import dev.marketplace.gateway.state.RedisPipeline;
import dev.marketplace.gateway.state.SharedStateUnavailable;
import io.quarkus.runtime.StartupEvent;
import io.smallrye.mutiny.Uni;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.redis.client.Command;
import io.vertx.redis.client.Request;
import io.vertx.redis.client.Response;

/**
 * Which marketplaces are disabled, as every replica enforces it: a set in Redis ({@code <prefix>marketplaces:disabled})
 * that each replica reads every {@code marketplaces.refresh-interval} (250 ms) into memory, so that a request only asks
 * a set in memory (no Redis command, no query on its path) and a marketplace disabled on any replica is refused by all
 * within the interval plus a round trip.
 * <p>
 * The marketplace table is the record; Redis is what is enforced. The writes are ordered so that a failure leaves the
 * marketplace refused, never let in: disabling adds to Redis before the table, enabling removes from Redis after it (a
 * Redis failure is a 503 and the operator tries again). The set carries a marker member: a Redis that lost its data (or
 * never had the set) is seeded again from the table by the first replica to notice. While Redis cannot be read, the
 * replicas read the table instead, where nothing can change meanwhile (a change needs Redis first).
 */
@ApplicationScoped
public class DisabledMarketplaces {
    private static final Logger LOG = Logger.getLogger(DisabledMarketplaces.class);
    /** Not a partner code: tells a seeded set (even with no marketplace disabled) from one Redis lost. */
    static final String MARKER = "-seeded-";

    private final RedisPipeline redis;
    private final MarketplaceRepository marketplaces;
    private final Vertx vertx;
    private final String key;
    private final long intervalMillis;
    private final AtomicBoolean refreshing = new AtomicBoolean();
    private volatile Set<String> disabled = Set.of();
    private volatile boolean redisFailing;
    private long timer = -1;

    public DisabledMarketplaces(RedisPipeline redis, MarketplaceRepository marketplaces, Vertx vertx, GatewayConfig config) {
        this.redis = redis;
        this.marketplaces = marketplaces;
        this.vertx = vertx;
        this.key = config.redis().keyPrefix() + "marketplaces:disabled";
        this.intervalMillis = Math.max(10, config.marketplaces().refreshInterval().toMillis());
    }

    void start(@Observes StartupEvent event) {
        // before the first request: a replica that starts must not let a disabled marketplace in for a moment
        Uni.createFrom().completionStage(() -> refresh().toCompletionStage()).await().atMost(Duration.ofSeconds(10));
        timer = vertx.setPeriodic(intervalMillis, id -> refresh());
    }

    /** Whether this partner's marketplace is disabled: a look into memory, on every request. */
    public boolean isDisabled(String partner) {
        return partner != null && disabled.contains(partner);
    }

    /** Adds the partner to the set every replica reads; fails with 503 when Redis cannot take it. */
    Uni<Void> disable(String partner) {
        return write(Request.cmd(Command.SADD).arg(key).arg(MARKER).arg(partner)).invoke(() -> {
            Set<String> next = new HashSet<>(disabled);
            next.add(partner);
            disabled = Set.copyOf(next);
        });
    }

    /** Removes the partner from the set every replica reads; fails with 503 when Redis cannot take it. */
    Uni<Void> enable(String partner) {
        return write(Request.cmd(Command.SREM).arg(key).arg(partner)).invoke(() -> {
            Set<String> next = new HashSet<>(disabled);
            next.remove(partner);
            disabled = Set.copyOf(next);
        });
    }

    private Uni<Void> write(Request command) {
        return Uni.createFrom().completionStage(() -> redis.send(command).toCompletionStage())
                .onFailure().transform(e -> SharedStateUnavailable.ERROR).replaceWithVoid();
    }

    /** One read of the set at a time; the answer replaces what this replica remembers. */
    Future<Void> refresh() {
        if (!refreshing.compareAndSet(false, true)) {
            return Future.succeededFuture();
        }
        return redis.send(Request.cmd(Command.SMEMBERS).arg(key))
                .compose(this::fromRedis, this::fromDatabase)
                .onSuccess(partners -> disabled = partners)
                .onFailure(e -> LOG.warnf("Cannot read the disabled marketplaces (%s); keeping the last known %s", e.toString(),
                        disabled))
                .<Void>mapEmpty()
                .onComplete(done -> refreshing.set(false));
    }

    private Future<Set<String>> fromRedis(Response members) {
        if (redisFailing) {
            redisFailing = false;
            LOG.info("Disabled marketplaces are read from Redis again");
        }
        Set<String> partners = new HashSet<>();
        boolean seeded = false;
        if (members != null) {
            for (Response member : members) {
                String partner = member.toString(StandardCharsets.UTF_8);
                if (MARKER.equals(partner)) {
                    seeded = true;
                } else {
                    partners.add(partner);
                }
            }
        }
        if (seeded) {
            return Future.succeededFuture(Set.copyOf(partners));
        }
        // a fresh Redis (or one that lost its data): what the table says, written back for every replica
        return database().compose(fromTable -> {
            Request seed = Request.cmd(Command.SADD).arg(key).arg(MARKER);
            fromTable.forEach(seed::arg);
            return redis.send(seed).map(Set.copyOf(fromTable));
        });
    }

    private Future<Set<String>> fromDatabase(Throwable redisFailure) {
        if (!redisFailing) {
            redisFailing = true;
            LOG.warnf("Cannot read the disabled marketplaces from Redis (%s); reading them from the database meanwhile",
                    redisFailure.toString());
        }
        return database();
    }

    private Future<Set<String>> database() {
        return Future.fromCompletionStage(marketplaces.disabledPartners().subscribeAsCompletionStage());
    }

    @PreDestroy
    void stop() {
        if (timer >= 0) {
            vertx.cancelTimer(timer);
        }
    }
}
