package dev.marketplace.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.UUID;
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
    private final SignpostSigner signer = new SignpostSigner(DevStack.CONSUMER_KEY, DevStack.CONSUMER_SECRET);
    private final Path root;
    private final Path dataDir;
    private final Path snapshot;
    private final List<String> built = new ArrayList<>();
    private final List<String> commonBuilt = new ArrayList<>();
    private OrderLoad load;
    private List<VendorLog.Split> splits = List.of();

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

    int run(Path results) throws Exception {
        String loadStart = MachineState.loadAverage();
        Instant started = Instant.now();
        requireBuilt();
        snapshotJars();
        deleteRecursively(dataDir);
        System.out.println("bench: load average " + loadStart + "; starting the devstack on port " + portBase
                + " (logs: " + dataDir.resolve("logs") + ")");
        List<OrderLoad.Run> runs = new ArrayList<>();
        List<String> problems = new ArrayList<>();
        DevStack stack = null;
        VendorApp vendor = null;
        try {
            stack = DevStack.start(new DevStack.Options(snapshot, dataDir, portBase, 0, 0, false));
            load = new OrderLoad(stack.gatewayUrl(), signer, pollMillis, orderTimeout);
            System.out.println("bench: starting the SDK vendor JVM");
            vendor = VendorApp.start(snapshot);
            setUp(vendor);

            System.out.println("bench: " + warmup + " warm-up orders");
            OrderLoad.Run warm = load.sequential("warm-up", warmup);
            if (warm.ok().isEmpty() && warmup > 0) {
                problems.add("no warm-up order reached ACTIVE; measurement skipped. First failures:");
                warm.failed().stream().limit(3).forEach(s -> problems.add("  " + s.failure()));
            } else {
                System.out.println("bench: " + orders + " orders, one at a time");
                OrderLoad.Run sequential = load.sequential("sequential: one order at a time", orders);
                runs.add(sequential);
                splits = VendorLog.splits(sequential, VendorLog.vendorEvents(vendor.log()));
                if (concurrency > 1) {
                    System.out.println("bench: " + orders + " orders, " + concurrency + " in flight");
                    runs.add(load.concurrent(concurrency, orders));
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
        VendorReport.Setting setting = new VendorReport.Setting(orders, warmup, concurrency, portBase, pollMillis, orderTimeout,
                root, dataDir, built, commonBuilt, git("rev-parse", "--short", "HEAD"));
        String report = VendorReport.report(setting, started, loadStart, MachineState.loadAverage(), runs, splits, problems);
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
        JsonObject product = expect(201, load.call("POST", "/api/marketplace/v1/products", new JsonObject()
                .put("name", "Bench Tasks").put("description", "Tasks by the SDK vendor, for the order benchmark")
                .put("vendorName", "SDK Vendor Inc").put("editions", new JsonArray().add(edition))), "create product").json();
        long productId = product.getLong("id");
        long editionId = product.getJsonArray("editions").getJsonObject(0).getLong("id");
        JsonObject integration = product.getJsonObject("integration");
        vendor.trust(integration.getString("consumerKey"), integration.getString("consumerSecret"));

        String template = vendor.eventUrlTemplate();
        JsonObject eventUrls = new JsonObject();
        for (String type : List.of("SUBSCRIPTION_ORDER", "SUBSCRIPTION_CANCEL", "SUBSCRIPTION_CHANGE", "SUBSCRIPTION_NOTICE",
                "USER_ASSIGNMENT", "USER_UNASSIGNMENT")) {
            eventUrls.put(type, template);
        }
        expect(200, load.call("PUT", "/api/marketplace/v1/products/" + productId + "/integration",
                new JsonObject().put("interactive", false).put("eventUrls", eventUrls)), "integration settings");

        String externalId = "vendor-bench-" + UUID.randomUUID();
        String company = expect(201, load.call("POST", "/api/account/v2/companies", new JsonObject().put("name", "Bench Buyer Inc")
                .put("externalId", externalId).put("countryCode", "US").put("firstUser", new JsonObject()
                        .put("email", "buyer-" + externalId + "@bench.example").put("firstName", "Bea").put("lastName", "Buyer"))),
                "create company").json().getString("uuid");
        String user = expect(200, load.call("GET", "/api/account/v2/companies/" + company + "/memberships", null), "memberships")
                .json().getJsonArray("content").getJsonObject(0).getJsonObject("user").getString("uuid");
        load.orders(productId, editionId, String.format(ORDER_PATH, company, user));
        System.out.println("bench: product " + productId + " edition " + editionId + ", buyer " + user + " of " + company);
    }

    private static OrderLoad.Answer expect(int status, OrderLoad.Answer answer, String what) {
        if (answer.status() != status) {
            throw new IllegalStateException(what + " answered " + answer.status() + " (expected " + status + "): " + answer.body());
        }
        return answer;
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
