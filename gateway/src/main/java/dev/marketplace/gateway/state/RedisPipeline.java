package dev.marketplace.gateway.state;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;

import org.eclipse.microprofile.config.ConfigProvider;
import org.jboss.logging.Logger;

import dev.marketplace.gateway.config.GatewayConfig;
import dev.marketplace.gateway.infrastructure.PerEventLoop;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.netty.channel.EventLoop;
import io.quarkus.proxy.ProxyConfigurationRegistry;
import io.quarkus.redis.runtime.client.VertxRedisClientFactory;
import io.quarkus.redis.runtime.client.config.RedisClientConfig;
import io.quarkus.redis.runtime.client.config.RedisConfig;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.tls.TlsConfigurationRegistry;
import io.smallrye.config.SmallRyeConfig;
import io.vertx.core.AsyncResult;
import io.vertx.core.Context;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import io.vertx.core.impl.ContextInternal;
import io.vertx.redis.client.Redis;
import io.vertx.redis.client.RedisClientType;
import io.vertx.redis.client.RedisConnection;
import io.vertx.redis.client.Request;
import io.vertx.redis.client.Response;
import io.vertx.redis.client.impl.types.ErrorType;

/**
 * Commands to Redis over one long-lived connection per event loop, pipelined: a command is written at once (or, sent
 * with {@link #sendBatched}, with the others of its turn of the loop), whatever is still in flight, and its answer is
 * read on the thread of the request that sent it. Each event loop has a Redis client of its own, built the way Quarkus
 * builds its client from {@code quarkus.redis.*} (so standalone, Sentinel and Cluster, password and TLS are all
 * configuration): a Vert.x Redis client opens every connection on the event loop it was created on, so a single shared
 * client would hand every command and answer of the other loops across threads, which on two cores costs more than
 * the command (see PerEventLoop).
 * <p>
 * When Redis cannot be reached, does not answer within {@code command-timeout}, or answers that it cannot take writes
 * (a replica after a fail-over, still loading), the command fails with {@link SharedStateUnavailable} (503) and the
 * connection is given up; the next command after {@code reconnect-delay} opens a new one, so the gateway recovers by
 * itself when Redis is back. Any other error reply (e.g. OOM when Redis is full) is a 503 as well, except NOSCRIPT,
 * which fails the command with that {@link ErrorType} for the caller to send the script itself.
 */
@ApplicationScoped
public class RedisPipeline {
    private static final Logger LOG = Logger.getLogger(RedisPipeline.class);
    /** Most commands written in one batch (Redis needs room for all of their answers in its waiting queue at once). */
    private static final int MAX_BATCH = 64;

    private final Supplier<Redis> clients;
    /**
     * Whether commands of one turn may be written as one batch: only to one node (standalone, or the primary Sentinel
     * names). A Cluster connection refuses a batch whose keys are in more than one hash slot (CROSSSLOT), as the nonces'
     * keys are, and a replication connection is not one node either; their commands go one by one.
     */
    private final boolean batching;
    private final Vertx vertx;
    private final long commandTimeoutNanos;
    private final long reconnectDelayNanos;
    private final PerEventLoop<LoopConnection> connections;
    private final Counter unavailable;
    /** Where callers that are not on an event loop (tests, workers) have their commands sent from. */
    private final Context offLoopContext;

    @Inject
    public RedisPipeline(Vertx vertx, GatewayConfig config, MeterRegistry registry, TlsConfigurationRegistry tls,
            ProxyConfigurationRegistry proxies) {
        this(quarkusClients(vertx, tls, proxies), batches(defaultClient().clientType()), vertx, config, registry);
    }

    /**
     * A pipeline over clients from {@code clients}, called once per event loop, on that loop (tests: another replica),
     * batching each turn's commands if {@code batching}.
     */
    public RedisPipeline(Supplier<Redis> clients, boolean batching, Vertx vertx, GatewayConfig config,
            MeterRegistry registry) {
        this.clients = clients;
        this.batching = batching;
        this.vertx = vertx;
        this.commandTimeoutNanos = config.redis().commandTimeout().toNanos();
        this.reconnectDelayNanos = config.redis().reconnectDelay().toNanos();
        this.connections = new PerEventLoop<>(LoopConnection::new, LoopConnection::close);
        this.offLoopContext = vertx.getOrCreateContext();
        this.unavailable = Counter.builder("gateway.redis.unavailable")
                .description("Commands to Redis that failed because it could not be reached or did not answer in time (503)")
                .register(registry);
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

    /** Batches go to one node only (see {@link #batching}): {@code quarkus.redis.client-type} standalone or sentinel. */
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

    /** True for error replies after which this connection cannot serve the gateway (it must reach a writable primary). */
    private static boolean unusable(ErrorType error) {
        if (error.is("READONLY") || error.is("LOADING") || error.is("MASTERDOWN") || error.is("CLUSTERDOWN")) {
            return true;
        }
        // a batch's error lists its commands' errors, each as "[index] KIND message", under one ERR
        String message = String.valueOf(error.getMessage());
        return message.contains("] READONLY") || message.contains("] LOADING") || message.contains("] MASTERDOWN")
                || message.contains("] CLUSTERDOWN");
    }

    /** The connection of one event loop; only ever touched on that loop. */
    private final class LoopConnection {
        /** Created on first use, on this loop: its connections then live on this loop. */
        private Redis client;
        private RedisConnection connection;
        private Future<RedisConnection> connecting;
        /** Commands sent and not yet answered on the current connection, oldest first, with their send time. */
        private final ArrayDeque<Pending> inFlight = new ArrayDeque<>();
        /** No new connection is tried before this (System.nanoTime()) after one could not be opened. */
        private long nextAttempt;
        private long watchdog = -1;
        private long nextWarning = System.nanoTime();
        /** Batched commands of this turn of the loop, not yet written, and the connection they are for. */
        private final List<Request> queued = new ArrayList<>();
        private final List<Pending> queuedAnswers = new ArrayList<>();
        private RedisConnection queuedOn;

        private record Pending(long sentAt, Promise<Response> answer) {
        }

        Future<Response> send(Request request) {
            if (connection != null) {
                return write(connection, request);
            }
            Future<RedisConnection> pending = connecting;
            if (pending == null) {
                if (System.nanoTime() - nextAttempt < 0) {
                    return failed();
                }
                pending = connect();
            }
            return pending.transform(opened -> opened.succeeded() ? write(opened.result(), request) : failed());
        }

        private Future<RedisConnection> connect() {
            if (client == null) {
                client = clients.get();
            }
            Future<RedisConnection> attempt = client.connect();
            // set before the handler is added: an attempt can fail at once, and must not be left behind as "connecting"
            connecting = attempt;
            attempt.onComplete(opened -> {
                connecting = null;
                if (opened.failed()) {
                    nextAttempt = System.nanoTime() + reconnectDelayNanos;
                    LOG.warnf("Redis cannot be reached (%s): signed calls and rate-limited calls get 503 until it can",
                            opened.cause().toString());
                    return;
                }
                RedisConnection opening = opened.result();
                connection = opening;
                opening.exceptionHandler(e -> lost(opening, "failed: " + e));
                opening.endHandler(v -> lost(opening, "was closed"));
                if (watchdog < 0) {
                    long period = Math.max(10, TimeUnit.NANOSECONDS.toMillis(commandTimeoutNanos) / 4);
                    watchdog = vertx.setPeriodic(period, id -> checkTimeouts());
                }
                LOG.infof("Connected to Redis");
            });
            return attempt;
        }

        private Future<Response> write(RedisConnection on, Request request) {
            if (on.pendingQueueFull()) {
                // more commands in flight than quarkus.redis.max-waiting-handlers: this call waits for nothing
                return failed();
            }
            Pending pending = new Pending(System.nanoTime(), Promise.promise());
            inFlight.addLast(pending);
            on.send(request).onComplete(result -> answered(on, pending, result));
            return pending.answer().future();
        }

        /**
         * Queues a command for the write at the end of this turn of the loop (a task on the loop runs after the events
         * it has read); while there is no connection, the command takes the way of {@link #send}.
         */
        Future<Response> sendBatched(Request request, EventLoop loop) {
            RedisConnection on = connection;
            if (on == null || !batching) {
                return send(request);
            }
            if (on.pendingQueueFull()) {
                return failed();
            }
            Pending pending = new Pending(System.nanoTime(), Promise.promise());
            inFlight.addLast(pending);
            if (queued.isEmpty()) {
                queuedOn = on;
                loop.execute(this::writeQueued);
            }
            queued.add(request);
            queuedAnswers.add(pending);
            if (queued.size() == MAX_BATCH) {
                // what is queued goes now; the task then finds the next ones, if any
                writeQueued();
            }
            return pending.answer().future();
        }

        private void writeQueued() {
            if (queued.isEmpty()) {
                // the connection was lost meanwhile, which failed them
                return;
            }
            RedisConnection on = queuedOn;
            List<Request> requests = List.copyOf(queued);
            List<Pending> answers = List.copyOf(queuedAnswers);
            queued.clear();
            queuedAnswers.clear();
            queuedOn = null;
            if (requests.size() == 1) {
                on.send(requests.get(0)).onComplete(result -> answered(on, answers.get(0), result));
                return;
            }
            // one answer per command, in order; an error reply to any fails the batch, and with it each of them (503)
            on.batch(requests).onComplete(result -> {
                for (int i = 0; i < answers.size(); i++) {
                    answered(on, answers.get(i), result.succeeded() ? Future.succeededFuture(result.result().get(i))
                            : Future.failedFuture(result.cause()));
                }
            });
        }

        private void answered(RedisConnection on, Pending pending, AsyncResult<Response> result) {
            // answers come in order; a timed-out or lost command was already failed and removed
            inFlight.remove(pending);
            Promise<Response> answer = pending.answer();
            if (result.succeeded()) {
                answer.tryComplete(result.result());
            } else if (result.cause() instanceof ErrorType error && error.is("NOSCRIPT")) {
                answer.tryFail(error);
            } else {
                if (!(result.cause() instanceof ErrorType error)) {
                    // the connection broke: nothing more is sent on it
                    lost(on, "failed: " + result.cause());
                } else if (unusable(error)) {
                    lost(on, "cannot take writes: " + error.getMessage());
                } else {
                    // e.g. OOM (maxmemory reached, with noeviction): Redis refused to remember, so nothing passes
                    warnRarely("Redis refused a command: " + error.getMessage());
                }
                if (answer.tryFail(SharedStateUnavailable.ERROR)) {
                    unavailable.increment();
                }
            }
        }

        /** Gives up the connection when its oldest command has waited longer than the command timeout. */
        private void checkTimeouts() {
            Pending oldest = inFlight.peekFirst();
            if (connection != null && oldest != null && System.nanoTime() - oldest.sentAt() > commandTimeoutNanos) {
                lost(connection, "did not answer within " + TimeUnit.NANOSECONDS.toMillis(commandTimeoutNanos) + " ms");
            }
        }

        private void lost(RedisConnection which, String why) {
            if (connection != which) {
                return;
            }
            LOG.warnf("Connection to Redis %s: %d calls in flight get 503, a new connection is opened for the next",
                    why, inFlight.size());
            connection = null;
            nextAttempt = System.nanoTime() + reconnectDelayNanos;
            // queued commands are in flight too: failed below, never written
            queued.clear();
            queuedAnswers.clear();
            queuedOn = null;
            Pending pending;
            while ((pending = inFlight.pollFirst()) != null) {
                if (pending.answer().tryFail(SharedStateUnavailable.ERROR)) {
                    unavailable.increment();
                }
            }
            which.close();
        }

        /** At most one warning per loop every 10 s: a refusing Redis refuses every call, and the log must not flood. */
        private void warnRarely(String message) {
            long now = System.nanoTime();
            if (now - nextWarning >= 0) {
                nextWarning = now + TimeUnit.SECONDS.toNanos(10);
                LOG.warnf("%s (every call meanwhile gets 503; counted in gateway.redis.unavailable)", message);
            }
        }

        private Future<Response> failed() {
            unavailable.increment();
            return Future.failedFuture(SharedStateUnavailable.ERROR);
        }

        void close() {
            if (watchdog >= 0) {
                vertx.cancelTimer(watchdog);
            }
            RedisConnection open = connection;
            // cleared first: the close it causes is not a lost connection
            connection = null;
            if (open != null) {
                open.close();
            }
            if (client != null) {
                client.close();
            }
        }
    }
}
