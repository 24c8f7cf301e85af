package dev.marketplace.bench;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import dev.marketplace.common.oauth.OAuthSigner;
import dev.marketplace.common.security.InternalToken;
import dev.marketplace.testkit.InternalTokens;
import dev.marketplace.testkit.Kafka;
import dev.marketplace.testkit.Postgres;
import dev.marketplace.testkit.Redis;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpClient;
import io.vertx.core.http.HttpClientOptions;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.PoolOptions;
import io.vertx.core.http.RequestOptions;

/**
 * Measures the gateway on this machine, in one run, for the same GET of a company:
 * <ul>
 * <li><b>account-service</b>: the real service (its own JVM, on the embedded PostgreSQL and an in-process Kafka broker),
 * called directly with an internal token, and through the gateway with OAuth 1.0 signing and verification;</li>
 * <li><b>stub upstream</b>: a Vert.x server answering a fixed JSON company, so that the direct figure is only the
 * network path and the comparison shows the gateway's own cost.</li>
 * </ul>
 * For each: maximum throughput (closed loop, the best over several concurrency levels) and latency (p50/p99) at half of the gateway's maximum
 * rate (open loop, latency measured from the scheduled send time so that a stall is not hidden). Figures go to
 * bench/gateway/results.txt (or the first argument).
 */
public final class GatewayBench {
    private static final String KEY = "marketplace-admin";
    /** Not the development default: the services run in the prod profile, which refuses development secrets. */
    private static final String SECRET = "bench-admin-secret-" + UUID.randomUUID();
    private static final String PARTNER = "MARKETPLACE";
    private static final String BODY = "{\"uuid\":\"c0ffee00-0000-4000-8000-000000000001\",\"name\":\"Bench Co\","
            + "\"externalId\":\"bench-1\",\"countryCode\":\"US\",\"enabled\":true}";
    private static final Pattern UUID_FIELD = Pattern.compile("\"uuid\"\\s*:\\s*\"([0-9a-f-]{36})\"");

    /**
     * Closed-loop concurrency levels: a path's maximum is its best over these. A longer path (client, gateway, service,
     * database and back) needs more requests in flight than a short one before each of its processes finds several
     * requests per wake-up; measured at one level, the longer path is held below its own maximum.
     */
    private final List<Integer> concurrencies = java.util.Arrays.stream(System.getProperty("bench.concurrency", "16,32,64")
            .split(",")).map(String::trim).map(Integer::valueOf).toList();
    private final int warmupConcurrency = concurrencies.stream().max(Integer::compare).orElseThrow();
    private final int warmupSeconds = Integer.getInteger("bench.warmup", 30);
    private final long warmupRequests = Long.getLong("bench.warmup-requests", 60_000);
    private static final int WARMUP_SLICE_SECONDS = 10;
    private static final int OPEN_LOOP_CONNECTIONS = 64;
    private static final int LEAD_IN_SECONDS = 5;
    private static final int SLICE_SECONDS = 1;
    private final int measureSeconds = Integer.getInteger("bench.seconds", 10);
    /**
     * Open-loop rounds are longer: at half rate a 10 s round holds under 20,000 requests, so one stall of the shared
     * machine (a JIT burst, the hypervisor taking both cores for 100 ms) decided a round's p99 on its own.
     */
    private final int latencySeconds = Integer.getInteger("bench.latency-seconds", 30);
    private final int rounds = Integer.getInteger("bench.rounds", 3);
    /** The best closed-loop rate seen per target, to size the next phase's supply of signed headers. */
    private final Map<URI, Double> bestRate = new HashMap<>();
    private final java.net.http.HttpClient client = java.net.http.HttpClient.newBuilder().version(java.net.http.HttpClient.Version.HTTP_1_1)
            .executor(Executors.newFixedThreadPool(4)).connectTimeout(Duration.ofSeconds(2)).build();
    private final List<Process> processes = new ArrayList<>();
    /** What CPU time is charged to: each started service, PostgreSQL, and this JVM (load generator, Kafka, stub). */
    private final Map<String, ProcessHandle> measured = new LinkedHashMap<>();
    /** An answer that has not come after this long is an error: far beyond any latency measured here, it only cuts a lost one. */
    private static final long REQUEST_TIMEOUT_MILLIS = 10_000;
    /** The load generator: Vert.x clients on their own event loops (the JDK client spent a core at 2,000 req/s). */
    private final Vertx loadVertx = Vertx.vertx();
    /** nginx as a plain reverse proxy in front of the stub: the reference for the gateway's CPU per proxied request. */
    private Process nginx;

    public static void main(String[] args) throws Exception {
        Path results = Path.of(args.length > 0 ? args[0] : "bench/gateway/results.txt");
        Path gatewayJar = Path.of(args.length > 1 ? args[1] : "gateway/target/quarkus-app/quarkus-run.jar");
        Path accountJar = Path.of(args.length > 2 ? args[2] : "account-service/target/quarkus-app/quarkus-run.jar");
        new GatewayBench().run(results, gatewayJar, accountJar);
        System.exit(0);
    }

    /** {@code cpuMs}: CPU milliseconds per request of each measured process (empty when not measured). */
    record Stats(double rps, double p50Ms, double p99Ms, long requests, long errors, String cpu, Map<String, Double> cpuMs) {
        String line(String what) {
            return String.format("%-34s %9.0f req/s   p50 %7.2f ms   p99 %7.2f ms   (%d requests, %d errors)%s", what, rps,
                    p50Ms, p99Ms, requests, errors, cpu.isEmpty() ? "" : "\n    CPU per request: " + cpu);
        }

        Stats withCpu(String text, Map<String, Double> perRequest) {
            return new Stats(rps, p50Ms, p99Ms, requests, errors, text, perRequest);
        }

        double cpuMsOf(String process) {
            return cpuMs.getOrDefault(process, Double.NaN);
        }
    }

    /** CPU time used so far by each measured process; PostgreSQL is the sum of its server and backend processes. */
    private Map<String, Long> cpuNanos() {
        Map<String, Long> cpu = new LinkedHashMap<>();
        measured.forEach((name, handle) -> cpu.put(name, cpuOf(handle)));
        cpu.put("postgres", cpuOfCommands(c -> c.endsWith("/postgres")));
        cpu.put("redis", cpuOfCommands(c -> c.contains("redis-server")));
        if (nginx != null) {
            cpu.put("nginx", cpuOf(nginx.toHandle()) + nginx.descendants().mapToLong(GatewayBench::cpuOf).sum());
        }
        cpu.put("bench JVM (load, Kafka, stub)", cpuOf(ProcessHandle.current()));
        cpu.put(STEAL, stealNanos());
        cpu.put(KDAMOND, kdamondNanos());
        return cpu;
    }

    /**
     * CPU time of the kernel's data-access monitor (DAMON, threads {@code kdamond.N}), which these VMs run for proactive
     * reclaim: under load it takes a core for a tenth of a second twice a second, which stalls both paths alike.
     */
    private static final String KDAMOND = "kdamond";

    /** What bench/gateway/run did with DAMON ({@code bench.damon}: paused, running or absent). */
    private static String damonNote() {
        return switch (System.getProperty("bench.damon", "absent")) {
            case "paused" -> "kernel memory monitor DAMON (kdamond, proactive reclaim on these VMs) paused for the run:"
                    + " under load it takes a core for ~0.1 s every 0.5 s and stalls every path (BENCH_KEEP_DAMON=1 keeps it)";
            case "running" -> "kernel memory monitor DAMON (kdamond) running: it stalls every path for ~0.1 s every 0.5 s"
                    + " under load, which dominates every p99 below";
            default -> "no kernel memory monitor (DAMON) running";
        };
    }

    private static long kdamondNanos() {
        try (var processes = Files.list(Path.of("/proc"))) {
            return processes.filter(dir -> dir.getFileName().toString().chars().allMatch(Character::isDigit))
                    .mapToLong(dir -> {
                        try {
                            String stat = Files.readString(dir.resolve("stat"));
                            int close = stat.lastIndexOf(')');
                            if (!stat.substring(stat.indexOf('(') + 1, close).startsWith("kdamond")) {
                                return 0;
                            }
                            // after "pid (comm) ": state is field 3, utime and stime fields 14 and 15, in USER_HZ (100)
                            String[] fields = stat.substring(close + 2).split(" ");
                            return (Long.parseLong(fields[11]) + Long.parseLong(fields[12])) * 10_000_000L;
                        } catch (IOException | RuntimeException e) {
                            return 0;
                        }
                    }).sum();
        } catch (IOException e) {
            return 0;
        }
    }

    /** Time the hypervisor gave this machine's CPUs to someone else (/proc/stat), reported apart from the processes. */
    private static final String STEAL = "steal";

    private static long stealNanos() {
        try {
            String[] cpu = Files.readAllLines(Path.of("/proc/stat")).get(0).trim().split("\\s+");
            // cpu user nice system idle iowait irq softirq steal ...; USER_HZ is 100 on Linux
            return cpu.length > 8 ? Long.parseLong(cpu[8]) * 10_000_000L : 0;
        } catch (IOException | RuntimeException e) {
            return 0;
        }
    }

    /** All processes whose executable matches (PostgreSQL: its server and every backend). */
    private static long cpuOfCommands(java.util.function.Predicate<String> command) {
        return ProcessHandle.allProcesses().filter(p -> p.info().command().map(command::test).orElse(false))
                .mapToLong(GatewayBench::cpuOf).sum();
    }

    private static long cpuOf(ProcessHandle handle) {
        return handle.info().totalCpuDuration().map(Duration::toNanos).orElse(0L);
    }

    /** CPU milliseconds per request of each process (not the hypervisor's or kdamond's time). */
    private static Map<String, Double> cpuMsPerRequest(Map<String, Long> before, Map<String, Long> after, long requests) {
        Map<String, Double> perRequest = new LinkedHashMap<>();
        if (requests > 0) {
            after.forEach((name, value) -> {
                if (!STEAL.equals(name) && !KDAMOND.equals(name)) {
                    perRequest.put(name, (value - before.getOrDefault(name, 0L)) / 1e6 / requests);
                }
            });
        }
        return perRequest;
    }

    private static String cpuPerRequest(Map<String, Long> before, Map<String, Long> after, long requests) {
        if (requests == 0) {
            return "";
        }
        List<String> parts = new ArrayList<>();
        long total = 0;
        long steal = 0;
        long kdamond = 0;
        for (Map.Entry<String, Long> e : after.entrySet()) {
            long used = e.getValue() - before.getOrDefault(e.getKey(), 0L);
            if (STEAL.equals(e.getKey())) {
                steal = used;
                continue;
            }
            if (KDAMOND.equals(e.getKey())) {
                kdamond = used;
                continue;
            }
            total += used;
            parts.add(String.format("%s %.3f ms", e.getKey(), used / 1e6 / requests));
        }
        parts.add(String.format("total %.3f ms; during the round, stolen by the hypervisor %d ms, kernel memory monitor"
                + " (kdamond) %d ms", total / 1e6 / requests, steal / 1_000_000, kdamond / 1_000_000));
        return String.join(", ", parts);
    }

    void run(Path results, Path gatewayJar, Path accountJar) throws Exception {
        for (Path jar : List.of(gatewayJar, accountJar)) {
            if (!Files.exists(jar)) {
                throw new IllegalStateException(jar + " missing: build it with ./mvnw -B package -DskipTests");
            }
        }
        Vertx vertx = Vertx.vertx();
        int stubPort = vertx.createHttpServer().requestHandler(req -> req.response()
                .putHeader("Content-Type", "application/json").end(BODY))
                .listen(0, "localhost").toCompletionStage().toCompletableFuture().get().actualPort();
        try {
            Map<String, String> env = new HashMap<>();
            env.put("QUARKUS_LOG_CONSOLE_JSON_ENABLED", "false");
            env.put("QUARKUS_OIDC_PUBLIC_KEY", InternalTokens.publicKeyBase64());
            env.put("INTERNAL_TOKEN_PUBLIC_KEY", InternalTokens.publicKeyBase64());
            env.put("MARKETPLACE_INTERNAL_TOKEN_PRIVATE_KEY", InternalTokens.privateKeyPem());
            env.put("MARKETPLACE_GATEWAY_INTERNAL_TOKEN_PRIVATE_KEY", InternalTokens.privateKeyPem());
            env.put("KAFKA_BOOTSTRAP_SERVERS", Kafka.bootstrapServers());
            // the prod profile refuses to start on development secrets: the run's own
            env.put("NOTIFICATION_SECRETS_KEY", "bench-notification-secrets-" + UUID.randomUUID());

            int accountPort = freePort();
            start("account-service", accountJar, accountPort, env, Postgres.datasourceConfig("account_bench"), Map.of());
            int gatewayPort = freePort();
            // the stub takes the lead-service route: one gateway, both upstreams; nonces and buckets in a real Redis
            start("gateway", gatewayJar, gatewayPort, env, Postgres.datasourceConfig("gateway_bench"), Map.of(
                    "MARKETPLACE_GATEWAY_ROUTES_ACCOUNT_UPSTREAM", "http://localhost:" + accountPort,
                    "MARKETPLACE_GATEWAY_ROUTES_LEAD_UPSTREAM", "http://localhost:" + stubPort,
                    "REDIS_URL", Redis.url(),
                    "MARKETPLACE_GATEWAY_ENCRYPTION_KEY", "bench-encryption-key-" + UUID.randomUUID(),
                    "MARKETPLACE_GATEWAY_ACCESS_TOKEN_PRIVATE_KEY", InternalTokens.privateKeyPem(),
                    "MARKETPLACE_GATEWAY_BOOTSTRAP_CONSUMER_SECRET", SECRET,
                    "MARKETPLACE_GATEWAY_REDIS_KEY_PREFIX", "bench-" + UUID.randomUUID() + ":",
                    // metrics and OpenAPI are on the management interface, on a port of its own
                    "MARKETPLACE_GATEWAY_MANAGEMENT_PORT", Integer.toString(freePort()),
                    // one consumer signs every measured call: far more nonces per window than a client would send
                    "MARKETPLACE_GATEWAY_OAUTH1_NONCE_QUOTA", "1000000000"));
            int nginxPort = startNginx(stubPort);
            awaitReady(accountPort);
            awaitReady(gatewayPort);

            OAuthSigner signer = new OAuthSigner(KEY, SECRET);
            String company = createCompany(signer, gatewayPort);
            String bearer = "Bearer " + InternalToken.mint(new InternalToken.Claims(KEY, "channel", PARTNER,
                    Set.of("ROLE_PARTNER", "ROLE_CHANNEL_ADMIN", "ROLE_SUPER_SUPPORT"), null, null),
                    InternalTokens.keys().getPrivate(), Duration.ofHours(2));

            String accountPath = "/api/account/v2/companies/" + company;
            Scenario account = new Scenario("account-service", URI.create("http://localhost:" + accountPort + accountPath),
                    URI.create("http://localhost:" + gatewayPort + accountPath), bearer, signer, null);
            String stubPath = "/api/lead/v2/leads/" + UUID.randomUUID();
            Scenario stub = new Scenario("stub upstream", URI.create("http://localhost:" + stubPort + stubPath),
                    URI.create("http://localhost:" + gatewayPort + stubPath), null, signer,
                    nginxPort > 0 ? URI.create("http://127.0.0.1:" + nginxPort + stubPath) : null);

            List<String> report = new ArrayList<>(List.of(
                    "# Gateway benchmark — " + Instant.now(),
                    "machine: " + Runtime.getRuntime().availableProcessors() + " cores, " + System.getProperty("java.version")
                            + "; load generator, Kafka, account-service, stub, gateway, PostgreSQL, Redis and nginx all on this machine",
                    damonNote(),
                    "through the gateway each request is signed (OAuth 1.0 HMAC-SHA1 header) with a fresh nonce, verified,",
                    "its nonce recorded in Redis (one SET NX PX, shared by every replica), and forwarded with an",
                    "internal JWT; direct calls to account-service carry an internal JWT minted by the benchmark (services",
                    "refuse calls without one); the load generator signs each phase's requests (one signature and nonce",
                    "per request) before the phase starts, as it mints the direct path's token once, so that its own HMAC",
                    "work is not charged to the shared cores while a path is measured",
                    "closed loop: " + rounds + " rounds, each of " + measureSeconds + " s direct then " + measureSeconds
                            + " s through the gateway at each concurrency of " + concurrencies + "; a path's maximum in a"
                            + " round is its best level;"
                            + " latency (open loop): " + rounds + " rounds of " + latencySeconds + " s each way, the paths taking turns"
                            + " every " + SLICE_SECONDS + " s, after " + LEAD_IN_SECONDS + " s of unmeasured lead-in each, taking turns the same way",
                    "warm-up: both paths alternately until each served " + warmupRequests + " requests (at least "
                            + warmupSeconds + " s), so that every JVM's JIT has settled",
                    ""));
            String only = System.getProperty("bench.scenarios", "account,stub");
            if (only.contains("account")) {
                report.addAll(measure(account, "A. GET " + accountPath + " — account-service (PostgreSQL read, JWT check)"));
            }
            if (only.contains("stub")) {
                report.addAll(measure(stub, "B. GET " + stubPath + " — stub upstream answering " + BODY.length()
                        + " bytes of JSON (the gateway's own cost)"));
            }
            report.add("command: bench/gateway/run");
            report.add("");
            String text = String.join("\n", report);
            Files.createDirectories(results.toAbsolutePath().getParent());
            Files.writeString(results, text);
            System.out.println(text);
        } finally {
            if (nginx != null) {
                processes.add(nginx);
            }
            for (Process p : processes) {
                p.destroy();
            }
            for (Process p : processes) {
                p.waitFor(20, TimeUnit.SECONDS);
            }
            vertx.close();
            loadVertx.close();
        }
    }

    /** One upstream measured straight and through the gateway. */
    /** {@code nginxTarget}: the same GET through nginx as a plain reverse proxy, or null. */
    private record Scenario(String name, Target directTarget, Target gatewayTarget, Target nginxTarget) {
        Scenario(String name, URI direct, URI through, String bearer, OAuthSigner signer, URI viaNginx) {
            this(name, new Target(direct, bearer, null), new Target(through, null, new Presigned(signer, through)),
                    viaNginx == null ? null : new Target(viaNginx, bearer, null));
        }
    }

    /**
     * Where a GET goes and the Authorization it carries (null: none): a fixed bearer token straight to the upstream, or
     * through the gateway a fresh OAuth 1.0 signature per request, signed ahead of each measured phase.
     */
    private record Target(URI uri, String fixed, Presigned signed) {
        String authorization() {
            return signed != null ? signed.next() : fixed;
        }

        /** Signs enough headers for the next phase (nothing to do for a fixed token). */
        void prepare(long requests) {
            if (signed != null) {
                signed.prepare(requests);
            }
        }

        /** Requests of the last phase that found no header signed ahead and were signed on the spot. */
        long signedLate() {
            return signed == null ? 0 : signed.late();
        }

        HttpRequest jdkRequest() {
            HttpRequest.Builder b = HttpRequest.newBuilder(uri).GET();
            String value = authorization();
            return (value == null ? b : b.header("Authorization", value)).build();
        }
    }

    /**
     * OAuth 1.0 headers for one URI, each with its own nonce and timestamp, signed before a measured phase starts: the
     * gateway still verifies a fresh signature and nonce per request, but the load generator's own HMAC work (a
     * client's cost, on the client's machine in real use) no longer competes for the two shared cores while the path is
     * measured, as the direct path's token is minted once. A phase that outruns the supply signs on the spot, and says
     * how often.
     */
    private static final class Presigned {
        private final OAuthSigner signer;
        private final URI uri;
        private String[] headers = new String[0];
        private final AtomicInteger taken = new AtomicInteger();
        private final AtomicLong late = new AtomicLong();

        Presigned(OAuthSigner signer, URI uri) {
            this.signer = signer;
            this.uri = uri;
        }

        /** Replaces what is left (its timestamps age) with {@code count} new headers. */
        void prepare(long count) {
            String[] fresh = new String[(int) Math.min(count, 2_000_000)];
            for (int i = 0; i < fresh.length; i++) {
                fresh[i] = signer.authorizationHeader("GET", uri, null);
            }
            headers = fresh;
            taken.set(0);
            late.set(0);
        }

        String next() {
            int index = taken.getAndIncrement();
            String[] ready = headers;
            if (index < ready.length) {
                return ready[index];
            }
            late.incrementAndGet();
            return signer.authorizationHeader("GET", uri, null);
        }

        long late() {
            return late.get();
        }
    }

    /**
     * Warm-up, then {@link #rounds} rounds of direct and gateway runs taken alternately, so that a slow spell of the
     * shared machine does not land on one side only; the verdicts use the median round.
     */
    private List<String> measure(Scenario scenario, String title) throws Exception {
        check(scenario.directTarget().jdkRequest());
        check(scenario.gatewayTarget().jdkRequest());
        if (scenario.nginxTarget() != null) {
            // nginx starts in the background: give it a few seconds
            for (int attempt = 0;; attempt++) {
                try {
                    check(scenario.nginxTarget().jdkRequest());
                    break;
                } catch (IOException | IllegalStateException e) {
                    if (attempt == 50) {
                        throw e;
                    }
                    Thread.sleep(200);
                }
            }
        }
        warmUp(scenario);
        List<String> lines = new ArrayList<>(List.of("## " + title, "", "maximum throughput (closed loop)"));
        List<Double> shares = new ArrayList<>();
        List<Double> gatewayCpu = new ArrayList<>();
        List<Double> nginxCpu = new ArrayList<>();
        List<Double> cpuRatios = new ArrayList<>();
        double gatewayRps = 0;
        for (int round = 1; round <= rounds; round++) {
            Stats bestDirect = null;
            Stats bestGateway = null;
            Stats bestNginx = null;
            for (int level : concurrencies) {
                System.out.println("bench: " + scenario.name() + ": maximum throughput, round " + round + ", concurrency " + level);
                Stats direct = closedLoop(scenario.directTarget(), measureSeconds, level);
                Stats gateway = closedLoop(scenario.gatewayTarget(), measureSeconds, level);
                lines.add(direct.line("round " + round + " c" + level + " direct to " + scenario.name()));
                lines.add(gateway.line("round " + round + " c" + level + " through gateway (OAuth 1.0)"));
                bestDirect = best(bestDirect, direct);
                bestGateway = best(bestGateway, gateway);
                if (scenario.nginxTarget() != null) {
                    Stats viaNginx = closedLoop(scenario.nginxTarget(), measureSeconds, level);
                    lines.add(viaNginx.line("round " + round + " c" + level + " through nginx (plain proxy)"));
                    bestNginx = best(bestNginx, viaNginx);
                }
            }
            lines.add(String.format("round %d maxima: direct %.0f req/s, through the gateway %.0f req/s (%.0f%%)%s", round,
                    bestDirect.rps(), bestGateway.rps(), 100 * bestGateway.rps() / bestDirect.rps(),
                    bestNginx == null ? "" : String.format(", through nginx %.0f req/s", bestNginx.rps())));
            shares.add(bestGateway.rps() / bestDirect.rps());
            gatewayRps = Math.max(gatewayRps, bestGateway.rps());
            gatewayCpu.add(bestGateway.cpuMsOf("gateway"));
            if (bestNginx != null) {
                // each at its best level: the CPU one proxied request costs each proxy at its own maximum
                nginxCpu.add(bestNginx.cpuMsOf("nginx"));
                cpuRatios.add(bestGateway.cpuMsOf("gateway") / bestNginx.cpuMsOf("nginx"));
                lines.add(String.format("round %d CPU per proxied request at each one's best level: gateway %.3f ms (signed,"
                        + " verified, nonce in Redis: redis %.3f ms), nginx %.3f ms (plain proxy): gateway / nginx = %.1f", round,
                        bestGateway.cpuMsOf("gateway"), bestGateway.cpuMsOf("redis"), bestNginx.cpuMsOf("nginx"),
                        cpuRatios.get(cpuRatios.size() - 1)));
            }
        }
        double share = median(shares);
        lines.add(String.format("gateway keeps %.0f%% of the direct throughput (median of %d rounds: %s; target >= 75%%)",
                100 * share, rounds, percentages(shares)));
        lines.add(String.format("gateway CPU per signed request at its maximum: %.3f ms (median of %d rounds: %s ms)",
                median(gatewayCpu), rounds, millis(gatewayCpu, 3)));
        if (!cpuRatios.isEmpty()) {
            lines.add(String.format("nginx CPU per proxied request at its maximum: %.3f ms (median of %d rounds: %s ms);"
                    + " gateway / nginx CPU per request: %.1f (median; rounds %s)", median(nginxCpu), rounds, millis(nginxCpu, 3),
                    median(cpuRatios), millis(cpuRatios, 1)));
        }
        lines.add("");

        double rate = Math.max(1, gatewayRps / 2);
        lines.add(String.format("latency at half the gateway's maximum rate (open loop, %.0f req/s)", rate));
        List<Double> p99Overheads = new ArrayList<>();
        List<Double> p50Overheads = new ArrayList<>();
        for (int round = 1; round <= rounds; round++) {
            System.out.printf("bench: %s: latency at %.0f req/s, round %d%n", scenario.name(), rate, round);
            Stats[] pair = interleavedOpenLoop(scenario.directTarget(), scenario.gatewayTarget(), rate, latencySeconds);
            Stats direct = pair[0];
            Stats gateway = pair[1];
            lines.add(direct.line("round " + round + " direct to " + scenario.name()));
            lines.add(gateway.line("round " + round + " through gateway (OAuth 1.0)"));
            p99Overheads.add(gateway.p99Ms() - direct.p99Ms());
            p50Overheads.add(gateway.p50Ms() - direct.p50Ms());
        }
        lines.add(String.format("p99 overhead of the gateway, end to end: %.2f ms (median of %d rounds: %s ms); p50 overhead %.2f ms;"
                + " the verdict is the gateway's own hop at p99 on the wire (< 2 ms): wire_latency.py, see README",
                median(p99Overheads), rounds, millis(p99Overheads, 2), median(p50Overheads)));
        lines.add("");
        return lines;
    }

    /**
     * Both paths in alternating 10 s slices until each has served {@link #warmupRequests} requests (and at least
     * {@link #warmupSeconds} in all): the JIT of every JVM on the path compiles for minutes on this machine, and a count
     * of requests, not of seconds, is what brings it to steady state.
     */
    private void warmUp(Scenario scenario) throws InterruptedException {
        long direct = 0;
        long gateway = 0;
        long start = System.nanoTime();
        long deadline = start + TimeUnit.SECONDS.toNanos(Math.max(warmupSeconds, 600));
        while ((direct < warmupRequests || gateway < warmupRequests
                || System.nanoTime() - start < TimeUnit.SECONDS.toNanos(warmupSeconds)) && System.nanoTime() < deadline) {
            Stats d = closedLoop(scenario.directTarget(), WARMUP_SLICE_SECONDS, warmupConcurrency);
            Stats g = closedLoop(scenario.gatewayTarget(), WARMUP_SLICE_SECONDS, warmupConcurrency);
            direct += d.requests();
            gateway += g.requests();
            System.out.printf("bench: %s: warming up, direct %.0f req/s, through the gateway %.0f req/s%n", scenario.name(),
                    d.rps(), g.rps());
        }
    }

    private static double median(List<Double> values) {
        List<Double> sorted = values.stream().sorted().toList();
        int n = sorted.size();
        return n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
    }

    private static String percentages(List<Double> values) {
        return String.join(", ", values.stream().map(v -> String.format("%.0f%%", 100 * v)).toList());
    }

    private static String millis(List<Double> values, int decimals) {
        return String.join(", ", values.stream().map(v -> String.format("%." + decimals + "f", v)).toList());
    }

    /** The faster of two closed-loop phases (a path's maximum is its best level). */
    private static Stats best(Stats sofar, Stats candidate) {
        return sofar == null || candidate.rps() > sofar.rps() ? candidate : sofar;
    }

    /**
     * Starts nginx (the Debian package: apt-get install -y nginx) as a plain reverse proxy to the stub, with as many
     * workers as the gateway has event loops (one per core) and kept-alive upstream connections; 0 when it is not
     * installed (the results say so).
     */
    private int startNginx(int stubPort) throws IOException {
        Path nginxBinary = Path.of("/usr/sbin/nginx");
        if (!Files.isExecutable(nginxBinary)) {
            System.out.println("bench: nginx not installed (apt-get install -y nginx): no reference run");
            return 0;
        }
        int port = freePort();
        Path dir = Path.of("bench/gateway/target/nginx").toAbsolutePath();
        Files.createDirectories(dir);
        Files.writeString(dir.resolve("nginx.conf"), """
                worker_processes %d;
                daemon off;
                pid %s/nginx.pid;
                error_log %s/error.log warn;
                events { worker_connections 4096; }
                http {
                    access_log off;
                    client_body_temp_path %s/body;
                    proxy_temp_path %s/proxy;
                    upstream stub { server 127.0.0.1:%d; keepalive 256; keepalive_timeout 10m; }
                    server {
                        listen 127.0.0.1:%d;
                        keepalive_requests 100000000;
                        keepalive_timeout 10m;
                        location / {
                            proxy_pass http://stub;
                            proxy_http_version 1.1;
                            proxy_set_header Connection "";
                        }
                    }
                }
                """.formatted(Runtime.getRuntime().availableProcessors(), dir, dir, dir, dir, stubPort, port));
        nginx = new ProcessBuilder(nginxBinary.toString(), "-p", dir.toString(), "-c", dir.resolve("nginx.conf").toString())
                .redirectErrorStream(true).redirectOutput(dir.resolve("nginx.log").toFile()).start();
        System.out.println("bench: nginx on port " + port + " (config " + dir.resolve("nginx.conf") + ")");
        return port;
    }

    private String createCompany(OAuthSigner signer, int gatewayPort) throws Exception {
        URI uri = URI.create("http://localhost:" + gatewayPort + "/api/account/v2/companies");
        String externalId = "bench-" + UUID.randomUUID();
        HttpResponse<String> r = client.send(HttpRequest.newBuilder(uri)
                .header("Authorization", signer.authorizationHeader("POST", uri, null))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString("{\"name\":\"Bench Co\",\"externalId\":\"" + externalId
                        + "\",\"countryCode\":\"US\"}"))
                .build(), HttpResponse.BodyHandlers.ofString());
        Matcher uuid = UUID_FIELD.matcher(r.body());
        if (r.statusCode() != 201 || !uuid.find()) {
            throw new IllegalStateException("company could not be created through the gateway: " + r.statusCode() + " " + r.body());
        }
        return uuid.group(1);
    }

    private void start(String name, Path jar, int port, Map<String, String> common, Map<String, String> datasource,
            Map<String, String> extra) throws IOException {
        Map<String, String> env = new HashMap<>(common);
        datasource.forEach((k, v) -> env.put(k.toUpperCase().replace('.', '_').replace('-', '_'), v));
        env.put("QUARKUS_HTTP_PORT", String.valueOf(port));
        // packaged services answer /q/* on a management port of their own (awaitReady)
        env.put("QUARKUS_MANAGEMENT_PORT", String.valueOf(port + 1000));
        env.putAll(extra);
        // BENCH_ENV_<NAME>="KEY=VALUE KEY=VALUE" adds settings to one process (name upper-cased, '-' as '_')
        String added = System.getenv("BENCH_ENV_" + name.toUpperCase().replace('-', '_'));
        if (added != null && !added.isBlank()) {
            for (String setting : added.trim().split("\\s+")) {
                int eq = setting.indexOf('=');
                env.put(setting.substring(0, eq), setting.substring(eq + 1));
            }
        }
        Path log = Path.of("bench/gateway/target/" + name + ".log");
        Files.createDirectories(log.getParent());
        List<String> command = new ArrayList<>();
        String nice = System.getenv("BENCH_NICE_" + name.toUpperCase().replace('-', '_'));
        if (nice != null && !nice.isBlank()) {
            command.addAll(List.of("nice", "-n", nice.trim()));
        }
        // the gateway keeps no nonces in its heap any more (they are in Redis): the same heap as account-service
        command.addAll(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx512m"));
        String extraOptions = System.getenv("BENCH_JAVA_OPTS");
        if (extraOptions != null && !extraOptions.isBlank()) {
            // {name} lets each process write its own file, e.g. -XX:StartFlightRecording=filename=/tmp/{name}.jfr
            command.addAll(List.of(extraOptions.replace("{name}", name).trim().split("\\s+")));
        }
        command.addAll(List.of("-jar", jar.toString()));
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile());
        builder.environment().putAll(env);
        System.out.println("bench: " + name + " on port " + port + " (log " + log + ")");
        Process process = builder.start();
        processes.add(process);
        measured.put(name, process.toHandle());
    }

    private void awaitReady(int port) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(90);
        while (System.nanoTime() < deadline) {
            try {
                HttpResponse<String> r = client.send(HttpRequest.newBuilder(URI.create("http://localhost:" + (port + 1000) + "/q/health/ready"))
                        .build(), HttpResponse.BodyHandlers.ofString());
                if (r.statusCode() == 200) {
                    return;
                }
            } catch (IOException e) {
                // not listening yet
            }
            Thread.sleep(300);
        }
        throw new IllegalStateException("port " + port + " did not become ready; see bench/gateway/target/*.log");
    }

    private void check(HttpRequest request) throws Exception {
        HttpResponse<String> r = client.send(request, HttpResponse.BodyHandlers.ofString());
        if (r.statusCode() != 200 || !r.body().contains("\"uuid\"")) {
            throw new IllegalStateException(request.uri() + " answered " + r.statusCode() + ": " + r.body());
        }
    }

    /** {@code concurrency} connections, each sending the next request when the previous one answered. */
    private Stats closedLoop(Target target, int seconds, int concurrency) throws InterruptedException {
        // generous: a phase that runs out signs on the spot and the results say so
        target.prepare((long) (Math.max(bestRate.getOrDefault(target.uri(), 0.0), 8_000) * seconds * 2));
        HttpClient client = loadClient(concurrency);
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        ConcurrentLinkedQueue<Long> latencies = new ConcurrentLinkedQueue<>();
        AtomicLong errors = new AtomicLong();
        CountDownLatch done = new CountDownLatch(concurrency);
        Map<String, Long> cpuBefore = cpuNanos();
        long start = System.nanoTime();
        for (int i = 0; i < concurrency; i++) {
            sendUntil(client, target, end, latencies, errors, done);
        }
        done.await(seconds + 2L * REQUEST_TIMEOUT_MILLIS / 1000, TimeUnit.SECONDS);
        Map<String, Long> cpuAfter = cpuNanos();
        client.close();
        // the rate over the phase's own window: a straggler (an answer that never came, cut at REQUEST_TIMEOUT_MILLIS and
        // counted as an error) must not stretch the phase and divide its requests by 70 s, as it once did
        Stats stats = stats(latencies, end - start, errors.get());
        bestRate.merge(target.uri(), stats.rps(), Math::max);
        return stats.withCpu(cpuPerRequest(cpuBefore, cpuAfter, stats.requests()) + signedLate(target),
                cpuMsPerRequest(cpuBefore, cpuAfter, stats.requests()));
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
    private Stats[] interleavedOpenLoop(Target direct, Target gateway, double rate, int seconds) throws InterruptedException {
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
            Map<String, Long> before = cpuNanos();
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
            Map<String, Long> after = cpuNanos();
            after.forEach((name, value) -> cpuUsed.get(path).merge(name, value - before.getOrDefault(name, 0L), Long::sum));
        }
        Stats[] result = new Stats[2];
        for (int path = 0; path < 2; path++) {
            clients[path].close();
            writeTrace(targets[path], traces[path], wallStart, start);
            Stats stats = stats(latencies.get(path), elapsed[path], errors[path]);
            result[path] = stats.withCpu(cpuPerRequest(Map.of(), cpuUsed.get(path), stats.requests()) + signedLate(targets[path]),
                    cpuMsPerRequest(Map.of(), cpuUsed.get(path), stats.requests()));
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

    private static Stats stats(Collection<Long> samples, long elapsedNanos, long errors) {
        long[] merged = samples.stream().mapToLong(Long::longValue).sorted().toArray();
        if (merged.length == 0) {
            return new Stats(0, 0, 0, 0, errors, "", Map.of());
        }
        double p50 = merged[(int) Math.min(merged.length - 1, Math.round(merged.length * 0.50))] / 1e6;
        double p99 = merged[(int) Math.min(merged.length - 1, Math.round(merged.length * 0.99))] / 1e6;
        return new Stats(merged.length / (elapsedNanos / 1e9), p50, p99, merged.length, errors, "", Map.of());
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }
}
