package dev.marketplace.gateway.ratelimit.service;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;

import javax.sql.DataSource;

import jakarta.enterprise.context.ApplicationScoped;

import org.jboss.logging.Logger;

import dev.marketplace.gateway.config.GatewayConfig;
import io.github.bucket4j.BucketConfiguration;
import io.github.bucket4j.ConsumptionProbe;
import io.github.bucket4j.TimeMeter;
import io.github.bucket4j.distributed.ExpirationAfterWriteStrategy;
import io.github.bucket4j.distributed.jdbc.PrimaryKeyMapper;
import io.github.bucket4j.postgresql.Bucket4jPostgreSQL;
import io.github.bucket4j.postgresql.PostgreSQLSelectForUpdateBasedProxyManager;
import io.quarkus.scheduler.Scheduled;
import io.vertx.core.Future;
import io.vertx.core.Vertx;

/**
 * Leaky bucket per (limit, consumer) with Bucket4j: a token bucket of {@code capacity} refilled greedily at
 * {@code refill-tokens} per {@code refill-period} meters exactly like a leaky bucket of that size and leak rate. State
 * lives in PostgreSQL (table rate_limit_bucket, row lock per bucket), so every replica draws from the same bucket.
 * Bucket4j's JDBC proxy blocks, so it runs on a worker thread, never on the event loop.
 */
@ApplicationScoped
public class RateLimiter {
    private static final Logger LOG = Logger.getLogger(RateLimiter.class);

    private static final Future<Decision> ALLOWED = Future.succeededFuture(Decision.ALLOW);

    private final List<Rule> rules = new ArrayList<>();
    private final Vertx vertx;
    private final PostgreSQLSelectForUpdateBasedProxyManager<String> buckets;

    /** A verdict: allowed, or refused with the whole seconds to wait. */
    public record Decision(boolean allowed, long retryAfterSeconds) {
        public static final Decision ALLOW = new Decision(true, 0);
    }

    record Rule(String name, String method, Pattern path, BucketConfiguration bucket) {
        boolean matches(String requestMethod, String requestPath) {
            return ("*".equals(method) || method.equalsIgnoreCase(requestMethod)) && path.matcher(requestPath).matches();
        }
    }

    public RateLimiter(GatewayConfig config, DataSource dataSource, TimeMeter clock, Vertx vertx) {
        this.vertx = vertx;
        for (Map.Entry<String, GatewayConfig.RateLimit> e : config.rateLimits().entrySet()) {
            GatewayConfig.RateLimit limit = e.getValue();
            BucketConfiguration bucket = BucketConfiguration.builder()
                    .addLimit(l -> l.capacity(limit.capacity()).refillGreedy(limit.refillTokens(), limit.refillPeriod()))
                    .build();
            rules.add(new Rule(e.getKey(), limit.method().toUpperCase(Locale.ROOT), compile(limit.path()), bucket));
        }
        this.buckets = Bucket4jPostgreSQL.selectForUpdateBasedBuilder(dataSource)
                .primaryKeyMapper(PrimaryKeyMapper.STRING)
                .table("rate_limit_bucket")
                .clientClock(clock)
                .expirationAfterWrite(ExpirationAfterWriteStrategy.basedOnTimeForRefillingBucketUpToMax(Duration.ofMinutes(1)))
                .build();
    }

    /** Path pattern to regex: {@code *} one segment, trailing {@code /**} anything below; everything else literal. */
    static Pattern compile(String pattern) {
        StringBuilder regex = new StringBuilder();
        String rest = pattern;
        String tail = "";
        if (rest.endsWith("/**")) {
            rest = rest.substring(0, rest.length() - 3);
            tail = "(/.*)?";
        }
        for (String part : rest.split("\\*", -1)) {
            if (regex.length() > 0) {
                regex.append("[^/]+");
            }
            regex.append(Pattern.quote(part));
        }
        return Pattern.compile(regex + tail);
    }

    /** Takes one request from the bucket of the first rule that covers this call (none: allowed at once). */
    public Future<Decision> check(String consumerKey, String method, String path) {
        Rule rule = rule(method, path);
        if (rule == null) {
            return ALLOWED;
        }
        return vertx.executeBlocking(() -> consume(rule, consumerKey), false);
    }

    private Rule rule(String method, String path) {
        for (Rule rule : rules) {
            if (rule.matches(method, path)) {
                return rule;
            }
        }
        return null;
    }

    private Decision consume(Rule rule, String consumerKey) {
        ConsumptionProbe probe = buckets.builder().build(rule.name() + ":" + consumerKey, () -> rule.bucket())
                .tryConsumeAndReturnRemaining(1);
        if (probe.isConsumed()) {
            return Decision.ALLOW;
        }
        long nanos = probe.getNanosToWaitForRefill();
        return new Decision(false, Math.max(1, (nanos + 999_999_999L) / 1_000_000_000L));
    }

    @Scheduled(every = "${marketplace.gateway.rate-limit-cleanup-interval:60s}", delayed = "30s",
            concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    void removeExpiredBuckets() {
        try {
            int removed;
            do {
                removed = buckets.removeExpired(1000);
            } while (removed == 1000);
        } catch (RuntimeException e) {
            LOG.warnf("Expired rate-limit buckets could not be removed: %s", e.toString());
        }
    }
}
