package dev.marketplace.bench;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.ToLongFunction;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

import dev.marketplace.devstack.DevStack;
import dev.marketplace.devstack.VendorApp;
import dev.marketplace.testkit.SignpostSigner;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;

/**
 * End-to-end latency of a subscription order with AppDirect's own vendor library: the whole suite (devstack: every
 * service's jar as its own JVM, embedded PostgreSQL, a KRaft Kafka broker) and the SDK vendor JVM, a product integrated
 * with that vendor, then orders placed through the gateway, each timed from sending the order request to the first
 * signed GET of the subscription that answers ACTIVE. Sequential (one order at a time), then optionally with a few
 * orders in flight. Figures go to bench/vendor/results.txt (or the first argument).
 */
public final class VendorBench {
    private static final String ORDER_PATH = "/api/billing/v1/companies/%s/users/%s/subscriptions";
    private static final List<String> MODULES = List.of("account-service", "reseller-service", "catalog-service",
            "billing-service", "notification-service", "lead-service", "gateway");
    private static final List<String> REQUIRED = List.of("account-service", "catalog-service", "billing-service",
            "notification-service", "gateway");

    private final int orders = Integer.getInteger("bench.orders", 100);
    private final int warmup = Integer.getInteger("bench.warmup", 10);
    private final int concurrency = Integer.getInteger("bench.concurrency", 4);
    private final int portBase = Integer.getInteger("bench.portBase", 48080);
    private final long pollMillis = Long.getLong("bench.pollMillis", 10);
    private final Duration orderTimeout = Duration.ofSeconds(Long.getLong("bench.timeoutSeconds", 60));
    private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5)).build();
    private final SignpostSigner signer = new SignpostSigner(DevStack.CONSUMER_KEY, DevStack.CONSUMER_SECRET);
    private final Path root;
    private final Path dataDir;
    private final Path snapshot;
    private final List<String> built = new ArrayList<>();
    private final List<String> commonBuilt = new ArrayList<>();
    private String gateway;
    private List<Split> splits = List.of();
    private long productId;
    private long editionId;
    private String subscriptionsPath;

    private VendorBench(Path root) {
        this.root = root;
        this.dataDir = root.resolve("bench/vendor/target/devstack");
        this.snapshot = root.resolve("bench/vendor/target/snapshot");
    }

    public static void main(String[] args) throws Exception {
        Path results = Path.of(args.length > 0 ? args[0] : "bench/vendor/results.txt").toAbsolutePath();
        Path root = Path.of(args.length > 1 ? args[1] : ".").toAbsolutePath().normalize();
        int exit = new VendorBench(root).run(results);
        System.exit(exit);
    }

    /** One answer of the gateway, with the moments the request left and the answer was complete. */
    record Answer(int status, String body, long sentNanos, long receivedNanos) {
        JsonObject json() {
            return new JsonObject(body);
        }

        long roundTrip() {
            return receivedNanos - sentNanos;
        }
    }

    /**
     * One order. {@code latency}: order request sent → ACTIVE answer received. {@code cycle}: the window in which the
     * subscription became ACTIVE (from the send of the last request that still saw it pending to the ACTIVE answer), the
     * measurement's uncertainty. {@code serverMillis}: billing's own createdOn → lastModified of the ACTIVE subscription.
     */
    record Sample(String failure, long latency, long post, long cycle, long createdOn, long activatedOn,
            List<Long> pollRoundTrips) {
        boolean ok() {
            return failure == null;
        }

        static Sample failed(String why, List<Long> pollRoundTrips) {
            return new Sample(why, 0, 0, 0, 0, 0, pollRoundTrips);
        }

        long serverMillis() {
            return activatedOn - createdOn;
        }
    }

    /** One SUBSCRIPTION_ORDER as the SDK vendor logged it: signed notification received, result POST answered. */
    record VendorEvent(String token, long received, long resolved) {
    }

    /** Where one sequential order's time went, on the machine's clock (milliseconds). */
    record Split(long toVendor, long atVendor, long backToBilling) {
    }

    record Run(String title, List<Sample> samples, long wallNanos) {
        List<Sample> ok() {
            return samples.stream().filter(Sample::ok).toList();
        }

        List<Sample> failed() {
            return samples.stream().filter(s -> !s.ok()).toList();
        }
    }

    int run(Path results) throws Exception {
        String loadStart = loadAverage();
        Instant started = Instant.now();
        requireBuilt();
        snapshotJars();
        deleteRecursively(dataDir);
        System.out.println("bench: load average " + loadStart + "; starting the devstack on port " + portBase
                + " (logs: " + dataDir.resolve("logs") + ")");
        List<Run> runs = new ArrayList<>();
        List<String> problems = new ArrayList<>();
        DevStack stack = null;
        VendorApp vendor = null;
        try {
            stack = DevStack.start(new DevStack.Options(snapshot, dataDir, portBase, 0, 0, false));
            gateway = stack.gatewayUrl();
            System.out.println("bench: starting the SDK vendor JVM");
            vendor = VendorApp.start(snapshot);
            setUp(vendor);

            System.out.println("bench: " + warmup + " warm-up orders");
            Run warm = sequential("warm-up", warmup);
            if (warm.ok().isEmpty() && warmup > 0) {
                problems.add("no warm-up order reached ACTIVE; measurement skipped. First failures:");
                warm.failed().stream().limit(3).forEach(s -> problems.add("  " + s.failure()));
            } else {
                System.out.println("bench: " + orders + " orders, one at a time");
                Run sequential = sequential("sequential: one order at a time", orders);
                runs.add(sequential);
                splits = splits(sequential, vendorEvents(vendor.log()));
                if (concurrency > 1) {
                    System.out.println("bench: " + orders + " orders, " + concurrency + " in flight");
                    runs.add(concurrent(concurrency, orders));
                }
            }
        } catch (Exception e) {
            problems.add("the benchmark stopped: " + e);
            e.printStackTrace();
        } finally {
            if (vendor != null) {
                try {
                    Files.writeString(dataDir.resolve("logs/vendor-sdk-app.log"), vendor.log());
                } catch (IOException e) {
                    problems.add("vendor log not copied: " + e.getMessage());
                }
                vendor.close();
            }
            if (stack != null) {
                stack.close();
            }
        }
        String report = report(started, loadStart, loadAverage(), runs, problems);
        Files.createDirectories(results.getParent());
        Files.writeString(results, report);
        System.out.println(report);
        return problems.isEmpty() ? 0 : 1;
    }

    private void requireBuilt() {
        List<String> jars = new ArrayList<>(REQUIRED.stream().map(m -> m + "/target/quarkus-app/quarkus-run.jar").toList());
        jars.add("tests/vendor-sdk-app/target/vendor-sdk-app.jar");
        for (String jar : jars) {
            if (!Files.exists(root.resolve(jar))) {
                throw new IllegalStateException(jar + " missing: build with ./mvnw -B install -DskipTests (bench/vendor/run does)");
            }
        }
    }

    /**
     * Copies the built service apps and the SDK vendor under bench/vendor/target/snapshot and runs those: the working tree
     * is shared, and another build rewriting a module's target/ must not change a service under measurement.
     */
    private void snapshotJars() throws IOException {
        deleteRecursively(snapshot);
        for (String module : MODULES) {
            Path app = root.resolve(module).resolve("target/quarkus-app");
            if (Files.exists(app.resolve("quarkus-run.jar"))) {
                built.add(module + " " + Files.getLastModifiedTime(app.resolve("quarkus-run.jar")).toInstant()
                        .truncatedTo(java.time.temporal.ChronoUnit.SECONDS));
                copyTree(app, snapshot.resolve(module).resolve("target/quarkus-app"));
                commonBuilt.add(module + " " + commonCompiledAt(app));
            }
        }
        Path vendorApp = root.resolve("tests/vendor-sdk-app/target");
        built.add("vendor-sdk-app " + Files.getLastModifiedTime(vendorApp.resolve("vendor-sdk-app.jar")).toInstant()
                .truncatedTo(java.time.temporal.ChronoUnit.SECONDS));
        Path vendorCopy = snapshot.resolve("tests/vendor-sdk-app/target");
        copyTree(vendorApp.resolve("lib"), vendorCopy.resolve("lib"));
        Files.copy(vendorApp.resolve("vendor-sdk-app.jar"), vendorCopy.resolve("vendor-sdk-app.jar"));
    }

    /** When the libs/common packaged in an app was compiled (its OutboxRelay class): shows which outbox relay runs. */
    private static String commonCompiledAt(Path app) {
        Path jar = app.resolve("lib/main/dev.marketplace.marketplace-common-1.0.0-SNAPSHOT.jar");
        try (ZipFile zip = new ZipFile(jar.toFile())) {
            ZipEntry relay = zip.getEntry("dev/marketplace/common/events/OutboxRelay.class");
            return relay == null ? "(no relay)" : relay.getLastModifiedTime().toInstant()
                    .truncatedTo(java.time.temporal.ChronoUnit.MINUTES).toString();
        } catch (IOException e) {
            return "(unknown)";
        }
    }

    private static void copyTree(Path from, Path to) throws IOException {
        try (Stream<Path> all = Files.walk(from)) {
            for (Path p : all.toList()) {
                Path target = to.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(p, target);
                }
            }
        }
    }

    /** A product integrated with the SDK vendor (one edition), and a company with its first user, the buyer. */
    private void setUp(VendorApp vendor) throws Exception {
        JsonObject plan = new JsonObject().put("frequency", "MONTHLY").put("costs", new JsonArray().add(new JsonObject()
                .put("unit", "USER").put("minUnits", 1).put("maxUnits", 100).put("amount", new JsonObject().put("USD", 10))));
        JsonObject edition = new JsonObject().put("code", "BASIC").put("name", "Edition BASIC").put("rank", 1)
                .put("primary", true).put("revenueType", "RECURRING").put("plans", new JsonArray().add(plan));
        JsonObject product = expect(201, call("POST", "/api/marketplace/v1/products", new JsonObject()
                .put("name", "Bench Tasks").put("description", "Tasks by the SDK vendor, for the order benchmark")
                .put("vendorName", "SDK Vendor Inc").put("editions", new JsonArray().add(edition))), "create product").json();
        productId = product.getLong("id");
        editionId = product.getJsonArray("editions").getJsonObject(0).getLong("id");
        JsonObject integration = product.getJsonObject("integration");
        vendor.trust(integration.getString("consumerKey"), integration.getString("consumerSecret"));

        String template = vendor.eventUrlTemplate();
        JsonObject eventUrls = new JsonObject();
        for (String type : List.of("SUBSCRIPTION_ORDER", "SUBSCRIPTION_CANCEL", "SUBSCRIPTION_CHANGE", "SUBSCRIPTION_NOTICE",
                "USER_ASSIGNMENT", "USER_UNASSIGNMENT")) {
            eventUrls.put(type, template);
        }
        expect(200, call("PUT", "/api/marketplace/v1/products/" + productId + "/integration",
                new JsonObject().put("interactive", false).put("eventUrls", eventUrls)), "integration settings");

        String externalId = "vendor-bench-" + UUID.randomUUID();
        String company = expect(201, call("POST", "/api/account/v2/companies", new JsonObject().put("name", "Bench Buyer Inc")
                .put("externalId", externalId).put("countryCode", "US").put("firstUser", new JsonObject()
                        .put("email", "buyer-" + externalId + "@bench.example").put("firstName", "Bea").put("lastName", "Buyer"))),
                "create company").json().getString("uuid");
        String user = expect(200, call("GET", "/api/account/v2/companies/" + company + "/memberships", null), "memberships")
                .json().getJsonArray("content").getJsonObject(0).getJsonObject("user").getString("uuid");
        subscriptionsPath = String.format(ORDER_PATH, company, user);
        System.out.println("bench: product " + productId + " edition " + editionId + ", buyer " + user + " of " + company);
    }

    private JsonObject orderBody() {
        return new JsonObject().put("productId", productId).put("editionId", editionId)
                .put("items", new JsonArray().add(new JsonObject().put("unit", "USER").put("quantity", 5)))
                .put("company", new JsonObject().put("name", "Bench Buyer Inc").put("country", "US"))
                .put("user", new JsonObject().put("email", "bea@bench.example").put("firstName", "Bea").put("lastName", "Buyer"));
    }

    private Run sequential(String title, int count) {
        List<Sample> samples = new ArrayList<>();
        long start = System.nanoTime();
        for (int i = 0; i < count; i++) {
            samples.add(order());
            progress(i + 1, count);
        }
        return new Run(title, samples, System.nanoTime() - start);
    }

    private Run concurrent(int inFlight, int count) throws InterruptedException {
        List<Sample> samples = Collections.synchronizedList(new ArrayList<>());
        AtomicInteger next = new AtomicInteger();
        ExecutorService workers = Executors.newFixedThreadPool(inFlight);
        long start = System.nanoTime();
        for (int w = 0; w < inFlight; w++) {
            workers.execute(() -> {
                int n;
                while ((n = next.incrementAndGet()) <= count) {
                    samples.add(order());
                    progress(n, count);
                }
            });
        }
        workers.shutdown();
        workers.awaitTermination(count * orderTimeout.toSeconds() + 60, TimeUnit.SECONDS);
        return new Run("concurrent: " + inFlight + " orders in flight (each worker orders again as soon as its order is ACTIVE)",
                new ArrayList<>(samples), System.nanoTime() - start);
    }

    private static void progress(int done, int count) {
        if (done % 25 == 0 || done == count) {
            System.out.println("bench:   " + done + "/" + count);
        }
    }

    /** Places one order and polls the subscription until it is ACTIVE (or FAILED, or the timeout). */
    private Sample order() {
        List<Long> polls = new ArrayList<>();
        try {
            Answer post = call("POST", subscriptionsPath, orderBody());
            if (post.status() != 201) {
                return Sample.failed("order answered " + post.status() + ": " + post.body(), polls);
            }
            long t0 = post.sentNanos();
            String id = post.json().getString("id");
            String path = "/api/billing/v1/subscriptions/" + id;
            long stillPendingAt = t0; // the last request sent after which the subscription was seen not ACTIVE
            String last = post.json().getString("status");
            long deadline = t0 + orderTimeout.toNanos();
            while (System.nanoTime() < deadline) {
                Thread.sleep(pollMillis);
                Answer get = call("GET", path, null);
                polls.add(get.roundTrip());
                if (get.status() != 200) {
                    last = "HTTP " + get.status() + " " + get.body();
                    continue;
                }
                JsonObject s = get.json();
                last = s.getString("status");
                if ("ACTIVE".equals(last)) {
                    return new Sample(null, get.receivedNanos() - t0, post.roundTrip(), get.receivedNanos() - stillPendingAt,
                            s.getLong("createdOn"), s.getLong("lastModified"), polls);
                }
                if (!last.startsWith("PENDING")) {
                    return Sample.failed("subscription " + id + " became " + last + ": " + s.getValue("error"), polls);
                }
                stillPendingAt = get.sentNanos();
            }
            return Sample.failed("subscription " + id + " still " + last + " after " + orderTimeout.toSeconds() + " s", polls);
        } catch (Exception e) {
            return Sample.failed("order request failed: " + e, polls);
        }
    }

    private Answer call(String method, String pathAndQuery, JsonObject body) throws IOException, InterruptedException {
        String url = gateway + pathAndQuery;
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(30))
                .header("Authorization", signer.authorization(method, url, null)).header("Accept", "application/json");
        if (body != null) {
            request.header("Content-Type", "application/json").method(method, HttpRequest.BodyPublishers.ofString(body.encode()));
        } else {
            request.method(method, HttpRequest.BodyPublishers.noBody());
        }
        HttpRequest built = request.build();
        long sent = System.nanoTime();
        HttpResponse<String> response = http.send(built, HttpResponse.BodyHandlers.ofString());
        return new Answer(response.statusCode(), response.body(), sent, System.nanoTime());
    }

    private static final Pattern RECEIVED = Pattern.compile(
            "^(\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d\\.\\d{3}) .*AppmarketEventController +: eventUrl=\\S*/events/(\\w+) signed");
    private static final Pattern RESOLVED = Pattern.compile(
            "^(\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d\\.\\d{3}) .*Resolved event with eventToken=(\\w+) ");
    private static final DateTimeFormatter VENDOR_TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss.SSS");

    /** The vendor's log (Spring Boot, local time of this machine, millisecond resolution) as events. */
    static List<VendorEvent> vendorEvents(String log) {
        Map<String, Long> received = new LinkedHashMap<>();
        Map<String, Long> resolved = new HashMap<>();
        for (String line : log.split("\n")) {
            Matcher m = RECEIVED.matcher(line);
            if (m.find()) {
                received.putIfAbsent(m.group(2), epochMillis(m.group(1)));
            }
            m = RESOLVED.matcher(line);
            if (m.find()) {
                resolved.putIfAbsent(m.group(2), epochMillis(m.group(1)));
            }
        }
        List<VendorEvent> events = new ArrayList<>();
        received.forEach((token, at) -> {
            if (resolved.containsKey(token)) {
                events.add(new VendorEvent(token, at, resolved.get(token)));
            }
        });
        return events;
    }

    private static long epochMillis(String localTime) {
        return LocalDateTime.parse(localTime, VENDOR_TIME).atZone(ZoneId.systemDefault()).toInstant().toEpochMilli();
    }

    /**
     * Splits each sequential order at the vendor: billing's createdOn → vendor notified → vendor's result answered →
     * billing's ACTIVE (lastModified). One order at a time, so the one vendor event inside an order's window is its own.
     */
    static List<Split> splits(Run run, List<VendorEvent> events) {
        List<Split> splits = new ArrayList<>();
        for (Sample s : run.ok()) {
            List<VendorEvent> inside = events.stream()
                    .filter(e -> e.received() >= s.createdOn() && e.resolved() <= s.activatedOn()).toList();
            if (inside.size() == 1) {
                VendorEvent e = inside.get(0);
                splits.add(new Split(e.received() - s.createdOn(), e.resolved() - e.received(), s.activatedOn() - e.resolved()));
            }
        }
        return splits;
    }

    private static Answer expect(int status, Answer answer, String what) {
        if (answer.status() != status) {
            throw new IllegalStateException(what + " answered " + answer.status() + " (expected " + status + "): " + answer.body());
        }
        return answer;
    }

    // ---------------------------------------------------------------- report

    private String report(Instant started, String loadStart, String loadEnd, List<Run> runs, List<String> problems) {
        List<String> out = new ArrayList<>();
        out.add("# Vendor order benchmark — " + started);
        out.add("machine: " + Runtime.getRuntime().availableProcessors() + " cores, " + memory() + ", Java "
                + System.getProperty("java.version") + " (" + System.getProperty("java.vm.name") + ")");
        out.add("load average (1/5/15 min, /proc/loadavg) at start: " + loadStart + "; at end: " + loadEnd
                + " — the machine is shared with other builds");
        out.add("code: HEAD " + git("rev-parse", "--short", "HEAD") + "; service apps as built in the shared working tree"
                + " (may hold uncommitted work), copied before the run; built at (UTC): " + String.join(", ", built));
        out.add("libs/common inside each app compiled at (OutboxRelay.class): " + String.join(", ", commonBuilt));
        out.add("on this machine: the bench (HttpClient, JVM -Xmx512m, also hosting embedded PostgreSQL and GreenMail), the"
                + " Kafka broker, 7 service JVMs (-Xmx256m, SerialGC, C1 only, as the devstack starts them) and the SDK vendor JVM");
        out.add(String.format("measure: %d warm-up orders (not counted), then %d orders; each timed from sending"
                + " POST %s to receiving the first GET /api/billing/v1/subscriptions/{id} answering ACTIVE", warmup, orders,
                String.format(ORDER_PATH, "{c}", "{u}")));
        out.add(String.format("polling: the next GET %d ms after the previous answer; every GET is itself a signed request"
                + " through the gateway, so a figure is late by up to one poll cycle (see 'poll cycle' below)", pollMillis));
        out.add("percentiles: nearest rank; failures = orders not ACTIVE within " + orderTimeout.toSeconds()
                + " s, FAILED, or refused");
        for (Run run : runs) {
            out.add("");
            out.add("## " + run.title());
            List<Sample> ok = run.ok();
            out.add(String.format("orders: %d, ACTIVE: %d, failures: %d, wall time %.1f s (%.2f orders/s)", run.samples().size(),
                    ok.size(), run.failed().size(), run.wallNanos() / 1e9, run.samples().size() / (run.wallNanos() / 1e9)));
            if (!ok.isEmpty()) {
                out.add(line("latency to ACTIVE", ok, Sample::latency, 1e6));
                out.add(line("  order POST answered (201)", ok, Sample::post, 1e6));
                out.add(line("  billing's own span*", ok, Sample::serverMillis, 1));
                if (run.title().startsWith("sequential") && !splits.isEmpty()) {
                    out.add(String.format("  of which (%d of %d orders matched to the vendor's log by time, ms clocks):",
                            splits.size(), ok.size()));
                    out.add(line("    created → vendor notified", splits.stream().map(Split::toVendor).toList(), 1));
                    out.add(line("    vendor fetch + result POST", splits.stream().map(Split::atVendor).toList(), 1));
                    out.add(line("    result answered → ACTIVE", splits.stream().map(Split::backToBilling).toList(), 1));
                }
                out.add(line("  poll cycle (uncertainty)", ok, Sample::cycle, 1e6));
                List<Long> trips = ok.stream().flatMap(s -> s.pollRoundTrips().stream()).toList();
                out.add(String.format("  poll GET round trip: median %.1f ms, p99 %.1f ms over %d polls (%.1f polls per order)",
                        percentile(trips, 0.5) / 1e6, percentile(trips, 0.99) / 1e6, trips.size(), trips.size() / (double) ok.size()));
            }
            run.failed().stream().limit(5).forEach(s -> out.add("  failure: " + s.failure()));
        }
        if (!runs.isEmpty()) {
            out.add("");
            out.add("* billing's own span: lastModified − createdOn of the ACTIVE subscription (billing's clock, millisecond"
                    + " resolution, no polling): from the order's insert to the vendor result applied; it excludes the");
            out.add("  gateway on the way in and the poll on the way out.");
        }
        out.add("");
        out.add("## what is inside the measured path");
        out.add("""
                1. POST order → gateway: OAuth 1.0 signature verified (consumer looked up, nonce stored in PostgreSQL),
                   internal JWT minted, proxied to billing-service, which reads the edition from catalog-service and in one
                   transaction inserts the subscription (PENDING_REMOTE_CREATION) and a SUBSCRIPTION_ORDER outbox row; 201.
                2. billing's outbox relay publishes the row to Kafka. Since commit 7b0b05a (libs/common) it polls every
                   100 ms on a thread of its own; an app packaged with an older libs/common (see above) still has the
                   @Scheduled(every = 0.2 s) tick that Quarkus's simple scheduler runs at most once a second (start-up
                   WARN "every() value less than 1000 ms is not supported"): 0–1 s of waiting per outbox hop.
                3. notification-service consumes it, stores the vendor event with a token, and its dispatcher calls the
                   vendor's event URL (processEvent?eventUrl=<gateway>/api/integration/v1/events/{token}) signed with the
                   product's OAuth credentials (Authorization header).
                4. The SDK vendor verifies that signature, answers 202 and does a signed GET of the event URL through the
                   gateway (gateway verifies the vendor's key with catalog-service's credentials, notification-service
                   serves the event JSON).
                5. The vendor's SubscriptionOrder handler runs asynchronously and POSTs its signed result
                   (success, accountIdentifier acct-…) to <gateway>/api/integration/v1/events/{token}/result.
                6. notification-service records the result and writes a VENDOR_EVENT_RESULT outbox row; its relay
                   publishes it to Kafka; billing-service consumes it and sets the subscription
                   ACTIVE with the vendor's accountIdentifier.
                7. The bench's next signed GET /api/billing/v1/subscriptions/{id} through the gateway sees ACTIVE.""".strip());
        out.add("");
        out.add("## logs (" + root.relativize(dataDir.resolve("logs")) + ")");
        out.addAll(logSummary());
        if (!problems.isEmpty()) {
            out.add("");
            out.add("## problems");
            out.addAll(problems);
        }
        out.add("");
        out.add("command: bench/vendor/run   (BENCH_ORDERS=" + orders + " BENCH_WARMUP=" + warmup + " BENCH_CONCURRENCY="
                + concurrency + " BENCH_POLL_MILLIS=" + pollMillis + " BENCH_PORT_BASE=" + portBase + ")");
        out.add("");
        return String.join("\n", out);
    }

    private static String line(String what, List<Sample> samples, ToLongFunction<Sample> value, double toMillis) {
        return line(what, samples.stream().map(value::applyAsLong).toList(), toMillis);
    }

    private static String line(String what, List<Long> values, double toMillis) {
        return String.format("%-30s min %7.1f  median %7.1f  p90 %7.1f  p99 %7.1f  max %7.1f ms", what,
                percentile(values, 0) / toMillis, percentile(values, 0.5) / toMillis, percentile(values, 0.9) / toMillis,
                percentile(values, 0.99) / toMillis, percentile(values, 1) / toMillis);
    }

    /** Nearest-rank percentile ({@code p} = 0 gives the minimum). */
    private static double percentile(List<Long> values, double p) {
        if (values.isEmpty()) {
            return Double.NaN;
        }
        List<Long> sorted = values.stream().sorted(Comparator.naturalOrder()).toList();
        int rank = (int) Math.ceil(p * sorted.size());
        return sorted.get(Math.max(0, Math.min(sorted.size() - 1, rank - 1)));
    }

    /**
     * Per log: how many lines say ERROR or WARN, then the distinct ones (ids and numbers masked) with their counts, those
     * after start-up (not on the main thread) first.
     */
    private List<String> logSummary() {
        List<String> out = new ArrayList<>();
        Path logs = dataDir.resolve("logs");
        try (Stream<Path> files = Files.exists(logs) ? Files.list(logs) : Stream.empty()) {
            for (Path log : files.sorted().toList()) {
                List<String> lines = Files.readAllLines(log, StandardCharsets.ISO_8859_1);
                List<String> errors = lines.stream().filter(l -> l.contains(" ERROR ")).toList();
                List<String> warnings = lines.stream().filter(l -> l.contains(" WARN ")).toList();
                out.add(String.format("%s: %d lines, %d ERROR, %d WARN", log.getFileName(), lines.size(), errors.size(),
                        warnings.size()));
                Map<String, Integer> distinct = new LinkedHashMap<>();
                Stream.concat(errors.stream(), warnings.stream()).map(VendorBench::withoutTimestamp)
                        .sorted(Comparator.comparing(l -> l.contains("(main)")))
                        .forEach(l -> distinct.merge(l.replaceAll("[0-9a-f]{8}-[0-9a-f-]{27}|\\d+", "#"), 1, Integer::sum));
                distinct.entrySet().stream().limit(5).forEach(e -> out.add(String.format("    %3d× %s", e.getValue(),
                        e.getKey().length() > 200 ? e.getKey().substring(0, 200) + "…" : e.getKey())));
            }
        } catch (IOException e) {
            out.add("logs not readable: " + e.getMessage());
        }
        return out;
    }

    private static String withoutTimestamp(String line) {
        int level = Math.max(line.indexOf(" ERROR "), line.indexOf(" WARN "));
        return level > 0 ? line.substring(level + 1).trim() : line.trim();
    }

    private static String loadAverage() {
        try {
            String[] parts = Files.readString(Path.of("/proc/loadavg")).trim().split("\\s+");
            return parts[0] + " " + parts[1] + " " + parts[2];
        } catch (IOException e) {
            return "unknown";
        }
    }

    private static String memory() {
        try {
            return Files.readAllLines(Path.of("/proc/meminfo")).stream().filter(l -> l.startsWith("MemTotal:")).findFirst()
                    .map(l -> Long.parseLong(l.replaceAll("\\D", "")) / 1024 / 1024 + " GiB RAM").orElse("RAM unknown");
        } catch (IOException e) {
            return "RAM unknown";
        }
    }

    private String git(String... args) {
        try {
            List<String> command = new ArrayList<>(List.of("git", "-C", root.toString()));
            command.addAll(List.of(args));
            Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
            return p.waitFor() == 0 ? out : "unknown";
        } catch (IOException | InterruptedException e) {
            return "unknown";
        }
    }

    private static void deleteRecursively(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> all = Files.walk(dir)) {
            for (Path p : all.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }
}
