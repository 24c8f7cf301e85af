package dev.marketplace.bench;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.TimeUnit;

import com.sun.net.httpserver.HttpServer;

import dev.marketplace.common.security.InternalToken;
import dev.marketplace.testkit.InternalTokens;
import dev.marketplace.testkit.Kafka;
import dev.marketplace.testkit.Postgres;

/**
 * The storefront list at 10,000 products: starts an embedded PostgreSQL, a Kafka broker, a billing stand-in (an empty
 * discount list) and catalog-service from its jar; seeds 10,000 published products (an edition and a plan each) straight
 * into catalog-service's schema; then measures {@code GET /api/marketplace/v1/bundles} straight to the service (an
 * internal token as the gateway would send) with text filters of different selectivity, one request at a time, and
 * writes the latencies (p50, p90, p99, max) and the query plan of the filtered page.
 */
public final class CatalogBench {
    static final String PARTNER = "BENCH";
    static final String[] WORDS = { "cloud", "crm", "mail", "task", "board", "invoice", "chat", "video", "secure", "backup",
            "sales", "office", "design", "code", "data", "report", "hr", "payroll", "ticket", "survey", "form", "sign", "drive",
            "phone", "meet", "note", "plan", "ship", "stock", "print" };

    private final HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private final List<Process> processes = new ArrayList<>();

    public static void main(String[] args) throws Exception {
        Path results = Path.of(args.length > 0 ? args[0] : "bench/catalog/results.txt");
        Path jar = Path.of(args.length > 1 ? args[1] : "catalog-service/target/quarkus-app/quarkus-run.jar");
        int products = Integer.getInteger("bench.products", 10_000);
        int requests = Integer.getInteger("bench.requests", 1_000);
        int warmup = Integer.getInteger("bench.warmup", 300);
        CatalogBench bench = new CatalogBench();
        try {
            bench.run(results, jar, products, requests, warmup);
        } finally {
            bench.processes.forEach(p -> p.destroy());
            for (Process p : bench.processes) {
                p.waitFor(15, TimeUnit.SECONDS);
            }
        }
        System.exit(0);
    }

    private void run(Path results, Path jar, int products, int requests, int warmup) throws Exception {
        Map<String, String> datasource = Postgres.datasourceConfig("catalog_bench");
        String kafka = Kafka.bootstrapServers();
        HttpServer billing = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        billing.createContext("/", exchange -> {
            byte[] body = "[]".getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Content-Type", "application/json");
            exchange.sendResponseHeaders(200, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        });
        billing.start();
        int port = freePort();
        // the prod profile serves /q/health on the management interface, on a port of its own (not the fixed 9000)
        int management = freePort();
        Map<String, String> env = new HashMap<>();
        datasource.forEach((k, v) -> env.put(k.toUpperCase(Locale.ROOT).replace('.', '_').replace('-', '_'), v));
        env.put("QUARKUS_HTTP_PORT", String.valueOf(port));
        env.put("QUARKUS_MANAGEMENT_PORT", String.valueOf(management));
        env.put("KAFKA_BOOTSTRAP_SERVERS", kafka);
        env.put("QUARKUS_OIDC_PUBLIC_KEY", InternalTokens.publicKeyBase64());
        env.put("MARKETPLACE_INTERNAL_TOKEN_PRIVATE_KEY", InternalTokens.privateKeyPem());
        // the prod profile refuses development secrets (ProductionSecrets): the run's own
        env.put("CATALOG_ENCRYPTION_KEY", "bench-catalog-encryption-" + UUID.randomUUID());
        // the embedded PostgreSQL trusts local connections: any password but the development one
        env.put("QUARKUS_DATASOURCE_PASSWORD", "bench-db-" + UUID.randomUUID());
        env.put("MARKETPLACE_SERVICES_BILLING_URL", "http://127.0.0.1:" + billing.getAddress().getPort());
        env.put("QUARKUS_LOG_CONSOLE_JSON_ENABLED", "false");
        Path log = Path.of("bench/catalog/target/catalog-service.log");
        Files.createDirectories(log.getParent());
        ProcessBuilder builder = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx512m", "-jar", jar.toString()).redirectErrorStream(true).redirectOutput(log.toFile());
        builder.environment().putAll(env);
        System.out.println("bench: catalog-service on port " + port + " (log " + log + ")");
        Process service = builder.start();
        processes.add(service);
        awaitReady(management);

        String jdbc = datasource.get("quarkus.datasource.jdbc.url");
        long seeded;
        try (Connection db = DriverManager.getConnection(jdbc, "postgres", "postgres")) {
            long start = System.nanoTime();
            seed(db, products);
            seeded = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
            System.out.println("bench: seeded " + products + " products in " + seeded + " ms");

            // a buyer acting as a user, as the gateway would forward it; long-lived: a run outlasts a real token's minute
            String token = InternalTokens.bearer(new InternalToken.Claims("bench-buyer", "channel", PARTNER, Set.of("ROLE_USER"),
                    UUID.randomUUID(), null), Duration.ofHours(3));
            String base = "http://localhost:" + port + "/api/marketplace/v1/bundles?size=50";
            String[][] cases = {
                    { "text filter, common word (\"crm\", ~1 in 10 products)", base + "&searchText=crm" },
                    { "text filter, rare word (\"payroll secure backup\")", base + "&searchText=" + enc("payroll secure backup") },
                    { "text filter, name substring (\"ice 12\")", base + "&searchText=" + enc("ice 12") },
                    { "text filter, no match (\"zzzz\")", base + "&searchText=zzzz" },
                    { "no filter, first page", base },
                    { "text filter, page 3 by publication date", base + "&searchText=crm&page=3&sortField=PUBLISHED_ON&sortOrder=DESC" },
            };
            StringBuilder out = new StringBuilder();
            out.append("Catalog storefront list benchmark (bench/catalog/run)\n");
            out.append("run at ").append(Instant.now()).append(" on ").append(Runtime.getRuntime().availableProcessors())
                    .append(" cores (shared with other engineers' builds and tests: expect noise)\n");
            out.append(products).append(" published products of one marketplace seeded in ").append(seeded)
                    .append(" ms (one edition and one plan each); GET /api/marketplace/v1/bundles?size=50 straight to")
                    .append(" catalog-service (internal JWT of a buyer), one request at a time; ").append(warmup)
                    .append(" warm-up requests per case, then ").append(requests).append(" measured\n\n");
            out.append("cpu ms/req: catalog-service's own CPU time (user + system, /proc) per measured request, which the machine's\n")
                    .append("load does not inflate; load: the 1-minute load average when the case started\n\n");
            out.append(String.format("%-58s %8s %8s %8s %8s %8s %6s %11s %6s%n", "case", "p50 ms", "p90 ms", "p99 ms", "max ms",
                    "mean ms", "rows", "cpu ms/req", "load"));
            for (String[] c : cases) {
                HttpRequest request = HttpRequest.newBuilder(URI.create(c[1])).header("Authorization", token)
                        .header("Accept", "application/json").timeout(Duration.ofSeconds(30)).build();
                int rows = rows(send(request));
                for (int i = 0; i < warmup; i++) {
                    send(request);
                }
                String load = Files.readString(Path.of("/proc/loadavg")).split(" ")[0];
                long cpuBefore = cpuMillis(service.pid());
                long[] nanos = new long[requests];
                for (int i = 0; i < requests; i++) {
                    long t = System.nanoTime();
                    send(request);
                    nanos[i] = System.nanoTime() - t;
                }
                double cpu = (cpuMillis(service.pid()) - cpuBefore) / (double) requests;
                Arrays.sort(nanos);
                double mean = Arrays.stream(nanos).average().orElse(0) / 1e6;
                String line = String.format("%-58s %8.2f %8.2f %8.2f %8.2f %8.2f %6d %11.2f %6s%n", c[0], pct(nanos, 50),
                        pct(nanos, 90), pct(nanos, 99), nanos[nanos.length - 1] / 1e6, mean, rows, cpu, load);
                System.out.print(line);
                out.append(line);
            }
            out.append("\nPlan of the filtered page's ids (the query catalog-service sends, searchText=crm; the rows are then read"
                    + " by id):\n");
            try (Statement st = db.createStatement(); ResultSet rs = st.executeQuery("explain (analyze, buffers) "
                    + "select p.id from product p where (p.partner = 'BENCH') and (p.status = 'PUBLISHED' and p.visible_on_marketplace)"
                    + " and (p.search_text like '%crm%' escape '\\') order by p.sort_name asc, p.id asc offset 0 limit 51")) {
                while (rs.next()) {
                    out.append("  ").append(rs.getString(1)).append('\n');
                }
            }
            Files.writeString(results, out.toString());
            System.out.println("bench: wrote " + results);
        } finally {
            billing.stop(0);
        }
    }

    /** Products, editions and plans straight into the schema catalog-service migrated, in batches. */
    private static void seed(Connection db, int count) throws Exception {
        Random random = new Random(42);
        db.setAutoCommit(false);
        try (PreparedStatement product = db.prepareStatement("insert into product (uuid, partner, name, description, product_type,"
                + " vendor_name, developers, created_on, last_modified, status, published_on, blurb, tags, supported_languages)"
                + " values (?, ?, ?, ?, 'WEB_APP', ?, '', now(), now(), 'PUBLISHED', ?, ?, ?, '[\"en\"]')",
                Statement.RETURN_GENERATED_KEYS);
                PreparedStatement edition = db.prepareStatement("insert into edition (uuid, product_id, code, name, rank,"
                        + " is_primary, revenue_type, last_modified) values (?, ?, 'STD', 'Standard', 1, true, 'RECURRING', now())",
                        Statement.RETURN_GENERATED_KEYS);
                PreparedStatement plan = db.prepareStatement("insert into payment_plan (uuid, edition_id, frequency, costs,"
                        + " created_on) values (?, ?, 'MONTHLY', ?, now())")) {
            for (int i = 0; i < count; i++) {
                String a = WORDS[random.nextInt(WORDS.length)];
                String b = WORDS[random.nextInt(WORDS.length)];
                String c = WORDS[random.nextInt(WORDS.length)];
                String name = cap(a) + " " + cap(b) + " " + i;
                product.setObject(1, UUID.randomUUID());
                product.setString(2, PARTNER);
                product.setString(3, name);
                product.setString(4, "The " + a + " and " + b + " tool for teams that " + c + " every day. " + "Lorem ipsum ".repeat(20));
                product.setString(5, cap(c) + " Software");
                product.setTimestamp(6, java.sql.Timestamp.from(Instant.now().minusSeconds(count - i)));
                product.setString(7, cap(a) + " for " + b);
                product.setString(8, "[\"" + a + "\",\"" + c + "\"]");
                product.executeUpdate();
                long productId;
                try (ResultSet keys = product.getGeneratedKeys()) {
                    keys.next();
                    productId = keys.getLong(1);
                }
                edition.setObject(1, UUID.randomUUID());
                edition.setLong(2, productId);
                edition.executeUpdate();
                long editionId;
                try (ResultSet keys = edition.getGeneratedKeys()) {
                    keys.next();
                    editionId = keys.getLong(1);
                }
                plan.setObject(1, UUID.randomUUID());
                plan.setLong(2, editionId);
                plan.setString(3, "[{\"unit\":\"USER\",\"minUnits\":1,\"maxUnits\":100,\"amount\":{\"USD\":" + (5 + random.nextInt(50))
                        + ",\"EUR\":" + (4 + random.nextInt(50)) + "}}]");
                plan.executeUpdate();
                if (i % 1000 == 999) {
                    db.commit();
                }
            }
            db.commit();
        }
        db.setAutoCommit(true);
        try (Statement st = db.createStatement()) {
            st.execute("analyze product");
            st.execute("analyze edition");
            st.execute("analyze payment_plan");
        }
    }

    private String send(HttpRequest request) throws Exception {
        HttpResponse<String> r = client.send(request, HttpResponse.BodyHandlers.ofString());
        if (r.statusCode() != 200) {
            throw new IllegalStateException(request.uri() + " answered " + r.statusCode() + ": " + r.body());
        }
        return r.body();
    }

    private static int rows(String body) {
        int n = 0;
        for (int i = body.indexOf("\"href\""); i >= 0; i = body.indexOf("\"href\"", i + 1)) {
            n++;
        }
        return n;
    }

    /** User + system CPU time of a process so far (Linux /proc, clock ticks of 10 ms). */
    private static long cpuMillis(long pid) throws IOException {
        String stat = Files.readString(Path.of("/proc/" + pid + "/stat"));
        String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
        return (Long.parseLong(fields[11]) + Long.parseLong(fields[12])) * 10;
    }

    private static double pct(long[] sorted, int p) {
        int index = (int) Math.ceil(p / 100.0 * sorted.length) - 1;
        return sorted[Math.max(0, Math.min(sorted.length - 1, index))] / 1e6;
    }

    private void awaitReady(int port) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
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
        throw new IllegalStateException("catalog-service did not become ready; see bench/catalog/target/catalog-service.log");
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }

    private static String cap(String s) {
        return Character.toUpperCase(s.charAt(0)) + s.substring(1);
    }

    private static String enc(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8);
    }
}
