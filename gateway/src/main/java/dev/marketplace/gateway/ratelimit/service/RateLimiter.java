package dev.marketplace.gateway.ratelimit.service;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;

import jakarta.enterprise.context.ApplicationScoped;

import dev.marketplace.gateway.config.GatewayConfig;
import dev.marketplace.gateway.state.RedisPipeline;
import io.vertx.core.Future;
import io.vertx.redis.client.Command;
import io.vertx.redis.client.Request;
import io.vertx.redis.client.Response;
import io.vertx.redis.client.impl.types.ErrorType;

/**
 * Leaky bucket per (limit, consumer), shared by every replica in Redis: one Lua script per limited call, atomic per
 * bucket, sent on the event loop like any other command (EVALSHA; EVAL when Redis does not know the script yet, e.g.
 * after a restart).
 * <p>
 * The script is the generic cell rate algorithm: a bucket of {@code capacity} leaking one request per
 * {@code refill-period / refill-tokens} is a single number, the time at which it will be empty (its "theoretical
 * arrival time"). A call is admitted when adding it leaves the bucket no fuller than its capacity, and the number moves
 * on by one leak interval; otherwise the answer is how long until there is room. This meters exactly like a token
 * bucket of that capacity refilled greedily at that rate (what Bucket4j did here before). The key expires a minute after
 * the bucket has drained, so nothing needs cleaning up. Times are microseconds; by default the script reads Redis' clock.
 */
@ApplicationScoped
public class RateLimiter {
    private static final Future<Decision> ALLOWED = Future.succeededFuture(Decision.ALLOW);

    /**
     * KEYS[1] bucket; ARGV capacity, leak interval (µs), now (µs, or -1: Redis' clock). Returns 0 or µs to wait. (Redis
     * before 7 replicates a script that read the clock only by its effects, hence replicate_commands, a no-op since.)
     * The key lives a minute longer than the bucket takes to drain: Redis expires it on its own clock, and a clock
     * passed in (tests freeze one) may run slower; a drained bucket kept longer reads as empty all the same.
     */
    static final String SCRIPT = """
            redis.replicate_commands()
            local now = tonumber(ARGV[3])
            if now < 0 then
              local time = redis.call('TIME')
              now = tonumber(time[1]) * 1000000 + tonumber(time[2])
            end
            local interval = tonumber(ARGV[2])
            local full = tonumber(ARGV[1]) * interval
            local empty_at = tonumber(redis.call('GET', KEYS[1])) or now
            if empty_at < now then empty_at = now end
            local after = empty_at + interval
            local wait = after - full - now
            if wait > 0 then return math.ceil(wait) end
            redis.call('SET', KEYS[1], string.format('%.0f', after), 'PX', math.ceil((after - now) / 1000) + 60000)
            return 0
            """;
    private static final String SCRIPT_SHA = sha1(SCRIPT);

    private final List<Rule> rules = new ArrayList<>();
    private final RedisPipeline redis;
    private final RateLimitClock clock;
    private final String keyPrefix;

    /** A verdict: allowed, or refused with the whole seconds to wait. */
    public record Decision(boolean allowed, long retryAfterSeconds) {
        public static final Decision ALLOW = new Decision(true, 0);
    }

    /** A configured limit: the calls it covers ({@code method}, {@code path}) and its bucket. */
    public record Rule(String name, String method, Pattern path, long capacity, double intervalMicros) {
        boolean matches(String requestMethod, String requestPath) {
            return ("*".equals(method) || method.equalsIgnoreCase(requestMethod)
                    // HEAD is a GET without the body: the upstream does the same work, so it draws from the same bucket
                    || ("GET".equals(method) && "HEAD".equalsIgnoreCase(requestMethod)))
                    && path.matcher(requestPath).matches();
        }
    }

    public RateLimiter(GatewayConfig config, RedisPipeline redis, RateLimitClock clock) {
        this.redis = redis;
        this.clock = clock;
        this.keyPrefix = config.redis().keyPrefix() + "bucket:";
        for (Map.Entry<String, GatewayConfig.RateLimit> e : config.rateLimits().entrySet()) {
            GatewayConfig.RateLimit limit = e.getValue();
            double interval = limit.refillPeriod().toNanos() / 1000.0 / limit.refillTokens();
            rules.add(new Rule(e.getKey(), limit.method().toUpperCase(Locale.ROOT), compile(limit.path()), limit.capacity(),
                    interval));
        }
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

    /** The first rule that covers this call, or null when it is not limited (it need not wait for Redis then). */
    public Rule ruleFor(String method, String path) {
        for (Rule rule : rules) {
            if (rule.matches(method, path)) {
                return rule;
            }
        }
        return null;
    }

    /**
     * Takes one request from the rule's bucket for this consumer (no rule: allowed at once, without asking Redis). Fails
     * with 503 (SharedStateUnavailable) when Redis cannot be reached: a limit that cannot be checked is not waived.
     */
    public Future<Decision> check(String consumerKey, Rule rule) {
        if (rule == null) {
            return ALLOWED;
        }
        return take(rule.name(), consumerKey, rule.capacity(), rule.intervalMicros());
    }

    /**
     * Takes one request from bucket {@code name:subject} (capacity {@code capacity}, one leaked every
     * {@code intervalMicros}), shared by every replica: the same script serves limits that are not per consumer, such as
     * the per-address limit of unsigned lead creation.
     */
    public Future<Decision> take(String name, String subject, long capacityOf, double intervalMicros) {
        String key = keyPrefix + name + ":" + subject;
        String capacity = Long.toString(capacityOf);
        String interval = Double.toString(intervalMicros);
        String now = Long.toString(clock.nowMicros());
        return redis.send(Request.cmd(Command.EVALSHA).arg(SCRIPT_SHA).arg(1).arg(key).arg(capacity).arg(interval).arg(now))
                .recover(failure -> failure instanceof ErrorType error && error.is("NOSCRIPT")
                        ? redis.send(Request.cmd(Command.EVAL).arg(SCRIPT).arg(1).arg(key).arg(capacity).arg(interval).arg(now))
                        : Future.failedFuture(failure))
                .map(RateLimiter::decision);
    }

    private static Decision decision(Response waitMicros) {
        long wait = waitMicros.toLong();
        if (wait <= 0) {
            return Decision.ALLOW;
        }
        return new Decision(false, Math.max(1, (wait + 999_999) / 1_000_000));
    }

    private static String sha1(String text) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-1").digest(text.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-1 is not available", e);
        }
    }
}
