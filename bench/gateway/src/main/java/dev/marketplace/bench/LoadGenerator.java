package dev.marketplace.bench;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpClient;
import io.vertx.core.http.HttpClientOptions;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.PoolOptions;
import io.vertx.core.http.RequestOptions;

/**
 * The load: closed loops (each connection sends its next GET when the previous one answered) and paced open loops
 * (GETs at a fixed rate, latency from the intended send time), on Vert.x clients of their own event loops, with the CPU
 * each process spent per request ({@link OsAccounting}).
 */
final class LoadGenerator implements AutoCloseable {
    private static final int OPEN_LOOP_CONNECTIONS = 64;
    static final int LEAD_IN_SECONDS = 5;
    static final int SLICE_SECONDS = 1;
    /** An answer that has not come after this long is an error: far beyond any latency measured here, it only cuts a lost one. */
    private static final long REQUEST_TIMEOUT_MILLIS = 10_000;

    /** The best closed-loop rate seen per target, to size the next phase's supply of signed headers. */
    private final Map<URI, Double> bestRate = new HashMap<>();
    /** The load generator: Vert.x clients on their own event loops (the JDK client spent a core at 2,000 req/s). */
    private final Vertx loadVertx = Vertx.vertx();
    private final OsAccounting os;

    LoadGenerator(OsAccounting os) {
        this.os = os;
    }

    @Override
    public void close() {
        loadVertx.close();
    }

    /** {@code concurrency} connections, each sending the next request when the previous one answered. */
    Stats closedLoop(Target target, int seconds, int concurrency) throws InterruptedException {
        // generous: a phase that runs out signs on the spot and the results say so
        target.prepare((long) (Math.max(bestRate.getOrDefault(target.uri(), 0.0), 8_000) * seconds * 2));
        HttpClient client = loadClient(concurrency);
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        ConcurrentLinkedQueue<Long> latencies = new ConcurrentLinkedQueue<>();
        AtomicLong errors = new AtomicLong();
        CountDownLatch done = new CountDownLatch(concurrency);
        Map<String, Long> cpuBefore = os.cpuNanos();
        long start = System.nanoTime();
        for (int i = 0; i < concurrency; i++) {
            sendUntil(client, target, end, latencies, errors, done);
        }
        done.await(seconds + 2L * REQUEST_TIMEOUT_MILLIS / 1000, TimeUnit.SECONDS);
        Map<String, Long> cpuAfter = os.cpuNanos();
        client.close();
        // the rate over the phase's own window: a straggler (an answer that never came, cut at REQUEST_TIMEOUT_MILLIS and
        // counted as an error) must not stretch the phase and divide its requests by 70 s, as it once did
        Stats stats = Stats.of(latencies, end - start, errors.get());
        bestRate.merge(target.uri(), stats.rps(), Math::max);
        return stats.withCpu(OsAccounting.cpuPerRequest(cpuBefore, cpuAfter, stats.requests()) + signedLate(target),
                OsAccounting.cpuMsPerRequest(cpuBefore, cpuAfter, stats.requests()));
    }

    /** A note for a results line when some requests of the phase had to be signed during it. */
    private static String signedLate(Target target) {
        long late = target.signedLate();
        return late == 0 ? "" : "; " + late + " requests signed during the phase (more than were signed ahead)";
    }

    private void sendUntil(HttpClient client, Target target, long end, ConcurrentLinkedQueue<Long> latencies, AtomicLong errors,
            CountDownLatch done) {
        if (System.nanoTime() >= end) {
            done.countDown();
            return;
        }
        long t0 = System.nanoTime();
        send(client, target).onComplete(result -> {
            if (result.failed() || result.result() != 200) {
                errors.incrementAndGet();
            }
            latencies.add(System.nanoTime() - t0);
            sendUntil(client, target, end, latencies, errors, done);
        });
    }

    /**
     * Requests at a fixed rate regardless of answers, over 64 connections per path opened beforehand; latency counted from
     * the intended send time, so time spent waiting for a free connection counts too. The two paths take turns in
     * {@link #SLICE_SECONDS}-second slices until each has had {@code seconds}: on a shared two-core machine, stalls (the
     * JIT compiling again, a pause of account-service, the hypervisor taking the cores) come at random, and measured one
     * path after the other, whichever path a stall fell on lost the round; taking turns every second gives both the
     * same machine. Each path first gets {@link #LEAD_IN_SECONDS} unmeasured, taking turns in the same way.
     *
     * @return the direct path's figures, then the gateway's
     */
    Stats[] interleavedOpenLoop(Target direct, Target gateway, double rate, int seconds) throws InterruptedException {
        Target[] targets = { direct, gateway };
        HttpClient[] clients = { loadClient(OPEN_LOOP_CONNECTIONS), loadClient(OPEN_LOOP_CONNECTIONS) };
        long perSlice = Math.max(1, (long) (rate * SLICE_SECONDS));
        int slices = Math.max(1, seconds / SLICE_SECONDS);
        List<List<Long>> latencies = List.of(new ArrayList<>(), new ArrayList<>());
        long[][] traces = new long[2][(int) (perSlice * slices * 2)];
        long[] elapsed = new long[2];
        long[] errors = new long[2];
        List<Map<String, Long>> cpuUsed = List.of(new LinkedHashMap<>(), new LinkedHashMap<>());
        for (int path = 0; path < 2; path++) {
            // every request of this round: opening the connections, the lead-in and the measured slices
            targets[path].prepare(OPEN_LOOP_CONNECTIONS + perSlice * (LEAD_IN_SECONDS / SLICE_SECONDS + slices));
            openConnections(clients[path], targets[path]);
        }
        // the lead-in takes turns like the measurement: the JIT recompiles for this pattern before the clock starts
        for (int slice = 0; slice < 2 * LEAD_IN_SECONDS / SLICE_SECONDS; slice++) {
            paced(clients[slice % 2], targets[slice % 2], rate, perSlice, (index, intended, latency, ok) -> {
            });
        }
        long start = System.nanoTime();
        long wallStart = System.currentTimeMillis();
        for (int slice = 0; slice < 2 * slices; slice++) {
            int path = slice % 2;
            int offset = (int) ((slice / 2) * perSlice);
            List<Long> recorded = latencies.get(path);
            long[] trace = traces[path];
            Map<String, Long> before = os.cpuNanos();
            long sliceStart = System.nanoTime();
            paced(clients[path], targets[path], rate, perSlice, (index, intended, latency, ok) -> {
                synchronized (recorded) {
                    recorded.add(latency);
                    if (!ok) {
                        errors[path]++;
                    }
                }
                trace[2 * (offset + index)] = intended - start;
                trace[2 * (offset + index) + 1] = latency;
            });
            elapsed[path] += System.nanoTime() - sliceStart;
            Map<String, Long> after = os.cpuNanos();
            after.forEach((name, value) -> cpuUsed.get(path).merge(name, value - before.getOrDefault(name, 0L), Long::sum));
        }
        Stats[] result = new Stats[2];
        for (int path = 0; path < 2; path++) {
            clients[path].close();
            writeTrace(targets[path], traces[path], wallStart, start);
            Stats stats = Stats.of(latencies.get(path), elapsed[path], errors[path]);
            result[path] = stats.withCpu(OsAccounting.cpuPerRequest(Map.of(), cpuUsed.get(path), stats.requests()) + signedLate(targets[path]),
                    OsAccounting.cpuMsPerRequest(Map.of(), cpuUsed.get(path), stats.requests()));
        }
        return result;
    }

    /** What an open loop does with each answer. */
    private interface Recorder {
        void answered(int index, long intendedNanos, long latencyNanos, boolean ok);
    }

    /** Sends {@code total} GETs at {@code rate} per second (a 1 ms tick sends every request whose time has come). */
    private void paced(HttpClient client, Target target, double rate, long total, Recorder recorder) throws InterruptedException {
        long periodNanos = (long) (1e9 / rate);
        CountDownLatch done = new CountDownLatch((int) total);
        long start = System.nanoTime();
        long[] sent = { 0 };
        long timer = loadVertx.setPeriodic(1, id -> {
            long due = Math.min(total, (System.nanoTime() - start) / periodNanos + 1);
            for (; sent[0] < due; sent[0]++) {
                long intended = start + sent[0] * periodNanos;
                int index = (int) sent[0];
                send(client, target).onComplete(result -> {
                    recorder.answered(index, intended, System.nanoTime() - intended, result.succeeded() && result.result() == 200);
                    done.countDown();
                });
            }
        });
        done.await(total / Math.max(1, (long) rate) * 3 + 30, TimeUnit.SECONDS);
        loadVertx.cancelTimer(timer);
    }

    /**
     * Opens every connection of the open loop before its clock starts: connections opened in a burst during the
     * measurement (after any hiccup) would be charged to whatever is being measured.
     */
    private void openConnections(HttpClient client, Target target) throws InterruptedException {
        CountDownLatch opened = new CountDownLatch(OPEN_LOOP_CONNECTIONS);
        for (int i = 0; i < OPEN_LOOP_CONNECTIONS; i++) {
            send(client, target).onComplete(r -> opened.countDown());
        }
        opened.await(30, TimeUnit.SECONDS);
    }

    /**
     * With -Dbench.trace=DIR, each open loop's (send time, latency) pairs in microseconds, for finding stalls, after a
     * line with the wall clock of its start.
     */
    private void writeTrace(Target target, long[] trace, long wallStart, long monotonicStart) {
        String dir = System.getProperty("bench.trace");
        if (dir == null) {
            return;
        }
        // the wall clock of the first send, to line the trace up with other recordings (GC logs, CPU samples)
        StringBuilder text = new StringBuilder("# start ").append(wallStart).append(" ms since the epoch, ").append(monotonicStart)
                .append(" ns on the monotonic clock (perf record -k CLOCK_MONOTONIC)\n");
        for (int i = 0; i + 1 < trace.length; i += 2) {
            text.append(trace[i] / 1000).append(' ').append(trace[i + 1] / 1000).append('\n');
        }
        try {
            Files.writeString(Path.of(dir, "trace-" + target.uri().getPort() + "-" + System.currentTimeMillis() + ".txt"), text);
        } catch (IOException e) {
            System.out.println("bench: trace not written: " + e);
        }
    }

    private HttpClient loadClient(int connections) {
        // keep-alive timeout 0: idle connections stay open (the default closes them after 60 s, and an open-loop round
        // lasts 70 s, so its pre-opened connections were reopened in the middle of a measurement)
        return loadVertx.createHttpClient(new HttpClientOptions().setKeepAlive(true).setKeepAliveTimeout(0).setConnectTimeout(2_000)
                .setIdleTimeout(0), new PoolOptions().setHttp1MaxSize(connections).setMaxWaitQueueSize(-1));
    }

    /** One GET; the status code, after the body was read. */
    private static Future<Integer> send(HttpClient client, Target target) {
        RequestOptions options = new RequestOptions().setMethod(HttpMethod.GET).setAbsoluteURI(target.uri().toString())
                .setIdleTimeout(REQUEST_TIMEOUT_MILLIS);
        String authorization = target.authorization();
        if (authorization != null) {
            options.putHeader("Authorization", authorization);
        }
        return client.request(options).compose(request -> request.send())
                .compose(response -> response.body().map(body -> response.statusCode()));
    }
}
