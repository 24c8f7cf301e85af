package dev.marketplace.bench;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import dev.marketplace.common.oauth.OAuthSigner;
import dev.marketplace.common.security.InternalToken;
import dev.marketplace.testkit.InternalTokens;
import dev.marketplace.testkit.Kafka;
import dev.marketplace.testkit.Postgres;
import dev.marketplace.testkit.Redis;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpClient;

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
    private final int measureSeconds = Integer.getInteger("bench.seconds", 10);
    /**
     * Open-loop rounds are longer: at half rate a 10 s round holds under 20,000 requests, so one stall of the shared
     * machine (a JIT burst, the hypervisor taking both cores for 100 ms) decided a round's p99 on its own.
     */
    private final int latencySeconds = Integer.getInteger("bench.latency-seconds", 30);
    private final int rounds = Integer.getInteger("bench.rounds", 3);
    private final java.net.http.HttpClient client = java.net.http.HttpClient.newBuilder().version(java.net.http.HttpClient.Version.HTTP_1_1)
            .executor(Executors.newFixedThreadPool(4)).connectTimeout(Duration.ofSeconds(2)).build();
    private final OsAccounting os = new OsAccounting();
    private final LoadGenerator load = new LoadGenerator(os);
    private final BenchProcesses processes = new BenchProcesses(os);

    public static void main(String[] args) throws Exception {
        Path results = Path.of(args.length > 0 ? args[0] : "bench/gateway/results.txt");
        Path gatewayJar = Path.of(args.length > 1 ? args[1] : "gateway/target/quarkus-app/quarkus-run.jar");
        Path accountJar = Path.of(args.length > 2 ? args[2] : "account-service/target/quarkus-app/quarkus-run.jar");
        new GatewayBench().run(results, gatewayJar, accountJar);
        System.exit(0);
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

            int accountPort = BenchProcesses.freePort();
            processes.start("account-service", accountJar, accountPort, env, Postgres.datasourceConfig("account_bench"), Map.of());
            int gatewayPort = BenchProcesses.freePort();
            // the stub takes the lead-service route: one gateway, both upstreams; nonces and buckets in a real Redis
            processes.start("gateway", gatewayJar, gatewayPort, env, Postgres.datasourceConfig("gateway_bench"), Map.of(
                    "MARKETPLACE_GATEWAY_ROUTES_ACCOUNT_UPSTREAM", "http://localhost:" + accountPort,
                    "MARKETPLACE_GATEWAY_ROUTES_LEAD_UPSTREAM", "http://localhost:" + stubPort,
                    "REDIS_URL", Redis.url(),
                    "MARKETPLACE_GATEWAY_ENCRYPTION_KEY", "bench-encryption-key-" + UUID.randomUUID(),
                    "MARKETPLACE_GATEWAY_ACCESS_TOKEN_PRIVATE_KEY", InternalTokens.privateKeyPem(),
                    "MARKETPLACE_GATEWAY_BOOTSTRAP_CONSUMER_SECRET", SECRET,
                    "MARKETPLACE_GATEWAY_REDIS_KEY_PREFIX", "bench-" + UUID.randomUUID() + ":",
                    // metrics and OpenAPI are on the management interface, on a port of its own
                    "MARKETPLACE_GATEWAY_MANAGEMENT_PORT", Integer.toString(BenchProcesses.freePort()),
                    // one consumer signs every measured call: far more nonces per window than a client would send
                    "MARKETPLACE_GATEWAY_OAUTH1_NONCE_QUOTA", "1000000000"));
            os.redis(Redis.port());
            int nginxPort = processes.startNginx(stubPort);
            processes.awaitReady(accountPort);
            processes.awaitReady(gatewayPort);

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
                    "services' JVMs as in their pods: " + String.join(" ", BenchProcesses.POD_JVM_OPTIONS)
                            + (System.getenv("BENCH_JAVA_OPTS") == null ? "" : ", then BENCH_JAVA_OPTS " + System.getenv("BENCH_JAVA_OPTS")),
                    OsAccounting.damonNote(),
                    "settings added: " + BenchProcesses.processSettings(),
                    "through the gateway each request is signed (OAuth 1.0 HMAC-SHA1 header) with a fresh nonce, verified,",
                    "its nonce recorded in Redis (one SET NX PX, shared by every replica), and forwarded with an",
                    "internal JWT (by default the GET goes ahead while Redis answers, its answer held until Redis confirms",
                    "the nonce's first use: the routes' overlap-replay-check); direct calls to account-service carry an",
                    "internal JWT minted by the benchmark (services refuse calls without one); the load generator signs",
                    "each phase's requests (one signature and nonce per request) before the phase starts, as it mints the",
                    "direct path's token once, so that its own HMAC work is not charged to the shared cores while a path",
                    "is measured",
                    "closed loop: " + rounds + " rounds, each of " + measureSeconds + " s direct then " + measureSeconds
                            + " s through the gateway at each concurrency of " + concurrencies + "; a path's maximum in a"
                            + " round is its best level;"
                            + " latency (open loop): " + rounds + " rounds of " + latencySeconds + " s each way, the paths taking turns"
                            + " every " + LoadGenerator.SLICE_SECONDS + " s, after " + LoadGenerator.LEAD_IN_SECONDS + " s of unmeasured lead-in each, taking turns the same way",
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
            Report.write(results, report);
        } finally {
            processes.stopAll();
            vertx.close();
            load.close();
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
                Stats direct = load.closedLoop(scenario.directTarget(), measureSeconds, level);
                Stats gateway = load.closedLoop(scenario.gatewayTarget(), measureSeconds, level);
                lines.add(direct.line("round " + round + " c" + level + " direct to " + scenario.name()));
                lines.add(gateway.line("round " + round + " c" + level + " through gateway (OAuth 1.0)"));
                bestDirect = Stats.best(bestDirect, direct);
                bestGateway = Stats.best(bestGateway, gateway);
                if (scenario.nginxTarget() != null) {
                    Stats viaNginx = load.closedLoop(scenario.nginxTarget(), measureSeconds, level);
                    lines.add(viaNginx.line("round " + round + " c" + level + " through nginx (plain proxy)"));
                    bestNginx = Stats.best(bestNginx, viaNginx);
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
        double share = Stats.median(shares);
        lines.add(String.format("gateway keeps %.0f%% of the direct throughput (median of %d rounds: %s; target >= 75%%)",
                100 * share, rounds, Report.percentages(shares)));
        lines.add(String.format("gateway CPU per signed request at its maximum: %.3f ms (median of %d rounds: %s ms)",
                Stats.median(gatewayCpu), rounds, Report.millis(gatewayCpu, 3)));
        if (!cpuRatios.isEmpty()) {
            lines.add(String.format("nginx CPU per proxied request at its maximum: %.3f ms (median of %d rounds: %s ms);"
                    + " gateway / nginx CPU per request: %.1f (median; rounds %s)", Stats.median(nginxCpu), rounds, Report.millis(nginxCpu, 3),
                    Stats.median(cpuRatios), Report.millis(cpuRatios, 1)));
        }
        lines.add("");

        double rate = Math.max(1, gatewayRps / 2);
        lines.add(String.format("latency at half the gateway's maximum rate (open loop, %.0f req/s)", rate));
        List<Double> p99Overheads = new ArrayList<>();
        List<Double> p50Overheads = new ArrayList<>();
        for (int round = 1; round <= rounds; round++) {
            System.out.printf("bench: %s: latency at %.0f req/s, round %d%n", scenario.name(), rate, round);
            Stats[] pair = load.interleavedOpenLoop(scenario.directTarget(), scenario.gatewayTarget(), rate, latencySeconds);
            Stats direct = pair[0];
            Stats gateway = pair[1];
            lines.add(direct.line("round " + round + " direct to " + scenario.name()));
            lines.add(gateway.line("round " + round + " through gateway (OAuth 1.0)"));
            p99Overheads.add(gateway.p99Ms() - direct.p99Ms());
            p50Overheads.add(gateway.p50Ms() - direct.p50Ms());
        }
        lines.add(String.format("p99 overhead of the gateway, end to end: %.2f ms (median of %d rounds: %s ms); p50 overhead %.2f ms;"
                + " the verdict is the gateway's own hop at p99 on the wire (< 2 ms): wire_latency.py, see README",
                Stats.median(p99Overheads), rounds, Report.millis(p99Overheads, 2), Stats.median(p50Overheads)));
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
            Stats d = load.closedLoop(scenario.directTarget(), WARMUP_SLICE_SECONDS, warmupConcurrency);
            Stats g = load.closedLoop(scenario.gatewayTarget(), WARMUP_SLICE_SECONDS, warmupConcurrency);
            direct += d.requests();
            gateway += g.requests();
            System.out.printf("bench: %s: warming up, direct %.0f req/s, through the gateway %.0f req/s%n", scenario.name(),
                    d.rps(), g.rps());
        }
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

    private void check(HttpRequest request) throws Exception {
        HttpResponse<String> r = client.send(request, HttpResponse.BodyHandlers.ofString());
        if (r.statusCode() != 200 || !r.body().contains("\"uuid\"")) {
            throw new IllegalStateException(request.uri() + " answered " + r.statusCode() + ": " + r.body());
        }
    }
}
