package dev.marketplace.devstack;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.icegreen.greenmail.util.GreenMail;

import dev.marketplace.common.oauth.OAuthSigner;

import dev.marketplace.testkit.Postgres;
import dev.marketplace.testkit.Redis;
import dev.marketplace.testkit.SmtpResource;

/**
 * The whole suite on one machine: embedded PostgreSQL (data under {@code .dev/postgres}), a KRaft Kafka broker, a
 * redis-server (the gateway's shared state, data under {@code .dev/redis}), an SMTP server, and every service's built
 * jar as its own JVM ({@link ServiceProcesses}), wired together through environment variables exactly as an operator
 * would configure containers ({@link ServiceEnvironment}), with keys of its own ({@link StackKeys}). {@link #main} runs
 * it until Ctrl-C; tests start it on other ports.
 */
public final class DevStack implements AutoCloseable {
    public static final String CONSUMER_KEY = "marketplace-admin";
    public static final String CONSUMER_SECRET = "marketplace-admin-secret";
    public static final String PARTNER = "MARKETPLACE";
    /**
     * The platform operator's credential in the devstack (the marketplaces API, {@code PLATFORM_OPERATOR_KEY} /
     * {@code PLATFORM_OPERATOR_SECRET}): development values, printed at start-up.
     */
    public static final String OPERATOR_KEY = "platform-operator";
    public static final String OPERATOR_SECRET = "platform-operator-secret";
    /**
     * The gateway's encryption key in the devstack (channel consumer secrets at rest): the development default, stated
     * here so that data kept under .dev/ still reads.
     */
    static final String GATEWAY_ENCRYPTION_KEY = "dev-only-encryption-key-change-me";
    /** Packaged services serve /q/* on a management port of their own: here, their HTTP port plus this. */
    public static final int MANAGEMENT_PORT_OFFSET = 1000;
    /** The devstack inbox listens on the gateway's port plus this. */
    public static final int INBOX_PORT_OFFSET = 7;

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    private final Options options;
    private final ServiceProcesses processes;
    private GreenMail mail;
    private String kafka;
    private StackKeys keys;
    private ServiceEnvironment environment;
    private KafkaProcess kafkaProcess;
    private PaymentSandbox payments;
    private SmsSandbox sms;
    private Inbox inbox;
    private SampleVendor sampleVendor;
    private DemoProduct demoProduct;

    /**
     * {@code root}: the repository; {@code dataDir}: where state and logs go; {@code portBase}: the gateway's port;
     * {@code postgresPort} and {@code redisPort}: fixed ports when {@code persistent} (0: any free port);
     * {@code serviceEnvironment}: extra environment variables per module (e.g. shorter deadlines for the crash tests);
     * {@code sampleVendor}: also run the sample vendor and its demo product ({@link SampleVendor}, {@link DemoProduct}).
     */
    public record Options(Path root, Path dataDir, int portBase, int postgresPort, int redisPort, boolean persistent,
            Map<String, Map<String, String>> serviceEnvironment, boolean sampleVendor) {
        public Options(Path root, Path dataDir, int portBase, int postgresPort, int redisPort, boolean persistent) {
            this(root, dataDir, portBase, postgresPort, redisPort, persistent, Map.of());
        }

        public Options(Path root, Path dataDir, int portBase, int postgresPort, int redisPort, boolean persistent,
                Map<String, Map<String, String>> serviceEnvironment) {
            this(root, dataDir, portBase, postgresPort, redisPort, persistent, serviceEnvironment, false);
        }

        /** The same stack with the sample vendor and the demo product, as {@code ./deploy/local/run} starts it. */
        public Options withSampleVendor() {
            return new Options(root, dataDir, portBase, postgresPort, redisPort, persistent, serviceEnvironment, true);
        }
    }

    private DevStack(Options options) {
        this.options = options;
        this.processes = new ServiceProcesses(options.dataDir().resolve("logs"));
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
        return ServiceSpec.of(module).url(options.portBase());
    }

    public GreenMail mail() {
        return mail;
    }

    /** The sandbox card payment gateway billing-service charges. */
    public PaymentSandbox payments() {
        return payments;
    }

    /** Every email and SMS the suite sent, served as pages and JSON ({@link Inbox}). */
    public Inbox inbox() {
        return inbox;
    }

    /** The SMS provider notification-service sends to. */
    public SmsSandbox sms() {
        return sms;
    }

    /** The sample vendor, when the stack runs one ({@link Options#withSampleVendor()}). */
    public VendorApp sampleVendor() {
        return sampleVendor == null ? null : sampleVendor.await();
    }

    /** The demo product wired to the sample vendor, when the stack runs one. */
    public DemoProduct demoProduct() {
        return demoProduct;
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
        java.security.PrivateKey key = io.smallrye.jwt.util.KeyUtils.decodePrivateKey(keys.internalPrivateKeyPem);
        return "Bearer " + dev.marketplace.common.security.InternalToken.mint(new dev.marketplace.common.security.InternalToken.Claims(
                "bench", "channel", partner, java.util.Set.of(roles), null, null), key, Duration.ofHours(1));
    }

    /** A channel consumer's OAuth 1.0 credentials, as the marketplaces API issued them. */
    public record Credential(String partner, String key, String secret) {
        @Override
        public String toString() {
            return "Credential[partner=" + partner + ", key=" + key + ", secret=***]";
        }
    }

    /**
     * Creates a marketplace through the gateway's marketplaces API, signed with the platform operator's credential, as an
     * operator onboards one (gateway/README.md, "Marketplaces"); one that exists already is kept.
     */
    public void createMarketplace(String partner, String name) throws Exception {
        HttpResponse<String> created = asOperator("POST", "/api/platform/v1/marketplaces", JSON.writeValueAsString(Map.of(
                "partner", partner, "name", name, "defaultLocale", "en_US", "defaultCurrency", "USD")));
        if (created.statusCode() != 201 && created.statusCode() != 409) {
            throw new IllegalStateException("Marketplace " + partner + " was not created: " + created.statusCode() + " "
                    + created.body());
        }
    }

    /**
     * A new channel consumer of {@code partner} (its marketplace created first when absent) with {@code authorities},
     * through the marketplaces API: tests of tenancy need two partners. Its key and secret are the API's.
     */
    public Credential createChannelConsumer(String partner, String... authorities) throws Exception {
        createMarketplace(partner, partner + " (devstack)");
        HttpResponse<String> created = asOperator("POST", "/api/platform/v1/marketplaces/" + partner + "/consumers",
                JSON.writeValueAsString(Map.of("name", partner.toLowerCase(java.util.Locale.ROOT) + " devstack",
                        "authorities", List.of(authorities))));
        if (created.statusCode() != 201) {
            throw new IllegalStateException("No consumer of " + partner + ": " + created.statusCode() + " " + created.body());
        }
        com.fasterxml.jackson.databind.JsonNode body = JSON.readTree(created.body());
        return new Credential(partner, body.get("consumerKey").asText(), body.get("consumerSecret").asText());
    }

    /** A call to the gateway signed (OAuth 1.0) with the platform operator's credential; {@code json} may be null. */
    public HttpResponse<String> asOperator(String method, String path, String json) throws Exception {
        URI uri = URI.create(gatewayUrl() + path);
        HttpRequest.Builder request = HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(30))
                .header("Authorization", new OAuthSigner(OPERATOR_KEY, OPERATOR_SECRET).authorizationHeader(method, uri, null))
                .method(method, json == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(json));
        if (json != null) {
            request.header("Content-Type", "application/json");
        }
        return HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    /**
     * The PKCS#8 PEM of a signing key of the stack: {@code internal-token} (the gateway's internal tokens),
     * {@code access-token} (its OAuth 2.0 tokens), or {@code <service>-token} of a service that mints service tokens.
     */
    public String signingKeyPem(String name) throws Exception {
        return StackKeys.pem(StackKeys.keys(options.dataDir().resolve("keys"), name));
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
        keys = StackKeys.in(options.dataDir().resolve("keys"));
        environment = new ServiceEnvironment(options.portBase(), kafka, keys, mail.getSmtp().getPort(), payments.url());
        sms = SmsSandbox.start();
        inbox = Inbox.start(options.portBase() + INBOX_PORT_OFFSET, mail, sms, gatewayUrl(), CONSUMER_KEY, CONSUMER_SECRET);
        environment.withInbox(inbox.url(), sms.url());
        if (options.sampleVendor()) {
            sampleVendor = SampleVendor.launch(options.root(), options.dataDir(), options.portBase());
        }

        List<ServiceSpec> started = new ArrayList<>();
        for (ServiceSpec service : ServiceSpec.ALL) {
            Path jar = options.root().resolve(service.module()).resolve("target/quarkus-app/quarkus-run.jar");
            if (!Files.exists(jar)) {
                System.out.println("devstack: " + service.module() + " is not built (" + jar + "), skipped");
                continue;
            }
            if (service.module().equals("gateway")) {
                processes.awaitReady(started, options.portBase());
            }
            Map<String, String> env = environment.of(service, options.portBase() + service.portOffset());
            env.putAll(options.serviceEnvironment().getOrDefault(service.module(), Map.of()));
            processes.launch(service.module(), jar, env);
            started.add(service);
        }
        processes.awaitReady(started, options.portBase());
        if (sampleVendor != null) {
            demoProduct = sampleVendor.wireDemoProduct(gatewayUrl());
        }
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
        Path jar = options.root().resolve("gateway/target/quarkus-app/quarkus-run.jar");
        Map<String, String> env = environment.of(ServiceSpec.of("gateway"), port);
        env.putAll(settings);
        processes.launch("gateway-" + port, jar, env);
        String url = "http://localhost:" + port;
        processes.awaitReady("gateway-" + port, URI.create("http://localhost:" + (port + MANAGEMENT_PORT_OFFSET) + "/q/health/ready"));
        return url;
    }

    // --- fault injection (the crash tests): kill -9 and restart a service, freeze and thaw a process ---

    /** Kills a service's process with SIGKILL ({@code kill -9}: no shutdown hook, no graceful stop) and waits for it. */
    public void kill(String module) throws InterruptedException {
        processes.kill(module);
    }

    /** Starts a killed service again with the same command and environment; waits until it is ready. */
    public void restart(String module) throws Exception {
        processes.restart(module);
    }

    /** Starts a killed service again with settings of its own on top (environment variables), such as a fault point. */
    public void restart(String module, Map<String, String> settings) throws Exception {
        processes.restart(module, settings);
    }

    /** Waits until a service's process ended by itself (a fault point halted it); false when still running after that. */
    public boolean awaitExit(String module, long seconds) throws InterruptedException {
        return processes.awaitExit(module, seconds);
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

    @Override
    public void close() {
        processes.stop();
        if (sampleVendor != null) {
            sampleVendor.close();
        }
        if (kafkaProcess != null) {
            kafkaProcess.close();
        }
        Redis.stop();
        if (payments != null) {
            payments.close();
        }
        if (inbox != null) {
            inbox.close();
        }
        if (sms != null) {
            sms.close();
        }
    }

    public static void main(String[] args) throws Exception {
        Path root = Path.of(args.length > 0 ? args[0] : ".").toAbsolutePath().normalize();
        int port = Integer.parseInt(System.getenv().getOrDefault("DEVSTACK_PORT", "8080"));
        int pgPort = Integer.parseInt(System.getenv().getOrDefault("DEVSTACK_POSTGRES_PORT", "15432"));
        int redisPort = Integer.parseInt(System.getenv().getOrDefault("DEVSTACK_REDIS_PORT", "16379"));
        DevStack stack = start(new Options(root, root.resolve(".dev"), port, pgPort, redisPort, true).withSampleVendor());
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            System.out.println("devstack: stopping services...");
            stack.close();
        }));
        System.out.printf("""

                Marketplace is up.
                  Gateway:         %s
                  Channel consumer (OAuth 1.0 key/secret, partner %s): %s / %s
                  Platform operator (OAuth 1.0 key/secret, /api/platform/v1/marketplaces): %s / %s
                  PostgreSQL:      localhost:%d (user postgres / postgres)
                  Kafka:           %s
                  Redis:           %s (gateway nonces and rate limits, keys under marketplace:)
                  SMTP (GreenMail): localhost:%d (received mail is printed below)
                  Inbox:           %s (every email and SMS sent; deploy/local/inbox lists them)
                  Card payments:   %s (sandbox provider: POST /v1/tokens, test cards in billing-service/README.md)
                %s
                  Logs:            %s
                Press Ctrl-C to stop.
                %n""", stack.gatewayUrl(), PARTNER, CONSUMER_KEY, CONSUMER_SECRET, OPERATOR_KEY, OPERATOR_SECRET, pgPort, stack.kafka, stack.redisUrl(),
                stack.mail.getSmtp().getPort(), stack.inbox.url(), stack.payments.url(), SampleVendor.banner(stack.sampleVendor),
                root.resolve(".dev/logs"));
        MailPrinter.follow(stack.inbox);
    }
}
