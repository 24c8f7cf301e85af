package dev.marketplace.bench;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;

import dev.marketplace.common.oauth.OAuthSigner;
import dev.marketplace.testkit.Postgres;
import io.vertx.core.Vertx;

/**
 * Measures the gateway on this machine: an upstream standing in for account-service (a Vert.x server answering a small
 * JSON company), the gateway jar as its own JVM on an embedded PostgreSQL, and a load generator (JDK HttpClient).
 * <ol>
 * <li>maximum throughput (closed loop, fixed concurrency) of the same GET straight to the upstream and through the
 * gateway with OAuth 1.0 signing and verification;</li>
 * <li>latency (p50/p99) of both at half of the gateway's maximum rate (open loop, latency measured from the scheduled
 * send time so that a stall is not hidden).</li>
 * </ol>
 * Figures go to bench/gateway/results.txt (or the first argument).
 */
public final class GatewayBench {
    private static final String KEY = "marketplace-admin";
    private static final String SECRET = "marketplace-admin-secret";
    private static final String BODY = "{\"uuid\":\"c0ffee00-0000-4000-8000-000000000001\",\"name\":\"Bench Co\","
            + "\"externalId\":\"bench-1\",\"countryCode\":\"US\",\"enabled\":true}";

    private final int concurrency = Integer.getInteger("bench.concurrency", 16);
    private final int warmupSeconds = Integer.getInteger("bench.warmup", 10);
    private final int measureSeconds = Integer.getInteger("bench.seconds", 15);
    private final HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .executor(Executors.newFixedThreadPool(4)).connectTimeout(Duration.ofSeconds(2)).build();

    public static void main(String[] args) throws Exception {
        Path results = Path.of(args.length > 0 ? args[0] : "bench/gateway/results.txt");
        Path gatewayJar = Path.of(args.length > 1 ? args[1] : "gateway/target/quarkus-app/quarkus-run.jar");
        new GatewayBench().run(results, gatewayJar);
        System.exit(0);
    }

    record Stats(double rps, double p50Ms, double p99Ms, long requests, long errors) {
        String line(String what) {
            return String.format("%-34s %9.0f req/s   p50 %7.2f ms   p99 %7.2f ms   (%d requests, %d errors)", what, rps, p50Ms,
                    p99Ms, requests, errors);
        }
    }

    void run(Path results, Path gatewayJar) throws Exception {
        if (!Files.exists(gatewayJar)) {
            throw new IllegalStateException(gatewayJar + " missing: build it with ./mvnw -B -f gateway/pom.xml package -DskipTests");
        }
        Vertx vertx = Vertx.vertx();
        int upstreamPort = vertx.createHttpServer().requestHandler(req -> req.response()
                .putHeader("Content-Type", "application/json").end(BODY))
                .listen(0, "localhost").toCompletionStage().toCompletableFuture().get().actualPort();
        Map<String, String> datasource = Postgres.datasourceConfig("gateway_bench");
        int gatewayPort = freePort();
        Process gateway = startGateway(gatewayJar, gatewayPort, upstreamPort, datasource);
        try {
            awaitReady(gatewayPort);
            String path = "/api/account/v2/companies/" + UUID.randomUUID();
            URI direct = URI.create("http://localhost:" + upstreamPort + path);
            URI through = URI.create("http://localhost:" + gatewayPort + path);
            OAuthSigner signer = new OAuthSigner(KEY, SECRET);
            Supplier<HttpRequest> directRequest = () -> HttpRequest.newBuilder(direct).GET().build();
            Supplier<HttpRequest> signedRequest = () -> HttpRequest.newBuilder(through)
                    .header("Authorization", signer.authorizationHeader("GET", through, null)).GET().build();

            check(signedRequest.get());
            System.out.println("bench: warming up");
            closedLoop(directRequest, warmupSeconds);
            closedLoop(signedRequest, warmupSeconds);
            System.out.println("bench: maximum throughput");
            Stats directMax = closedLoop(directRequest, measureSeconds);
            Stats gatewayMax = closedLoop(signedRequest, measureSeconds);
            double rate = Math.max(1, gatewayMax.rps() / 2);
            System.out.printf("bench: latency at %.0f req/s%n", rate);
            Stats directHalf = openLoop(directRequest, rate, measureSeconds);
            Stats gatewayHalf = openLoop(signedRequest, rate, measureSeconds);

            String report = String.join("\n",
                    "# Gateway benchmark — " + Instant.now(),
                    "machine: " + Runtime.getRuntime().availableProcessors() + " cores, " + System.getProperty("java.version")
                            + "; load generator, upstream, gateway and PostgreSQL all on this machine",
                    "request: GET " + path + " (not rate limited), upstream answers " + BODY.length() + " bytes of JSON;",
                    "through the gateway each request is signed (OAuth 1.0 HMAC-SHA1 header) with a fresh nonce, verified,",
                    "its nonce stored in PostgreSQL, and forwarded with an internal JWT",
                    "closed loop: concurrency " + concurrency + ", warm-up " + warmupSeconds + " s, measured " + measureSeconds + " s",
                    "",
                    "## maximum throughput (closed loop)",
                    directMax.line("direct to upstream"),
                    gatewayMax.line("through gateway (OAuth 1.0)"),
                    String.format("gateway keeps %.0f%% of the direct throughput (target >= 70%%)", 100 * gatewayMax.rps() / directMax.rps()),
                    "",
                    String.format("## latency at half the gateway's maximum rate (open loop, %.0f req/s)", rate),
                    directHalf.line("direct to upstream"),
                    gatewayHalf.line("through gateway (OAuth 1.0)"),
                    String.format("p99 overhead of the gateway: %.2f ms (target < 5 ms); p50 overhead %.2f ms",
                            gatewayHalf.p99Ms() - directHalf.p99Ms(), gatewayHalf.p50Ms() - directHalf.p50Ms()),
                    "",
                    "command: bench/gateway/run", "");
            Files.createDirectories(results.toAbsolutePath().getParent());
            Files.writeString(results, report);
            System.out.println(report);
        } finally {
            gateway.destroy();
            gateway.waitFor(20, TimeUnit.SECONDS);
            vertx.close();
        }
    }

    private Process startGateway(Path jar, int port, int upstreamPort, Map<String, String> datasource) throws IOException {
        Map<String, String> env = new HashMap<>();
        datasource.forEach((k, v) -> env.put(k.toUpperCase().replace('.', '_').replace('-', '_'), v));
        env.put("QUARKUS_HTTP_PORT", String.valueOf(port));
        env.put("MARKETPLACE_GATEWAY_ROUTES_ACCOUNT_UPSTREAM", "http://localhost:" + upstreamPort);
        env.put("QUARKUS_LOG_CONSOLE_JSON_ENABLED", "false");
        Path log = Path.of("bench/gateway/target/gateway.log");
        Files.createDirectories(log.getParent());
        ProcessBuilder builder = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx512m", "-jar", jar.toString()).redirectErrorStream(true).redirectOutput(log.toFile());
        builder.environment().putAll(env);
        System.out.println("bench: gateway on port " + port + " (log " + log + ")");
        return builder.start();
    }

    private void awaitReady(int port) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(90);
        while (System.nanoTime() < deadline) {
            try {
                HttpResponse<String> r = client.send(HttpRequest.newBuilder(URI.create("http://localhost:" + port + "/q/health/ready"))
                        .build(), HttpResponse.BodyHandlers.ofString());
                if (r.statusCode() == 200) {
                    return;
                }
            } catch (IOException e) {
                // not listening yet
            }
            Thread.sleep(300);
        }
        throw new IllegalStateException("gateway did not become ready; see bench/gateway/target/gateway.log");
    }

    private void check(HttpRequest request) throws Exception {
        HttpResponse<String> r = client.send(request, HttpResponse.BodyHandlers.ofString());
        if (r.statusCode() != 200 || !r.body().equals(BODY)) {
            throw new IllegalStateException("signed request through the gateway answered " + r.statusCode() + ": " + r.body());
        }
    }

    /** {@link #concurrency} workers, each sending the next request when the previous one answered. */
    private Stats closedLoop(Supplier<HttpRequest> request, int seconds) throws InterruptedException {
        ExecutorService workers = Executors.newFixedThreadPool(concurrency);
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        ConcurrentLinkedQueue<long[]> samples = new ConcurrentLinkedQueue<>();
        AtomicLong errors = new AtomicLong();
        CountDownLatch done = new CountDownLatch(concurrency);
        long start = System.nanoTime();
        for (int i = 0; i < concurrency; i++) {
            workers.execute(() -> {
                List<Long> mine = new ArrayList<>();
                while (System.nanoTime() < end) {
                    long t0 = System.nanoTime();
                    try {
                        HttpResponse<Void> r = client.send(request.get(), HttpResponse.BodyHandlers.discarding());
                        if (r.statusCode() != 200) {
                            errors.incrementAndGet();
                        }
                    } catch (Exception e) {
                        errors.incrementAndGet();
                    }
                    mine.add(System.nanoTime() - t0);
                }
                samples.add(mine.stream().mapToLong(Long::longValue).toArray());
                done.countDown();
            });
        }
        done.await();
        long elapsed = System.nanoTime() - start;
        workers.shutdown();
        return stats(samples, elapsed, errors.get());
    }

    /** Requests at a fixed rate regardless of answers; latency counted from the intended send time. */
    private Stats openLoop(Supplier<HttpRequest> request, double rate, int seconds) throws InterruptedException {
        ScheduledExecutorService ticker = Executors.newSingleThreadScheduledExecutor();
        long periodNanos = (long) (1e9 / rate);
        long total = (long) (rate * seconds);
        ConcurrentLinkedQueue<Long> latencies = new ConcurrentLinkedQueue<>();
        AtomicLong errors = new AtomicLong();
        CountDownLatch done = new CountDownLatch((int) total);
        long start = System.nanoTime();
        AtomicLong sent = new AtomicLong();
        ticker.scheduleAtFixedRate(() -> {
            long n = sent.getAndIncrement();
            if (n >= total) {
                return;
            }
            long intended = start + n * periodNanos;
            client.sendAsync(request.get(), HttpResponse.BodyHandlers.discarding()).whenComplete((r, e) -> {
                if (e != null || r.statusCode() != 200) {
                    errors.incrementAndGet();
                }
                latencies.add(System.nanoTime() - intended);
                done.countDown();
            });
        }, 0, periodNanos, TimeUnit.NANOSECONDS);
        done.await(seconds * 3L + 30, TimeUnit.SECONDS);
        long elapsed = System.nanoTime() - start;
        ticker.shutdownNow();
        return stats(List.of(latencies.stream().mapToLong(Long::longValue).toArray()), elapsed, errors.get());
    }

    private static Stats stats(Iterable<long[]> samples, long elapsedNanos, long errors) {
        List<long[]> all = new ArrayList<>();
        samples.forEach(all::add);
        long[] merged = all.stream().flatMapToLong(Arrays::stream).sorted().toArray();
        if (merged.length == 0) {
            return new Stats(0, 0, 0, 0, errors);
        }
        double p50 = merged[(int) Math.min(merged.length - 1, Math.round(merged.length * 0.50))] / 1e6;
        double p99 = merged[(int) Math.min(merged.length - 1, Math.round(merged.length * 0.99))] / 1e6;
        return new Stats(merged.length / (elapsedNanos / 1e9), p50, p99, merged.length, errors);
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }
}
