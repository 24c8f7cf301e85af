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
    /**
     * The gateway's encryption key in the devstack (channel consumer secrets at rest): the development default, stated
     * here so that {@link #createChannelConsumer} writes what the gateway reads, and data kept under .dev/ still reads.
     */
    static final String GATEWAY_ENCRYPTION_KEY = "dev-only-encryption-key-change-me";
    private static final int READY_SECONDS = 180;
    /** Packaged services serve /q/* on a management port of their own: here, their HTTP port plus this. */
    public static final int MANAGEMENT_PORT_OFFSET = 1000;

    private final Options options;
    private final List<Process> processes = new ArrayList<>();
    private final Map<String, Launched> launched = new java.util.concurrent.ConcurrentHashMap<>();
    private GreenMail mail;
    private String kafka;
    private String publicKey;
    private String privateKeyPem;
    /** The gateway's edge key (OAuth 2.0 access tokens), its own: no service holds any part of it. */
    private String accessTokenKeyPem;
    /** Each service that calls others by itself signs with a key of its own: module -> PEM, issuer's public key by module. */
    private final Map<String, String> serviceKeyPems = new HashMap<>();
    private final Map<String, String> servicePublicKeys = new HashMap<>();
    /** The services that mint service tokens (ServiceTokens) and so get a key pair of their own. */
    static final List<String> MINTING_SERVICES = List.of("account-service", "reseller-service", "catalog-service",
            "billing-service", "notification-service", "lead-service");
    private KafkaProcess kafkaProcess;
    private PaymentSandbox payments;

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
        requireFree(options.portBase());
        DevStack stack = new DevStack(options);
        try {
            stack.startAll();
        } catch (Exception e) {
            stack.close();
            throw e;
        }
        return stack;
    }

    /**
     * A second stack on the same ports would share the first one's gateway and services, and each would see the other's
     * stop as connections refused: refuse to start instead, naming the way out.
     */
    private static void requireFree(int portBase) {
        for (int port = portBase; port < portBase + ServiceSpec.ALL.size(); port++) {
            try (java.net.Socket probe = new java.net.Socket()) {
                probe.connect(new java.net.InetSocketAddress("127.0.0.1", port), 200);
                throw new IllegalStateException("Port " + port + " is taken, probably by another devstack: stop it or start this"
                        + " one on another base port");
            } catch (IOException free) {
                // nothing listens there
            }
        }
    }

    public String gatewayUrl() {
        return "http://localhost:" + options.portBase();
    }

    /** The gateway's management interface: metrics and OpenAPI, never on its public port. */
    public String gatewayManagementUrl() {
        return "http://localhost:" + (options.portBase() + MANAGEMENT_PORT_OFFSET);
    }

    public String serviceUrl(String module) {
        return ServiceSpec.ALL.stream().filter(s -> s.module().equals(module)).findFirst()
                .map(s -> "http://localhost:" + (options.portBase() + s.portOffset())).orElseThrow();
    }

    public GreenMail mail() {
        return mail;
    }

    /** The sandbox card payment gateway billing-service charges. */
    public PaymentSandbox payments() {
        return payments;
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

    /**
     * Provisions another marketplace's channel consumer, as an operator would in the gateway's database (the API has no
     * way to create one): tests of tenancy need two partners. Nothing happens when the key or the partner exists.
     */
    public void createChannelConsumer(String partner, String key, String secret, String... authorities) throws Exception {
        try (java.sql.Connection c = Postgres.server().getDatabase("postgres", "gateway").getConnection();
                java.sql.PreparedStatement insert = c.prepareStatement("insert into channel_consumer (consumer_key, secret, "
                        + "partner, authorities) values (?, ?, ?, ?) on conflict do nothing")) {
            insert.setString(1, key);
            insert.setString(2, new dev.marketplace.common.crypto.SecretCipher(GATEWAY_ENCRYPTION_KEY).encrypt(key, secret));
            insert.setString(3, partner);
            insert.setString(4, String.join(",", authorities));
            insert.executeUpdate();
        }
    }

    /**
     * The PKCS#8 PEM of a signing key of the stack: {@code internal-token} (the gateway's internal tokens),
     * {@code access-token} (its OAuth 2.0 tokens), or {@code <service>-token} of a service that mints service tokens.
     */
    public String signingKeyPem(String name) throws Exception {
        return pem(keys(options.dataDir().resolve("keys"), name));
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
        payments = PaymentSandbox.start();
        KeyPair keys = keys(options.dataDir().resolve("keys"), "internal-token");
        publicKey = Base64.getEncoder().encodeToString(keys.getPublic().getEncoded());
        privateKeyPem = pem(keys);
        accessTokenKeyPem = pem(keys(options.dataDir().resolve("keys"), "access-token"));
        for (String module : MINTING_SERVICES) {
            KeyPair own = keys(options.dataDir().resolve("keys"), module.replace("-service", "") + "-token");
            serviceKeyPems.put(module, pem(own));
            servicePublicKeys.put(module, Base64.getEncoder().encodeToString(own.getPublic().getEncoded()));
        }

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
        return startGatewayReplica(port, Map.of());
    }

    /** The same, with settings of its own on top ({@code MARKETPLACE_GATEWAY_...} environment variables). */
    public String startGatewayReplica(int port, Map<String, String> settings) throws Exception {
        ServiceSpec gateway = ServiceSpec.ALL.stream().filter(s -> s.module().equals("gateway")).findFirst().orElseThrow();
        Path jar = options.root().resolve("gateway/target/quarkus-app/quarkus-run.jar");
        Map<String, String> env = environment(gateway, port);
        env.putAll(settings);
        processes.add(launch("gateway-" + port, jar, env));
        String url = "http://localhost:" + port;
        awaitReady("gateway-" + port, URI.create("http://localhost:" + (port + MANAGEMENT_PORT_OFFSET) + "/q/health/ready"));
        return url;
    }

    private Map<String, String> environment(ServiceSpec service, int port) {
        Map<String, String> env = new HashMap<>();
        env.put("QUARKUS_HTTP_PORT", String.valueOf(port));
        env.put("PORT", String.valueOf(port));
        env.put("QUARKUS_MANAGEMENT_PORT", String.valueOf(port + MANAGEMENT_PORT_OFFSET));
        // traces to an OTLP/HTTP collector when one is named (the end-to-end tests start one)
        String otlp = System.getProperty("devstack.otlp.endpoint", System.getenv("DEVSTACK_OTLP_ENDPOINT"));
        if (otlp != null && !otlp.isBlank()) {
            env.put("QUARKUS_OTEL_SDK_DISABLED", "false");
            env.put("QUARKUS_OTEL_EXPORTER_OTLP_TRACES_ENDPOINT", otlp);
            env.put("QUARKUS_OTEL_EXPORTER_OTLP_TRACES_PROTOCOL", "http/protobuf");
            env.put("QUARKUS_OTEL_BSP_SCHEDULE_DELAY", "200ms");
        }
        if (service.database() != null) {
            Map<String, String> ds = Postgres.datasourceConfig(service.database());
            ds.forEach((key, value) -> env.put(key.toUpperCase().replace('.', '_').replace('-', '_'), value));
        }
        env.put("KAFKA_BOOTSTRAP_SERVERS", kafka);
        // every service trusts the gateway's internal tokens, and the service tokens of the peers it lists
        // (marketplace.internal-token.peers.*), each verified with that service's own public key
        env.put("QUARKUS_OIDC_PUBLIC_KEY", publicKey);
        env.put("INTERNAL_TOKEN_PUBLIC_KEY", publicKey);
        servicePublicKeys.forEach((module, key) -> env.put(module.replace("-service", "").toUpperCase() + "_TOKEN_PUBLIC_KEY", key));
        if (serviceKeyPems.containsKey(service.module())) {
            env.put("MARKETPLACE_INTERNAL_TOKEN_PRIVATE_KEY", serviceKeyPems.get(service.module()));
        }
        env.put("MARKETPLACE_PUBLIC_BASE_URL", gatewayUrl());
        env.put("MARKETPLACE_BASE_URL", gatewayUrl());
        env.put("PUBLIC_BASE_URL", gatewayUrl());
        env.put("QUARKUS_MAILER_HOST", "127.0.0.1");
        env.put("QUARKUS_MAILER_PORT", String.valueOf(mail.getSmtp().getPort()));
        env.put("QUARKUS_MAILER_MOCK", "false");
        env.put("QUARKUS_MAILER_FROM", "marketplace@localhost");
        if (service.module().equals("gateway")) {
            env.put("MARKETPLACE_GATEWAY_ENCRYPTION_KEY", GATEWAY_ENCRYPTION_KEY);
            env.put("MARKETPLACE_GATEWAY_INTERNAL_TOKEN_PRIVATE_KEY", privateKeyPem);
            env.put("MARKETPLACE_GATEWAY_ACCESS_TOKEN_PRIVATE_KEY", accessTokenKeyPem);
            // the URL clients sign against: the stack's gateway URL, which every replica serves as replicas behind one load
            // balancer do (the Host names it), then the replica's own port; /q/* on a management port of its own
            String own = "http://localhost:" + port;
            env.put("MARKETPLACE_GATEWAY_PUBLIC_BASE_URLS", own.equals(gatewayUrl()) ? own : gatewayUrl() + "," + own);
            env.put("MARKETPLACE_GATEWAY_MANAGEMENT_PORT", String.valueOf(port + MANAGEMENT_PORT_OFFSET));
            // end-to-end tests fail authentication on purpose, hundreds of times from one address: a wider bucket than
            // production's (tests of the throttle start a replica with the production defaults)
            env.put("MARKETPLACE_GATEWAY_ABUSE_FAILED_AUTHENTICATIONS_CAPACITY", "2000");
            env.put("MARKETPLACE_GATEWAY_ABUSE_FAILED_AUTHENTICATIONS_REFILL_TOKENS", "200");
            env.put("MARKETPLACE_GATEWAY_ABUSE_TOKEN_REQUESTS_CAPACITY", "2000");
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
            // GET /openapi combines the documents the gateway and the services serve on their management ports
            StringBuilder openapi = new StringBuilder("gateway=http://localhost:" + (port + MANAGEMENT_PORT_OFFSET) + "/q/openapi");
            for (ServiceSpec upstream : ServiceSpec.ALL) {
                if (!upstream.module().equals("gateway")) {
                    openapi.append(',').append(upstream.routeName()).append("=http://localhost:")
                            .append(options.portBase() + upstream.portOffset() + MANAGEMENT_PORT_OFFSET).append("/q/openapi");
                }
            }
            env.put("MARKETPLACE_OPENAPI_SOURCES", openapi.toString());
        }
        // each service's own URL of its neighbours (catalog for billing and the notifier, account for the others)
        for (ServiceSpec neighbour : ServiceSpec.ALL) {
            env.put("MARKETPLACE_SERVICES_" + neighbour.routeName().toUpperCase() + "_URL",
                    "http://localhost:" + (options.portBase() + neighbour.portOffset()));
        }
        env.put("CATALOG_URL", serviceUrl("catalog-service"));
        // vendors and connectors of a local run listen on loopback ports: let the outbound-URL guard through to them, and
        // to nothing else of the operator's network (private, link-local and metadata addresses stay refused)
        env.put("MARKETPLACE_OUTBOUND_ALLOW_LOOPBACK", "true");
        env.put("MARKETPLACE_OUTBOUND_PORTS", "*");
        env.put("PAYMENT_GATEWAY_URL", payments.url());
        return env;
    }

    private Process launch(String name, Path jar, Map<String, String> env) throws IOException {
        return launch(name, jar, env, false);
    }

    /**
     * Each service's JVM options: small and quick to start by default (C1 only, serial GC), or {@code devstack.jvm-options}
     * (space-separated) where a benchmark wants the services as production runs them, with the full JIT.
     */
    static List<String> jvmOptions() {
        String given = System.getProperty("devstack.jvm-options", "").trim();
        return given.isEmpty() ? List.of("-Xmx256m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1")
                : List.of(given.split("\\s+"));
    }

    /** {@code again}: a restart, whose log continues the killed process's one. */
    private Process launch(String name, Path jar, Map<String, String> env, boolean again) throws IOException {
        Path log = options.dataDir().resolve("logs").resolve(name + ".log");
        List<String> jvm = new ArrayList<>(jvmOptions());
        jvm.add("-Dquarkus.profile=dev-stack");
        // the management interface of a packaged build starts only where it is enabled in the running profile
        jvm.add("-Dquarkus.management.enabled=true");
        List<String> command = JavaService.command(jar, jvm);
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
        // health answers on the management port
        awaitReady(module, URI.create("http://localhost:" + service.env().get("QUARKUS_MANAGEMENT_PORT") + "/q/health/ready"));
    }

    /**
     * Makes one service's database refuse connections, and drops those it has: to that service the database is down
     * (every other database of the server keeps serving) until {@link #acceptConnections} is called.
     */
    public void refuseConnections(String database) throws java.sql.SQLException {
        try (java.sql.Connection c = Postgres.server().getPostgresDatabase().getConnection();
                java.sql.Statement st = c.createStatement()) {
            st.execute("alter database \"" + database + "\" allow_connections false");
            st.execute("select pg_terminate_backend(pid) from pg_stat_activity where datname = '" + database + "'");
        }
    }

    public void acceptConnections(String database) throws java.sql.SQLException {
        try (java.sql.Connection c = Postgres.server().getPostgresDatabase().getConnection();
                java.sql.Statement st = c.createStatement()) {
            st.execute("alter database \"" + database + "\" allow_connections true");
        }
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
            awaitReady(service.module(), URI.create("http://localhost:" + (options.portBase() + service.portOffset() + MANAGEMENT_PORT_OFFSET)
                    + "/q/health/ready"),
                    deadline);
        }
    }

    private void awaitReady(String name, URI ready) throws Exception {
        awaitReady(name, ready, System.nanoTime() + TimeUnit.SECONDS.toNanos(READY_SECONDS));
    }

    private void awaitReady(String name, URI ready, long deadline) throws Exception {
        JavaService.awaitReady(name, ready, deadline, processes, options.dataDir().resolve("logs").toString());
    }

    private static String pem(KeyPair keys) {
        return "-----BEGIN PRIVATE KEY-----\n" + Base64.getMimeEncoder().encodeToString(keys.getPrivate().getEncoded())
                + "\n-----END PRIVATE KEY-----\n";
    }

    /** A key pair kept under {@code keys/<name>.key|.pub}, so that restarts keep trusting each other. */
    private static KeyPair keys(Path dir, String name) throws Exception {
        Path privateFile = dir.resolve(name + ".key");
        Path publicFile = dir.resolve(name + ".pub");
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
        if (payments != null) {
            payments.close();
        }
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
                  Card payments:   %s (sandbox; test cards in billing-service/README.md)
                  Logs:            %s
                Press Ctrl-C to stop.
                %n""", stack.gatewayUrl(), PARTNER, CONSUMER_KEY, CONSUMER_SECRET, pgPort, stack.kafka, stack.redisUrl(),
                stack.mail.getSmtp().getPort(), stack.payments.url(), root.resolve(".dev/logs"));
        MailPrinter.follow(stack.mail);
    }
}
