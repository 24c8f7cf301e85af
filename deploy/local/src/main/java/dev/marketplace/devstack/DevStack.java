package dev.marketplace.devstack;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.KeyFactory;
import java.security.spec.PKCS8EncodedKeySpec;
import java.security.spec.X509EncodedKeySpec;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import com.icegreen.greenmail.util.GreenMail;

import dev.marketplace.testkit.Postgres;
import dev.marketplace.testkit.Redis;
import dev.marketplace.testkit.SmtpResource;

/**
 * The whole suite on one machine: embedded PostgreSQL (data under {@code .dev/postgres}), a KRaft Kafka broker, a
 * redis-server (the gateway's shared state, data under {@code .dev/redis}), an SMTP server, and every service's built jar as its own JVM, wired together through environment variables exactly as
 * an operator would configure containers. {@link #main} runs it until Ctrl-C; tests start it on other ports.
 */
public final class DevStack implements AutoCloseable {
    public static final String CONSUMER_KEY = "marketplace-admin";
    public static final String CONSUMER_SECRET = "marketplace-admin-secret";
    public static final String PARTNER = "MARKETPLACE";
    private static final int READY_SECONDS = 180;

    private final Options options;
    private final List<Process> processes = new ArrayList<>();
    private final Map<String, Launched> launched = new java.util.concurrent.ConcurrentHashMap<>();
    private GreenMail mail;
    private String kafka;
    private String publicKey;
    private String privateKeyPem;
    private KafkaProcess kafkaProcess;

    /**
     * {@code root}: the repository; {@code dataDir}: where state and logs go; {@code portBase}: the gateway's port;
     * {@code postgresPort} and {@code redisPort}: fixed ports when {@code persistent} (0: any free port);
     * {@code serviceEnvironment}: extra environment variables per module (e.g. shorter deadlines for the crash tests).
     */
    public record Options(Path root, Path dataDir, int portBase, int postgresPort, int redisPort, boolean persistent,
            Map<String, Map<String, String>> serviceEnvironment) {
        public Options(Path root, Path dataDir, int portBase, int postgresPort, int redisPort, boolean persistent) {
            this(root, dataDir, portBase, postgresPort, redisPort, persistent, Map.of());
        }
    }

    /** A service process and what started it, so that it can be restarted exactly as it was. */
    private record Launched(String name, Path jar, Map<String, String> env, Process process) {
    }

    private DevStack(Options options) {
        this.options = options;
    }

    public static DevStack start(Options options) throws Exception {
        DevStack stack = new DevStack(options);
        try {
            stack.startAll();
        } catch (Exception e) {
            stack.close();
            throw e;
        }
        return stack;
    }

    public String gatewayUrl() {
        return "http://localhost:" + options.portBase();
    }

    public String serviceUrl(String module) {
        return ServiceSpec.ALL.stream().filter(s -> s.module().equals(module)).findFirst()
                .map(s -> "http://localhost:" + (options.portBase() + s.portOffset())).orElseThrow();
    }

    public GreenMail mail() {
        return mail;
    }

    public String kafkaBootstrapServers() {
        return kafka;
    }

    /** {@code redis://127.0.0.1:<port>} of the gateway's Redis. */
    public String redisUrl() {
        return Redis.url();
    }

    /**
     * An internal token of a channel consumer of {@code partner} with {@code roles}, signed with the stack's key, for
     * calls straight to a service (benchmarks that compare them with calls through the gateway).
     */
    public String internalBearer(String partner, String... roles) throws Exception {
        java.security.PrivateKey key = io.smallrye.jwt.util.KeyUtils.decodePrivateKey(privateKeyPem);
        return "Bearer " + dev.marketplace.common.security.InternalToken.mint(new dev.marketplace.common.security.InternalToken.Claims(
                "bench", "channel", partner, java.util.Set.of(roles), null, null), key, Duration.ofHours(1));
    }

    /** The broker, for tests that stop and restart it. */
    public KafkaProcess kafka() {
        return kafkaProcess;
    }

    private void startAll() throws Exception {
        Files.createDirectories(options.dataDir().resolve("logs"));
        if (options.persistent()) {
            Postgres.persistIn(options.dataDir().resolve("postgres"), options.postgresPort());
        }
        Postgres.server();
        // the state gateway replicas share (nonces seen, leaky buckets); its append-only file keeps it across restarts
        Redis.persistIn(options.dataDir().resolve("redis"), options.redisPort());
        Redis.start();
        // a broker of its own (not the in-process test one): it keeps its data across restarts and can be stopped
        int kafkaPort = options.persistent() ? Integer.parseInt(System.getenv().getOrDefault("DEVSTACK_KAFKA_PORT", "19092")) : 0;
        kafkaProcess = KafkaProcess.start(options.dataDir().resolve("kafka"), kafkaPort);
        kafka = kafkaProcess.bootstrapServers();
        mail = SmtpResource.greenMail();
        KeyPair keys = keys(options.dataDir().resolve("keys"));
        publicKey = Base64.getEncoder().encodeToString(keys.getPublic().getEncoded());
        privateKeyPem = "-----BEGIN PRIVATE KEY-----\n" + Base64.getMimeEncoder().encodeToString(keys.getPrivate().getEncoded())
                + "\n-----END PRIVATE KEY-----\n";

        List<ServiceSpec> started = new ArrayList<>();
        for (ServiceSpec service : ServiceSpec.ALL) {
            Path jar = options.root().resolve(service.module()).resolve("target/quarkus-app/quarkus-run.jar");
            if (!Files.exists(jar)) {
                System.out.println("devstack: " + service.module() + " is not built (" + jar + "), skipped");
                continue;
            }
            if (service.module().equals("gateway")) {
                awaitReady(started);
            }
            Map<String, String> env = environment(service, options.portBase() + service.portOffset());
            env.putAll(options.serviceEnvironment().getOrDefault(service.module(), Map.of()));
            processes.add(launch(service.module(), jar, env));
            started.add(service);
        }
        awaitReady(started);
    }

    /**
     * Starts one more gateway replica on {@code port}: same database, Redis, keys and settings as the first, so the two
     * share consumers, nonces and rate limits, as replicas behind a load balancer do. It stops with the stack.
     */
    public String startGatewayReplica(int port) throws Exception {
        ServiceSpec gateway = ServiceSpec.ALL.stream().filter(s -> s.module().equals("gateway")).findFirst().orElseThrow();
        Path jar = options.root().resolve("gateway/target/quarkus-app/quarkus-run.jar");
        processes.add(launch("gateway-" + port, jar, environment(gateway, port)));
        String url = "http://localhost:" + port;
        awaitReady("gateway-" + port, URI.create(url + "/q/health/ready"));
        return url;
    }

    private Map<String, String> environment(ServiceSpec service, int port) {
        Map<String, String> env = new HashMap<>();
        env.put("QUARKUS_HTTP_PORT", String.valueOf(port));
        env.put("PORT", String.valueOf(port));
        if (service.database() != null) {
            Map<String, String> ds = Postgres.datasourceConfig(service.database());
            ds.forEach((key, value) -> env.put(key.toUpperCase().replace('.', '_').replace('-', '_'), value));
        }
        env.put("KAFKA_BOOTSTRAP_SERVERS", kafka);
        env.put("QUARKUS_OIDC_PUBLIC_KEY", publicKey);
        env.put("INTERNAL_TOKEN_PUBLIC_KEY", publicKey);
        env.put("MARKETPLACE_INTERNAL_TOKEN_PRIVATE_KEY", privateKeyPem);
        env.put("MARKETPLACE_GATEWAY_INTERNAL_TOKEN_PRIVATE_KEY", privateKeyPem);
        env.put("MARKETPLACE_PUBLIC_BASE_URL", gatewayUrl());
        env.put("MARKETPLACE_BASE_URL", gatewayUrl());
        env.put("PUBLIC_BASE_URL", gatewayUrl());
        env.put("QUARKUS_MAILER_HOST", "127.0.0.1");
        env.put("QUARKUS_MAILER_PORT", String.valueOf(mail.getSmtp().getPort()));
        env.put("QUARKUS_MAILER_MOCK", "false");
        env.put("QUARKUS_MAILER_FROM", "marketplace@localhost");
        if (service.module().equals("gateway")) {
            for (ServiceSpec upstream : ServiceSpec.ALL) {
                if (!upstream.module().equals("gateway")) {
                    env.put("MARKETPLACE_GATEWAY_ROUTES_" + upstream.routeName().toUpperCase() + "_UPSTREAM",
                            "http://localhost:" + (options.portBase() + upstream.portOffset()));
                }
            }
            env.put("MARKETPLACE_GATEWAY_VENDOR_CREDENTIALS_URL", serviceUrl("catalog-service"));
            env.put("MARKETPLACE_GATEWAY_BOOTSTRAP_PARTNER", PARTNER);
            env.put("MARKETPLACE_GATEWAY_BOOTSTRAP_CONSUMER_KEY", CONSUMER_KEY);
            env.put("MARKETPLACE_GATEWAY_BOOTSTRAP_CONSUMER_SECRET", CONSUMER_SECRET);
            env.put("REDIS_URL", Redis.url());
        }
        // each service's own URL of its neighbours (catalog for billing and the notifier, account for the others)
        for (ServiceSpec neighbour : ServiceSpec.ALL) {
            env.put("MARKETPLACE_SERVICES_" + neighbour.routeName().toUpperCase() + "_URL",
                    "http://localhost:" + (options.portBase() + neighbour.portOffset()));
        }
        env.put("CATALOG_URL", serviceUrl("catalog-service"));
        return env;
    }

    private Process launch(String name, Path jar, Map<String, String> env) throws IOException {
        return launch(name, jar, env, false);
    }

    /** {@code again}: a restart, whose log continues the killed process's one. */
    private Process launch(String name, Path jar, Map<String, String> env, boolean again) throws IOException {
        Path log = options.dataDir().resolve("logs").resolve(name + ".log");
        List<String> command = JavaService.command(jar, List.of("-Xmx256m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1",
                "-Dquarkus.profile=dev-stack"));
        System.out.println("devstack: starting " + name + " on port " + env.get("QUARKUS_HTTP_PORT") + " (log: " + log + ")");
        Process process = JavaService.start(command, env, log, again);
        launched.put(name, new Launched(name, jar, env, process));
        return process;
    }

    // --- fault injection (the crash tests): kill -9 and restart a service, freeze and thaw a process ---

    /** Kills a service's process with SIGKILL ({@code kill -9}: no shutdown hook, no graceful stop) and waits for it. */
    public void kill(String module) throws InterruptedException {
        Launched service = launched.get(module);
        if (service == null) {
            throw new IllegalArgumentException(module + " was not started");
        }
        Process p = service.process();
        Signals.send(p.pid(), "KILL");
        if (!p.waitFor(30, TimeUnit.SECONDS)) {
            throw new IllegalStateException(module + " survived SIGKILL");
        }
        System.out.println("devstack: killed " + module + " (pid " + p.pid() + ", kill -9)");
    }

    /** Starts a killed service again with the same command and environment; waits until it is ready. */
    public void restart(String module) throws Exception {
        Launched service = launched.get(module);
        if (service == null) {
            throw new IllegalArgumentException(module + " was not started");
        }
        if (service.process().isAlive()) {
            throw new IllegalStateException(module + " is still running");
        }
        processes.remove(service.process());
        processes.add(launch(module, service.jar(), service.env(), true));
        awaitReady(module, URI.create("http://localhost:" + service.env().get("QUARKUS_HTTP_PORT") + "/q/health/ready"));
    }

    /** The PostgreSQL server's postmaster, parent of every process of the server (backends, writers). */
    public long postgresPid() throws java.sql.SQLException {
        try (java.sql.Connection c = Postgres.server().getPostgresDatabase().getConnection();
                java.sql.Statement st = c.createStatement();
                java.sql.ResultSet rs = st.executeQuery("select pg_backend_pid()")) {
            rs.next();
            return ProcessHandle.of(rs.getLong(1)).flatMap(ProcessHandle::parent).map(ProcessHandle::pid)
                    .orElseThrow(() -> new IllegalStateException("the postmaster is not visible"));
        }
    }
    private void awaitReady(List<ServiceSpec> services) throws Exception {
        // one deadline for the whole group, not one per service: a stack that cannot start fails within minutes
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(READY_SECONDS);
        for (ServiceSpec service : services) {
            awaitReady(service.module(), URI.create("http://localhost:" + (options.portBase() + service.portOffset()) + "/q/health/ready"),
                    deadline);
        }
    }

    private void awaitReady(String name, URI ready) throws Exception {
        awaitReady(name, ready, System.nanoTime() + TimeUnit.SECONDS.toNanos(READY_SECONDS));
    }

    private void awaitReady(String name, URI ready, long deadline) throws Exception {
        JavaService.awaitReady(name, ready, deadline, processes, options.dataDir().resolve("logs").toString());
    }

    /** The internal-token key pair, kept under {@code keys/} so that restarts keep trusting each other. */
    private static KeyPair keys(Path dir) throws Exception {
        Path privateFile = dir.resolve("internal-token.key");
        Path publicFile = dir.resolve("internal-token.pub");
        KeyFactory rsa = KeyFactory.getInstance("RSA");
        if (Files.exists(privateFile) && Files.exists(publicFile)) {
            return new KeyPair(rsa.generatePublic(new X509EncodedKeySpec(Files.readAllBytes(publicFile))),
                    rsa.generatePrivate(new PKCS8EncodedKeySpec(Files.readAllBytes(privateFile))));
        }
        KeyPairGenerator generator = KeyPairGenerator.getInstance("RSA");
        generator.initialize(2048);
        KeyPair pair = generator.generateKeyPair();
        Files.createDirectories(dir);
        Files.write(privateFile, pair.getPrivate().getEncoded());
        Files.write(publicFile, pair.getPublic().getEncoded());
        return pair;
    }

    @Override
    public void close() {
        // SIGTERM first: every service shuts down gracefully (in-flight requests finish, the relay stops)
        for (int i = processes.size() - 1; i >= 0; i--) {
            processes.get(i).destroy();
        }
        for (Process p : processes) {
            try {
                if (!p.waitFor(15, TimeUnit.SECONDS)) {
                    p.destroyForcibly();
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                p.destroyForcibly();
            }
        }
        processes.clear();
        if (kafkaProcess != null) {
            kafkaProcess.close();
        }
        Redis.stop();
    }

    public static void main(String[] args) throws Exception {
        Path root = Path.of(args.length > 0 ? args[0] : ".").toAbsolutePath().normalize();
        int port = Integer.parseInt(System.getenv().getOrDefault("DEVSTACK_PORT", "8080"));
        int pgPort = Integer.parseInt(System.getenv().getOrDefault("DEVSTACK_POSTGRES_PORT", "15432"));
        int redisPort = Integer.parseInt(System.getenv().getOrDefault("DEVSTACK_REDIS_PORT", "16379"));
        DevStack stack = start(new Options(root, root.resolve(".dev"), port, pgPort, redisPort, true));
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            System.out.println("devstack: stopping services...");
            stack.close();
        }));
        System.out.printf("""

                Marketplace is up.
                  Gateway:         %s
                  Channel consumer (OAuth 1.0 key/secret, partner %s): %s / %s
                  PostgreSQL:      localhost:%d (user postgres / postgres)
                  Kafka:           %s
                  Redis:           %s (gateway nonces and rate limits, keys under marketplace:)
                  SMTP (GreenMail): localhost:%d (received mail is printed below)
                  Logs:            %s
                Press Ctrl-C to stop.
                %n""", stack.gatewayUrl(), PARTNER, CONSUMER_KEY, CONSUMER_SECRET, pgPort, stack.kafka, stack.redisUrl(),
                stack.mail.getSmtp().getPort(), root.resolve(".dev/logs"));
        MailPrinter.follow(stack.mail);
    }
}
