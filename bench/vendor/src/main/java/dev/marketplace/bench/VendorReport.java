package dev.marketplace.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.ToLongFunction;
import java.util.stream.Stream;

import dev.marketplace.bench.OrderLoad.Run;
import dev.marketplace.bench.OrderLoad.Sample;
import dev.marketplace.bench.VendorLog.Split;

/** The results file: the run's settings, each run's latency percentiles, where the time went, and the logs' errors. */
final class VendorReport {
    private static final String ORDER_PATH = "/api/billing/v1/companies/%s/users/%s/subscriptions";

    private VendorReport() {
    }

    /** How the run was made: its settings, where its files are, and what code it measured. */
    record Setting(int orders, int warmup, int concurrency, int portBase, long pollMillis, Duration orderTimeout, Path root,
            Path dataDir, List<String> built, List<String> commonBuilt, String head) {
    }

    static String report(Setting setting, Instant started, String loadStart, String loadEnd, List<Run> runs, List<Split> splits,
            List<String> problems) {
        List<String> out = new ArrayList<>();
        out.add("# Vendor order benchmark — " + started);
        out.add("machine: " + Runtime.getRuntime().availableProcessors() + " cores, " + MachineState.memory() + ", Java "
                + System.getProperty("java.version") + " (" + System.getProperty("java.vm.name") + ")");
        out.add("load average (1/5/15 min, /proc/loadavg) at start: " + loadStart + "; at end: " + loadEnd
                + " — the machine is shared with other builds");
        out.add("code: HEAD " + setting.head() + "; service apps as built in the shared working tree"
                + " (may hold uncommitted work), copied before the run; built at (UTC): " + String.join(", ", setting.built()));
        out.add("libs/common inside each app compiled at (OutboxRelay.class): " + String.join(", ", setting.commonBuilt()));
        out.add("on this machine: the bench (HttpClient, JVM -Xmx512m, also hosting embedded PostgreSQL and GreenMail), the"
                + " Kafka broker, 7 service JVMs (-Xmx256m, SerialGC, C1 only, as the devstack starts them) and the SDK vendor JVM");
        out.add(String.format("measure: %d warm-up orders (not counted), then %d orders; each timed from sending"
                + " POST %s to receiving the first GET /api/billing/v1/subscriptions/{id} answering ACTIVE", setting.warmup(), setting.orders(),
                String.format(ORDER_PATH, "{c}", "{u}")));
        out.add(String.format("polling: the next GET %d ms after the previous answer; every GET is itself a signed request"
                + " through the gateway, so a figure is late by up to one poll cycle (see 'poll cycle' below)", setting.pollMillis()));
        out.add("percentiles: nearest rank; failures = orders not ACTIVE within " + setting.orderTimeout().toSeconds()
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
        out.add("## logs (" + setting.root().relativize(setting.dataDir().resolve("logs")) + ")");
        out.addAll(logSummary(setting.dataDir()));
        if (!problems.isEmpty()) {
            out.add("");
            out.add("## problems");
            out.addAll(problems);
        }
        out.add("");
        out.add("command: bench/vendor/run   (BENCH_ORDERS=" + setting.orders() + " BENCH_WARMUP=" + setting.warmup() + " BENCH_CONCURRENCY="
                + setting.concurrency() + " BENCH_POLL_MILLIS=" + setting.pollMillis() + " BENCH_PORT_BASE=" + setting.portBase() + ")");
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
    private static List<String> logSummary(Path dataDir) {
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
                Stream.concat(errors.stream(), warnings.stream()).map(VendorReport::withoutTimestamp)
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
}
