package dev.marketplace.gateway.state;

import java.util.function.Supplier;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;

import org.eclipse.microprofile.config.ConfigProvider;

import dev.marketplace.gateway.config.GatewayConfig;
import dev.marketplace.gateway.infrastructure.PerEventLoop;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.proxy.ProxyConfigurationRegistry;
import io.quarkus.redis.runtime.client.VertxRedisClientFactory;
import io.quarkus.redis.runtime.client.config.RedisClientConfig;
import io.quarkus.redis.runtime.client.config.RedisConfig;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.tls.TlsConfigurationRegistry;
import io.smallrye.config.SmallRyeConfig;
import io.vertx.core.Context;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import io.vertx.core.impl.ContextInternal;
import io.vertx.redis.client.Redis;
import io.vertx.redis.client.RedisClientType;
import io.vertx.redis.client.Request;
import io.vertx.redis.client.Response;
import io.vertx.redis.client.impl.types.ErrorType;

/**
 * Commands to Redis over one long-lived connection per event loop ({@link RedisLoopConnection}), pipelined: a command
 * is written at once (or, sent with {@link #sendBatched}, with the others of its turn of the loop), whatever is still in
 * flight, and its answer is read on the thread of the request that sent it. Each event loop has a Redis client of its
 * own, built the way Quarkus builds its client from {@code quarkus.redis.*} (so standalone, Sentinel and Cluster,
 * password and TLS are all configuration): a Vert.x Redis client opens every connection on the event loop it was
 * created on, so a single shared client would hand every command and answer of the other loops across threads, which
 * on two cores costs more than the command (see PerEventLoop).
 * <p>
 * When Redis cannot be reached, does not answer within {@code command-timeout}, or answers that it cannot take writes
 * (a replica after a fail-over, still loading), the command fails with {@link SharedStateUnavailable} (503) and the
 * connection is given up; the next command after {@code reconnect-delay} opens a new one, so the gateway recovers by
 * itself when Redis is back. Any other error reply (e.g. OOM when Redis is full) is a 503 as well, except NOSCRIPT,
 * which fails the command with that {@link ErrorType} for the caller to send the script itself.
 */
@ApplicationScoped
public class RedisPipeline {
    private final PerEventLoop<RedisLoopConnection> connections;
    /** Where callers that are not on an event loop (tests, workers) have their commands sent from. */
    private final Context offLoopContext;

    @Inject
    public RedisPipeline(Vertx vertx, GatewayConfig config, MeterRegistry registry, TlsConfigurationRegistry tls,
            ProxyConfigurationRegistry proxies) {
        this(quarkusClients(vertx, tls, proxies), batches(defaultClient().clientType()), vertx, config, registry);
    }

    /**
     * A pipeline over clients from {@code clients}, called once per event loop, on that loop (tests: another replica),
     * batching each turn's commands if {@code batching}: only to one node (standalone, or the primary Sentinel names).
     * A Cluster connection refuses a batch whose keys are in more than one hash slot (CROSSSLOT), as the nonces' keys
     * are, and a replication connection is not one node either; their commands go one by one.
     */
    public RedisPipeline(Supplier<Redis> clients, boolean batching, Vertx vertx, GatewayConfig config,
            MeterRegistry registry) {
        long commandTimeoutNanos = config.redis().commandTimeout().toNanos();
        long reconnectDelayNanos = config.redis().reconnectDelay().toNanos();
        Counter unavailable = Counter.builder("gateway.redis.unavailable")
                .description("Commands to Redis that failed because it could not be reached or did not answer in time (503)")
                .register(registry);
        this.connections = new PerEventLoop<>(() -> new RedisLoopConnection(clients, batching, vertx, commandTimeoutNanos,
                reconnectDelayNanos, unavailable), RedisLoopConnection::close);
        this.offLoopContext = vertx.getOrCreateContext();
    }

    /** Clients configured by quarkus.redis.* (the default client), exactly as Quarkus' own Redis client bean is. */
    private static Supplier<Redis> quarkusClients(Vertx vertx, TlsConfigurationRegistry tls, ProxyConfigurationRegistry proxies) {
        RedisClientConfig client = defaultClient();
        return () -> VertxRedisClientFactory.create(RedisConfig.DEFAULT_CLIENT_NAME, vertx, client, tls, proxies);
    }

    private static RedisClientConfig defaultClient() {
        RedisConfig redis = ConfigProvider.getConfig().unwrap(SmallRyeConfig.class).getConfigMapping(RedisConfig.class);
        return redis.clients().get(RedisConfig.DEFAULT_CLIENT_NAME);
    }

    /** Batches go to one node only (see the constructor): {@code quarkus.redis.client-type} standalone or sentinel. */
    static boolean batches(RedisClientType type) {
        return type == RedisClientType.STANDALONE || type == RedisClientType.SENTINEL;
    }

    void onStop(@Observes ShutdownEvent event) {
        connections.close();
    }

    /** Sends one command; see the class comment for how it fails. */
    public Future<Response> send(Request request) {
        ContextInternal current = ContextInternal.current();
        if (current != null && current.isEventLoopContext() && current.nettyEventLoop().inEventLoop()) {
            return connections.current().send(request);
        }
        return offLoop(request);
    }

    /**
     * As {@link #send}, but written together with the other batched commands of this turn of the event loop, in one
     * write: each write to Redis is a system call whose loopback delivery also costs the gateway's CPU, and under load
     * a turn reads several signed calls. Only for commands whose every error reply is a 503 to the caller (SET): the
     * Vert.x client fails a batch as a whole when any of it gets an error reply, so not for EVALSHA, whose NOSCRIPT the
     * caller handles.
     */
    public Future<Response> sendBatched(Request request) {
        ContextInternal current = ContextInternal.current();
        if (current != null && current.isEventLoopContext() && current.nettyEventLoop().inEventLoop()) {
            return connections.current().sendBatched(request, current.nettyEventLoop());
        }
        return offLoop(request);
    }

    private Future<Response> offLoop(Request request) {
        Promise<Response> answer = Promise.promise();
        offLoopContext.runOnContext(v -> connections.current().send(request).onComplete(answer));
        return answer.future();
    }
}
