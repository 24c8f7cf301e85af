package dev.marketplace.kubernetes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * The PrometheusRule and the Grafana dashboards page and show only what the services export: every metric an alert's
 * expression or a dashboard's query names is one of {@link #EXPORTED}, each of which a module test scrapes from a
 * running service's /q/metrics (the test named beside it, which this test reads for the name). Every alert has a
 * summary, a description and a runbook section in docs/operations.md; every overlay includes the rule; every dashboard
 * parses, with a unique uid.
 */
class AlertRulesTest {
    /** Metric names and the module test that finds each on a running service's /q/metrics. */
    static final Map<String, String> EXPORTED = new LinkedHashMap<>();
    static {
        String gateway = "gateway/src/test/java/dev/marketplace/gateway/AccessLogTest.java";
        String account = "account-service/src/test/java/dev/marketplace/account/observability/ObservabilityTest.java";
        EXPORTED.put("http_server_requests_seconds_bucket", gateway);
        EXPORTED.put("http_server_requests_seconds_count", account);
        EXPORTED.put("http_server_requests_seconds_sum", account);
        EXPORTED.put("http_server_requests_seconds_max", account);
        EXPORTED.put("gateway_redis_unavailable_total", gateway);
        EXPORTED.put("outbox_backlog", account);
        EXPORTED.put("outbox_oldest_unsent_age_seconds", account);
        EXPORTED.put("outbox_events_published_total", account);
        EXPORTED.put("outbox_relay_listening", account);
        EXPORTED.put("kafka_consumer_fetch_manager_records_lag_max", account);
        EXPORTED.put("parked_events", "account-service/src/test/java/dev/marketplace/account/inbox/InboxTest.java");
        EXPORTED.put("vendor_events_parked",
                "notification-service/src/test/java/dev/marketplace/notification/observability/ParkedVendorEventsGaugeTest.java");
        EXPORTED.put("payments_pending_stale",
                "billing-service/src/test/java/dev/marketplace/billing/payment/OneChargeTest.java");
        EXPORTED.put("db_pool_acquisition_timeouts_total", account);
        EXPORTED.put("process_cpu_usage", account);
        EXPORTED.put("jvm_memory_used_bytes", account);
    }
    /** Written by Prometheus itself for every scrape target, not by a service. */
    private static final Set<String> PROMETHEUS_OWN = Set.of("up");
    private static final Set<String> PROMQL_WORDS = Set.of("sum", "max", "min", "avg", "count", "rate", "irate", "increase",
            "histogram_quantile", "by", "without", "on", "ignoring", "group_left", "group_right", "and", "or", "unless", "bool",
            "abs", "clamp_min", "clamp_max", "label_values", "offset", "topk", "bottomk", "vector", "scalar", "time");
    private static final Pattern SELECTOR = Pattern.compile("\\{[^}]*\\}");
    private static final Pattern GROUPING = Pattern.compile("\\b(by|without|on|ignoring)\\s*\\([^)]*\\)");
    private static final Pattern RANGE = Pattern.compile("\\[[^\\]]*\\]");
    private static final Pattern IDENTIFIER = Pattern.compile("[a-zA-Z_:][a-zA-Z0-9_:]*");

    /** The metric names of a PromQL expression: identifiers that are neither functions, keywords, labels nor numbers. */
    static Set<String> metrics(String expr) {
        String bare = GROUPING.matcher(RANGE.matcher(SELECTOR.matcher(expr).replaceAll(" ")).replaceAll(" ")).replaceAll(" ");
        Set<String> names = new TreeSet<>();
        Matcher m = IDENTIFIER.matcher(bare);
        while (m.find()) {
            String word = m.group();
            boolean call = bare.substring(m.end()).stripLeading().startsWith("(");
            boolean number = m.start() > 0 && (Character.isDigit(bare.charAt(m.start() - 1)) || bare.charAt(m.start() - 1) == '.');
            if (!call && !number && !PROMQL_WORDS.contains(word)) {
                names.add(word);
            }
        }
        return names;
    }

    @Test
    void theExpressionParserFindsMetricsOnly() {
        assertEquals(Set.of("http_server_requests_seconds_bucket"), metrics(
                "histogram_quantile(0.99, sum by (namespace, le) (rate(http_server_requests_seconds_bucket{container=\"gateway\"}[5m]))) > 1"));
        assertEquals(Set.of("a_total", "b"), metrics("sum by (x) (increase(a_total{s=~\"5..\"}[5m])) / on (x) b > 1e3 and b > 0.2"));
    }

    @Test
    void everyExportedMetricIsProvenByTheTestNamedForIt() {
        for (Map.Entry<String, String> e : EXPORTED.entrySet()) {
            Path test = Kustomize.ROOT.resolve(e.getValue());
            assertTrue(Files.exists(test), e.getValue());
            String source = Kustomize.read(test);
            String dotted = e.getKey().replaceAll("_(total|seconds_(bucket|count|sum|max))$", "").replace('_', '.');
            assertTrue(source.contains(e.getKey()) || source.contains(dotted) || source.contains(e.getKey().replaceAll("_total$", "")),
                    e.getValue() + " checks " + e.getKey());
        }
    }

    private static List<JsonNode> rules() throws IOException {
        JsonNode rule = Kustomize.YAML.readTree(Kustomize.KUBERNETES.resolve("base/alerts.yaml").toFile());
        assertEquals("PrometheusRule", rule.path("kind").asText());
        assertEquals("monitoring.coreos.com/v1", rule.path("apiVersion").asText());
        List<JsonNode> alerts = new ArrayList<>();
        rule.path("spec").path("groups").forEach(group -> group.path("rules").forEach(alerts::add));
        return alerts;
    }

    @Test
    void everyAlertNamesExportedMetricsAndHasItsRunbook() throws IOException {
        String runbook = Kustomize.read(Kustomize.ROOT.resolve("docs/operations.md"));
        Set<String> names = new TreeSet<>();
        List<String> wrong = new ArrayList<>();
        for (JsonNode alert : rules()) {
            String name = alert.path("alert").asText();
            names.add(name);
            String expr = alert.path("expr").asText();
            Set<String> metrics = metrics(expr);
            if (metrics.isEmpty()) {
                wrong.add(name + ": names no metric");
            }
            for (String metric : metrics) {
                if (!EXPORTED.containsKey(metric)) {
                    wrong.add(name + ": " + metric + " is exported by no service");
                }
            }
            if (alert.path("annotations").path("summary").asText().isBlank()
                    || alert.path("annotations").path("description").asText().isBlank()) {
                wrong.add(name + ": no summary or description");
            }
            if (!runbook.contains("### " + name)) {
                wrong.add(name + ": no runbook section in docs/operations.md");
            }
        }
        assertEquals(List.of(), wrong);
        assertTrue(names.containsAll(Set.of("MarketplaceHighErrorRatio", "MarketplaceGatewaySlow", "MarketplaceOutboxStuck",
                "MarketplaceConsumerLagging", "MarketplaceEventsParked", "MarketplaceVendorEventsParked",
                "MarketplaceRedisUnavailable", "MarketplaceDatabaseBusy")), names.toString());
    }

    @Test
    void everyOverlayIncludesTheRule() throws Exception {
        for (String target : Kustomize.TARGETS) {
            long rules = Kustomize.build(target).stream()
                    .filter(r -> "PrometheusRule".equals(r.path("kind").asText()) && "marketplace".equals(r.path("metadata").path("name").asText()))
                    .count();
            assertEquals(1, rules, target);
        }
    }

    @Test
    void everyDashboardParsesAndQueriesExportedMetrics() throws IOException {
        ObjectMapper json = new ObjectMapper();
        Set<String> uids = new HashSet<>();
        Set<String> dashboards = new TreeSet<>();
        List<String> wrong = new ArrayList<>();
        try (Stream<Path> files = Files.list(Kustomize.KUBERNETES.resolve("monitoring"))) {
            for (Path file : files.filter(f -> f.toString().endsWith(".json")).toList()) {
                JsonNode board = json.readTree(file.toFile());
                dashboards.add(file.getFileName().toString());
                assertFalse(board.path("title").asText().isBlank(), file.toString());
                assertTrue(uids.add(board.path("uid").asText()), "a second dashboard with uid " + board.path("uid"));
                assertTrue(board.path("panels").size() > 0, file.toString());
                for (JsonNode panel : board.path("panels")) {
                    assertTrue(panel.path("targets").size() > 0, file + ": " + panel.path("title"));
                    for (JsonNode target : panel.path("targets")) {
                        for (String metric : metrics(target.path("expr").asText())) {
                            if (!EXPORTED.containsKey(metric) && !PROMETHEUS_OWN.contains(metric)) {
                                wrong.add(file.getFileName() + " / " + panel.path("title").asText() + ": " + metric);
                            }
                        }
                    }
                }
            }
        }
        assertEquals(List.of(), wrong);
        for (String module : List.of("gateway", "account-service", "reseller-service", "catalog-service", "billing-service",
                "notification-service", "lead-service")) {
            assertTrue(dashboards.contains(module + "-dashboard.json"), "a dashboard for " + module + ": " + dashboards);
        }
    }
}
