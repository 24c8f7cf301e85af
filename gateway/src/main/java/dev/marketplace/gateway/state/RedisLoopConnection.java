package dev.marketplace.gateway.state;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

import org.jboss.logging.Logger;

import io.micrometer.core.instrument.Counter;
import io.netty.channel.EventLoop;
import io.vertx.core.AsyncResult;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import io.vertx.redis.client.Redis;
import io.vertx.redis.client.RedisConnection;
import io.vertx.redis.client.Request;
import io.vertx.redis.client.Response;
import io.vertx.redis.client.impl.types.ErrorType;

/**
 * The Redis connection of one event loop ({@link RedisPipeline}); only ever touched on that loop. Commands are written
 * at once, or queued for one write at the end of the loop's turn; answers come back in order. A connection that breaks,
 * times out or cannot take writes is given up, and its commands in flight fail with {@link SharedStateUnavailable}.
 */
final class RedisLoopConnection {
    private static final Logger LOG = Logger.getLogger(RedisPipeline.class); // one log category for the pipeline
    /** Most commands written in one batch (Redis needs room for all of their answers in its waiting queue at once). */
    private static final int MAX_BATCH = 64;

    private final Supplier<Redis> clients;
    /** Whether commands of one turn may be written as one batch (see RedisPipeline). */
    private final boolean batching;
    private final Vertx vertx;
    private final long commandTimeoutNanos;
    private final long reconnectDelayNanos;
    private final Counter unavailable;
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

    RedisLoopConnection(Supplier<Redis> clients, boolean batching, Vertx vertx, long commandTimeoutNanos,
            long reconnectDelayNanos, Counter unavailable) {
        this.clients = clients;
        this.batching = batching;
        this.vertx = vertx;
        this.commandTimeoutNanos = commandTimeoutNanos;
        this.reconnectDelayNanos = reconnectDelayNanos;
        this.unavailable = unavailable;
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
}
