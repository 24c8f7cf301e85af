package dev.marketplace.kubernetes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.StringReader;
import java.net.InetAddress;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * The NetworkPolicies against what each pod calls. What a service must reach is derived from its configuration as the
 * manifests set it (REST clients' URLs, the gateway's routes and OpenAPI sources, datasource, Kafka, Redis, collector,
 * SMTP, and the vendors' ports where the service connects to URLs clients give it); the policies are then evaluated,
 * as a CNI would, over every pod of the overlay, the operators' pods (CloudNativePG instances, Kafka brokers), pods of
 * other namespaces (DNS, collector, an impostor DNS) and public and internal addresses (cloud metadata, private
 * ranges, their IPv6 forms). Each pod's egress must be exactly what it needs, each need must be let in at the other
 * end, and PostgreSQL and Valkey must answer their clients (and, for PostgreSQL, its operator and replicas) only.
 */
class NetworkPolicyTest {
    private static final String SECRET = "\u0000secret";
    private static final List<String> PUBLIC = List.of("93.184.215.14", "2606:4700:4700::1111", "2001:4860:4860::8888");
    private static final List<String> INTERNAL = List.of("169.254.169.254", "10.0.0.1", "172.16.0.1", "192.168.0.1",
            "100.64.0.1", "127.0.0.1", "0.0.0.0", "224.0.0.1", "240.0.0.1", "fd00:ec2::254", "fc00::1", "fe80::1", "::1",
            "::ffff:a9fe:a9fe", "2002:a9fe:a9fe::1", "2001:0:4136:e378:8000:63bf:5601:5601", "64:ff9b:1::a9fe:a9fe");
    private static final Set<Integer> PROBED = Set.of(22, 25, 53, 80, 443, 587, 4317, 5432, 6379, 8000, 8080, 8443, 9000,
            9090, 9093, 9187);
    /** Properties whose value is a URL the service calls (besides its REST clients' {@code quarkus.rest-client.<key>.url}). */
    private static final Pattern CALLED_URL = Pattern.compile("marketplace\\.gateway\\.routes\\.[^.]+\\.upstream"
            + "|marketplace\\.gateway\\.vendor-credentials\\.url");
    private static final Pattern REST_CLIENT = Pattern.compile("@RegisterRestClient\\(configKey\\s*=\\s*\"([^\"]+)\"");
    /** The check made when connecting to a URL a client gave ({@code OutboundUrlGuard.violation(uri, addresses)}). */
    private static final Pattern CONNECTS_TO_CLIENT_URLS = Pattern.compile("\\.violation\\(\\s*[\\w.()]+\\s*,\\s*[\\w.()]+\\s*\\)");

    /** A pod of the universe: its namespace, labels and named ports; an address outside the cluster has only an ip. */
    record Endpoint(String id, String namespace, Map<String, String> labels, Map<String, Integer> ports, String ip) {
        static Endpoint pod(String id, String namespace, Map<String, String> labels, Map<String, Integer> ports) {
            return new Endpoint(id, namespace, labels, ports, null);
        }

        static Endpoint address(String ip) {
            return new Endpoint("ip:" + ip, null, Map.of(), Map.of(), ip);
        }

        boolean isPod() {
            return ip == null;
        }
    }

    /** One overlay, built: its resources, pods, policies and what its workloads need. */
    static final class Cluster {
        final String namespace;
        final List<JsonNode> resources;
        final List<JsonNode> policies = new ArrayList<>();
        final List<Endpoint> endpoints = new ArrayList<>();
        final Map<String, JsonNode> configMaps = new HashMap<>();
        final Map<String, JsonNode> services = new HashMap<>();
        /** Pod id -> workload (the suite's Deployments and Jobs). */
        final Map<String, ServiceConfigTest.Workload> workloads = new LinkedHashMap<>();

        Cluster(String target) throws Exception {
            resources = Kustomize.build(target);
            namespace = resources.stream().filter(r -> r.path("kind").asText().equals("Deployment"))
                    .map(r -> r.path("metadata").path("namespace").asText("default")).findFirst().orElse("default");
            for (JsonNode r : resources) {
                String kind = r.path("kind").asText();
                String name = r.path("metadata").path("name").asText();
                switch (kind) {
                    case "NetworkPolicy" -> policies.add(r);
                    case "ConfigMap" -> configMaps.put(name, r.path("data"));
                    case "Service" -> services.put(name, r);
                    case "Deployment", "StatefulSet", "Job" -> endpoints.add(Endpoint.pod(Kustomize.id(r), namespace,
                            strings(r.path("spec").path("template").path("metadata").path("labels")),
                            ports(r.path("spec").path("template").path("spec"))));
                    case "Cluster" -> {
                        // CloudNativePG's instances (any can become the primary) and its join Jobs carry the cluster's label
                        for (String role : List.of("primary", "replica")) {
                            endpoints.add(Endpoint.pod("cnpg:" + name + "-" + role, namespace,
                                    Map.of("cnpg.io/cluster", name, "cnpg.io/instanceRole", role, "cnpg.io/podRole", "instance"),
                                    Map.of("postgresql", 5432, "status", 8000, "metrics", 9187)));
                        }
                    }
                    case "Kafka" -> {
                        endpoints.add(Endpoint.pod("strimzi:" + name + "-broker", namespace, Map.of("strimzi.io/cluster", name,
                                "strimzi.io/kind", "Kafka", "strimzi.io/name", name + "-kafka", "strimzi.io/broker-role", "true",
                                "strimzi.io/controller-role", "true"), Map.of("tcp-ctrlplane", 9090, "tcp-replication", 9091,
                                "tcp-tls", 9093)));
                        endpoints.add(Endpoint.pod("strimzi:" + name + "-entity-operator", namespace, Map.of("strimzi.io/cluster",
                                name, "strimzi.io/kind", "Kafka", "strimzi.io/name", name + "-entity-operator"), Map.of()));
                    }
                    default -> {
                    }
                }
            }
            endpoints.add(Endpoint.pod("kube-system/coredns", "kube-system", Map.of("k8s-app", "kube-dns"),
                    Map.of("dns", 53, "dns-tcp", 53, "metrics", 9153)));
            endpoints.add(Endpoint.pod("kube-system/metrics-server", "kube-system", Map.of("k8s-app", "metrics-server"),
                    Map.of("https", 10250)));
            endpoints.add(Endpoint.pod("cnpg-system/operator", "cnpg-system", Map.of("app.kubernetes.io/name", "cloudnative-pg"),
                    Map.of("webhook-server", 9443)));
            endpoints.add(Endpoint.pod("monitoring/otel-collector", "monitoring",
                    Map.of("app.kubernetes.io/name", "opentelemetry-collector"), Map.of("otlp-grpc", 4317)));
            endpoints.add(Endpoint.pod("monitoring/prometheus", "monitoring", Map.of("app.kubernetes.io/name", "prometheus"),
                    Map.of("web", 9090)));
            // another team's namespace, with a pod that calls itself DNS
            endpoints.add(Endpoint.pod("tenant/fake-dns", "tenant", Map.of("k8s-app", "kube-dns"), Map.of("dns", 53)));
            endpoints.add(Endpoint.pod("tenant/web", "tenant", Map.of("app", "web"), Map.of("http", 8080)));
            Stream.concat(PUBLIC.stream(), INTERNAL.stream()).forEach(ip -> endpoints.add(Endpoint.address(ip)));

            for (JsonNode r : resources) {
                if (r.path("kind").asText().matches("Deployment|Job")) {
                    JsonNode pod = r.path("spec").path("template").path("spec");
                    for (JsonNode c : pod.path("containers")) {
                        Matcher m = Pattern.compile("marketplace/([a-z-]+)[:@]").matcher(c.path("image").asText());
                        if (m.find()) {
                            workloads.put(Kustomize.id(r), new ServiceConfigTest.Workload(Kustomize.id(r), m.group(1), pod, c));
                        }
                    }
                }
            }
        }

        Endpoint endpoint(String id) {
            return endpoints.stream().filter(e -> e.id().equals(id)).findFirst().orElseThrow(() -> new AssertionError(id));
        }

        /** The pods the manifests run (Deployments, StatefulSets, Jobs). */
        List<Endpoint> manifestPods() {
            return endpoints.stream().filter(e -> e.id().matches("(Deployment|StatefulSet|Job)/.*")).toList();
        }

        // ---- what a pod needs, from its configuration -------------------------------------------------------------

        /** Flows ({@code destination port/protocol}) the pod must be able to open; nothing for pods outside the suite. */
        Set<String> needs(Endpoint pod) throws IOException {
            Set<String> flows = new TreeSet<>();
            ServiceConfigTest.Workload w = workloads.get(pod.id());
            if (w == null) {
                return flows; // Valkey: serves, calls nothing
            }
            Config config = new Config(w, configMaps);
            ServiceConfigTest.Service service = ServiceConfigTest.Service.of(w.module());
            List<String> targets = new ArrayList<>();
            targets.add(config.get("quarkus.datasource.reactive.url"));
            targets.add(config.get("quarkus.datasource.jdbc.url").replaceFirst("^jdbc:", ""));
            boolean initAndExit = "true".equals(config.get("quarkus.init-and-exit"));
            if (!initAndExit) {
                // a migration Job only migrates and exits: it calls nothing else
                String sources = moduleSources(w.module());
                Matcher clients = REST_CLIENT.matcher(sources);
                while (clients.find()) {
                    String url = config.get("quarkus.rest-client." + clients.group(1) + ".url");
                    assertTrue(url != null && !url.isBlank(), w.id() + ": REST client " + clients.group(1) + " has no URL");
                    targets.add(peer(w, "REST client " + clients.group(1), url));
                }
                config.keys().stream().filter(k -> CALLED_URL.matcher(k).matches())
                        .forEach(k -> targets.add(peer(w, k, config.get(k))));
                String openApi = config.get("marketplace.openapi.sources");
                if (openApi != null) {
                    for (String source : openApi.split(",")) {
                        targets.add(source.substring(source.indexOf('=') + 1).trim());
                    }
                }
                if (service.has("quarkus-messaging-kafka")) {
                    for (String server : config.get("kafka.bootstrap.servers").split(",")) {
                        targets.add("kafka://" + server.trim());
                    }
                }
                if (service.has("quarkus-redis-client")) {
                    for (String host : config.get("quarkus.redis.hosts").split(",")) {
                        targets.add(host.trim());
                    }
                }
                if (!"true".equals(config.get("quarkus.otel.sdk.disabled"))) {
                    String endpoint = config.get("quarkus.otel.exporter.otlp.traces.endpoint");
                    targets.add(endpoint != null ? endpoint : config.getOrDefault("quarkus.otel.exporter.otlp.endpoint",
                            "http://localhost:4317"));
                }
                if (service.has("quarkus-mailer") && !"true".equals(config.get("quarkus.mailer.mock"))) {
                    targets.add("smtp://" + config.get("quarkus.mailer.host") + ":" + config.get("quarkus.mailer.port"));
                }
                String sms = config.get("marketplace.notification.sms.url");
                if (sms != null && !sms.isBlank()) {
                    // from a Secret: its value is not in the manifests; a provider's API is https
                    targets.add(sms.equals(SECRET) ? "https://sms-provider.example.com" : sms);
                }
                if (CONNECTS_TO_CLIENT_URLS.matcher(sources).find()) {
                    // vendors: any public address, on the ports the outbound-URL guard lets through
                    for (String port : config.get("marketplace.outbound.ports").split(",")) {
                        targets.add("https://vendor.example.com:" + port.trim());
                    }
                }
            }
            for (String target : targets) {
                flows.addAll(flowsTo(pod, target));
            }
            if (!flows.isEmpty()) {
                for (Endpoint dns : endpoints) {
                    if (dns.id().equals("kube-system/coredns")) {
                        flows.add(flow(dns, 53, "UDP"));
                        flows.add(flow(dns, 53, "TCP"));
                    }
                }
            }
            return flows;
        }

        /** Another service's URL: never the pod's own loopback, the development default. */
        private static String peer(ServiceConfigTest.Workload w, String what, String url) {
            String host = URI.create(url).getHost();
            assertTrue(host != null && !host.equals("localhost") && !host.startsWith("127."),
                    w.id() + ": " + what + " calls " + url + " (its development default): set its URL in the manifest");
            return url;
        }

        /** The flows a URL (or host:port) opens: to the pods behind an in-cluster name, or to any public address. */
        Set<String> flowsTo(Endpoint from, String target) {
            Set<String> flows = new TreeSet<>();
            URI uri = URI.create(target);
            String host = uri.getHost();
            int port = uri.getPort() != -1 ? uri.getPort() : switch (uri.getScheme()) {
                case "https" -> 443;
                case "http" -> 80;
                case "postgresql" -> 5432;
                case "redis", "rediss" -> 6379;
                default -> throw new AssertionError(from.id() + ": no port in " + target);
            };
            if (host == null || host.equals("localhost") || host.startsWith("127.") || host.endsWith(".invalid")) {
                return flows; // the pod itself, or a name meant never to resolve
            }
            String[] labels = host.replaceFirst("\\.svc(\\.cluster\\.local)?$", "").split("\\.");
            String name = labels[0];
            String ns = labels.length == 2 ? labels[1] : labels.length == 1 ? namespace : null;
            if (ns != null && ns.equals(namespace)) {
                JsonNode service = services.get(name);
                if (service != null) {
                    for (Endpoint pod : endpoints) {
                        if (pod.isPod() && pod.namespace().equals(namespace)
                                && strings(service.path("spec").path("selector")).entrySet().stream()
                                        .allMatch(e -> e.getValue().equals(pod.labels().get(e.getKey())))) {
                            flows.add(flow(pod, targetPort(service, port, pod), "TCP"));
                        }
                    }
                    assertTrue(!flows.isEmpty(), from.id() + ": Service " + name + " selects no pod");
                    return flows;
                }
                for (Endpoint pod : endpoints) {
                    String cnpg = pod.labels().get("cnpg.io/cluster");
                    String kafka = "true".equals(pod.labels().get("strimzi.io/broker-role")) ? pod.labels().get("strimzi.io/cluster") : null;
                    if (cnpg != null && name.matches(Pattern.quote(cnpg) + "-(rw|ro|r)")
                            || kafka != null && name.matches(Pattern.quote(kafka) + "-kafka-(bootstrap|brokers)")) {
                        flows.add(flow(pod, port, "TCP"));
                    }
                }
                assertTrue(!flows.isEmpty(), from.id() + " calls " + target + ": no Service or operator's Service of that name");
                return flows;
            }
            if (ns != null && endpoints.stream().anyMatch(e -> ns.equals(e.namespace()))) {
                // a Service of another namespace: its pods are unknown here, so every pod of the namespace
                endpoints.stream().filter(e -> ns.equals(e.namespace())).forEach(e -> flows.add(flow(e, port, "TCP")));
                return flows;
            }
            assertTrue(host.contains("."), from.id() + " calls " + target + ": an in-cluster name no manifest creates");
            PUBLIC.forEach(ip -> flows.add(flow(endpoint("ip:" + ip), port, "TCP")));
            return flows;
        }

        private static int targetPort(JsonNode service, int port, Endpoint pod) {
            for (JsonNode p : service.path("spec").path("ports")) {
                if (p.path("port").asInt() == port) {
                    JsonNode target = p.path("targetPort");
                    if (target.isMissingNode()) {
                        return port;
                    }
                    if (target.isInt()) {
                        return target.asInt();
                    }
                    Integer named = pod.ports().get(target.asText());
                    assertTrue(named != null, pod.id() + " has no port named " + target.asText());
                    return named;
                }
            }
            throw new AssertionError(service.path("metadata").path("name").asText() + " has no port " + port);
        }

        // ---- what the policies allow ------------------------------------------------------------------------------

        /** Every flow from {@code source} that the egress policies selecting it allow. */
        Set<String> egressAllowed(Endpoint source) {
            Set<String> flows = new TreeSet<>();
            for (Endpoint destination : endpoints) {
                for (int port : probedPorts(destination)) {
                    for (String protocol : List.of("TCP", "UDP")) {
                        if (allows(source, destination, port, protocol, "Egress")) {
                            flows.add(flow(destination, port, protocol));
                        }
                    }
                }
            }
            return flows;
        }

        /**
         * Whether the policies of {@code policyType} let the flow pass at its end: egress is judged at the source, ingress
         * at the destination. A pod no policy of the type selects is not isolated: everything passes.
         */
        boolean allows(Endpoint source, Endpoint destination, int port, String protocol, String policyType) {
            Endpoint selected = policyType.equals("Egress") ? source : destination;
            Endpoint peer = policyType.equals("Egress") ? destination : source;
            if (!selected.isPod() || !selected.namespace().equals(namespace)) {
                return true; // only this namespace's pods are under the manifests' policies
            }
            boolean isolated = false;
            for (JsonNode policy : policies) {
                if (!matches(policy.path("spec").path("podSelector"), selected.labels()) || !types(policy).contains(policyType)) {
                    continue;
                }
                isolated = true;
                JsonNode rules = policy.path("spec").path(policyType.equals("Egress") ? "egress" : "ingress");
                for (JsonNode rule : rules) {
                    JsonNode peers = rule.path(policyType.equals("Egress") ? "to" : "from");
                    boolean peerOk = peers.isMissingNode() || peers.isEmpty();
                    for (JsonNode p : peers) {
                        peerOk |= peerMatches(p, peer);
                    }
                    if (peerOk && portMatches(rule.path("ports"), destination, port, protocol)) {
                        return true;
                    }
                }
            }
            return !isolated;
        }

        private static Set<String> types(JsonNode policy) {
            Set<String> types = new TreeSet<>();
            policy.path("spec").path("policyTypes").forEach(t -> types.add(t.asText()));
            if (types.isEmpty()) {
                types.add("Ingress");
                if (policy.path("spec").has("egress")) {
                    types.add("Egress");
                }
            }
            return types;
        }

        private boolean peerMatches(JsonNode peer, Endpoint endpoint) {
            if (peer.has("ipBlock")) {
                return !endpoint.isPod() && inBlock(endpoint.ip(), peer.path("ipBlock"));
            }
            if (!endpoint.isPod()) {
                return false;
            }
            if (peer.has("namespaceSelector")) {
                if (!matches(peer.path("namespaceSelector"), Map.of("kubernetes.io/metadata.name", endpoint.namespace()))) {
                    return false;
                }
            } else if (!endpoint.namespace().equals(namespace)) {
                return false;
            }
            return !peer.has("podSelector") || matches(peer.path("podSelector"), endpoint.labels());
        }

        private static boolean portMatches(JsonNode ports, Endpoint destination, int port, String protocol) {
            if (ports.isMissingNode() || ports.isEmpty()) {
                return true;
            }
            for (JsonNode p : ports) {
                if (!p.path("protocol").asText("TCP").equals(protocol)) {
                    continue;
                }
                JsonNode value = p.path("port");
                if (value.isMissingNode()) {
                    return true;
                }
                if (value.isInt() ? value.asInt() <= port && port <= p.path("endPort").asInt(value.asInt())
                        : Integer.valueOf(port).equals(destination.ports().get(value.asText()))) {
                    return true;
                }
            }
            return false;
        }

        private Set<Integer> probedPorts(Endpoint destination) {
            Set<Integer> ports = new TreeSet<>(PROBED);
            ports.addAll(destination.ports().values());
            for (JsonNode policy : policies) {
                policy.findValues("port").forEach(p -> {
                    if (p.isInt()) {
                        ports.add(p.asInt());
                    }
                });
            }
            return ports;
        }

        static String flow(Endpoint destination, int port, String protocol) {
            return destination.id() + " " + port + "/" + protocol;
        }
    }

    /** A service's configuration as a deployed pod sees it: its environment over its application.properties (prod). */
    static final class Config {
        private final Map<String, String> properties = new HashMap<>();
        private final Map<String, String> environment = new HashMap<>();

        Config(ServiceConfigTest.Workload w, Map<String, JsonNode> configMaps) throws IOException {
            Path common = Kustomize.ROOT.resolve("libs/common/src/main/resources/META-INF/microprofile-config.properties");
            Path own = Kustomize.ROOT.resolve(w.module()).resolve("src/main/resources/application.properties");
            for (Path file : List.of(common, own)) {
                Properties p = new Properties();
                p.load(new StringReader(Kustomize.read(file)));
                p.stringPropertyNames().stream().filter(k -> !k.startsWith("%")).forEach(k -> properties.put(k, p.getProperty(k)));
                p.stringPropertyNames().stream().filter(k -> k.startsWith("%prod."))
                        .forEach(k -> properties.put(k.substring(6), p.getProperty(k)));
            }
            for (JsonNode from : w.container().path("envFrom")) {
                configMaps.get(from.path("configMapRef").path("name").asText()).fields()
                        .forEachRemaining(e -> environment.put(e.getKey(), e.getValue().asText()));
            }
            for (JsonNode e : w.container().path("env")) {
                JsonNode cm = e.path("valueFrom").path("configMapKeyRef");
                String value = e.has("value") ? e.path("value").asText()
                        : !cm.isMissingNode() ? configMaps.get(cm.path("name").asText()).path(cm.path("key").asText()).asText()
                        : SECRET;
                environment.put(e.path("name").asText(), value);
            }
        }

        Set<String> keys() {
            return new TreeSet<>(properties.keySet());
        }

        String getOrDefault(String key, String fallback) {
            String value = get(key);
            return value == null || value.isEmpty() ? fallback : value;
        }

        /** The value, expressions expanded; null when nothing sets it. */
        String get(String key) {
            String value = environment.get(key);
            if (value == null) {
                value = environment.get(ServiceConfigTest.Service.envName(key));
            }
            if (value == null) {
                value = properties.get(key);
            }
            return value == null ? null : expand(value, 0);
        }

        private String expand(String value, int depth) {
            assertTrue(depth < 10, "expression nested too deep: " + value);
            int start = value.indexOf("${");
            if (start < 0) {
                return value;
            }
            int level = 0;
            int end = start;
            for (int i = start; i < value.length(); i++) {
                if (value.startsWith("${", i)) {
                    level++;
                    i++;
                } else if (value.charAt(i) == '}' && --level == 0) {
                    end = i;
                    break;
                }
            }
            String inner = value.substring(start + 2, end);
            int colon = inner.indexOf(':');
            String name = colon < 0 ? inner : inner.substring(0, colon);
            String resolved = get(name);
            if (resolved == null || resolved.isEmpty()) {
                resolved = colon < 0 ? "" : expand(inner.substring(colon + 1), depth + 1);
            }
            return expand(value.substring(0, start) + resolved + value.substring(end + 1), depth + 1);
        }
    }

    private static String moduleSources(String module) throws IOException {
        Path root = Kustomize.ROOT.resolve(module).resolve("src/main/java");
        try (Stream<Path> files = Files.walk(root)) {
            StringBuilder b = new StringBuilder();
            for (Path f : files.filter(p -> p.toString().endsWith(".java")).toList()) {
                b.append(Files.readString(f)).append('\n');
            }
            return b.toString();
        }
    }

    private static Map<String, String> strings(JsonNode object) {
        Map<String, String> map = new LinkedHashMap<>();
        object.fields().forEachRemaining(e -> map.put(e.getKey(), e.getValue().asText()));
        return map;
    }

    private static Map<String, Integer> ports(JsonNode podSpec) {
        Map<String, Integer> ports = new LinkedHashMap<>();
        podSpec.path("containers").forEach(c -> c.path("ports").forEach(p -> ports.put(p.path("name").asText(),
                p.path("containerPort").asInt())));
        return ports;
    }

    static boolean matches(JsonNode selector, Map<String, String> labels) {
        for (Map.Entry<String, String> e : strings(selector.path("matchLabels")).entrySet()) {
            if (!e.getValue().equals(labels.get(e.getKey()))) {
                return false;
            }
        }
        for (JsonNode expression : selector.path("matchExpressions")) {
            String value = labels.get(expression.path("key").asText());
            Set<String> values = new TreeSet<>();
            expression.path("values").forEach(v -> values.add(v.asText()));
            boolean ok = switch (expression.path("operator").asText()) {
                case "In" -> value != null && values.contains(value);
                case "NotIn" -> value == null || !values.contains(value);
                case "Exists" -> value != null;
                case "DoesNotExist" -> value == null;
                default -> throw new AssertionError("operator " + expression);
            };
            if (!ok) {
                return false;
            }
        }
        return true;
    }

    static boolean inBlock(String ip, JsonNode block) {
        if (!inCidr(ip, block.path("cidr").asText())) {
            return false;
        }
        for (JsonNode except : block.path("except")) {
            if (inCidr(ip, except.asText())) {
                return false;
            }
        }
        return true;
    }

    private static boolean inCidr(String ip, String cidr) {
        try {
            // literal bytes: InetAddress would turn ::ffff:a.b.c.d into an IPv4 address, a CNI does not
            byte[] address = literal(ip);
            byte[] network = literal(cidr.substring(0, cidr.indexOf('/')));
            int bits = Integer.parseInt(cidr.substring(cidr.indexOf('/') + 1));
            if (address.length != network.length) {
                return false;
            }
            for (int i = 0; i < bits; i++) {
                int mask = 0x80 >> (i % 8);
                if ((address[i / 8] & mask) != (network[i / 8] & mask)) {
                    return false;
                }
            }
            return true;
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }

    private static byte[] literal(String ip) throws IOException {
        if (!ip.contains(":")) {
            return InetAddress.getByName(ip).getAddress();
        }
        String[] halves = ip.split("::", -1);
        List<String> groups = new ArrayList<>();
        List<String> head = halves[0].isEmpty() ? List.of() : List.of(halves[0].split(":"));
        List<String> tail = halves.length < 2 || halves[1].isEmpty() ? List.of() : List.of(halves[1].split(":"));
        groups.addAll(head);
        for (int i = head.size() + tail.size(); halves.length == 2 && i < 8; i++) {
            groups.add("0");
        }
        groups.addAll(tail);
        byte[] bytes = new byte[16];
        for (int i = 0; i < 8; i++) {
            int g = Integer.parseInt(groups.get(i), 16);
            bytes[2 * i] = (byte) (g >> 8);
            bytes[2 * i + 1] = (byte) g;
        }
        return bytes;
    }

    /** Flows grouped: destination -> its ports. */
    private static Map<String, List<String>> byDestination(java.util.Collection<String> flows) {
        Map<String, List<String>> grouped = new java.util.TreeMap<>();
        for (String flow : flows) {
            grouped.computeIfAbsent(flow.substring(0, flow.indexOf(' ')), k -> new ArrayList<>()).add(flow.substring(flow.indexOf(' ') + 1));
        }
        return grouped;
    }

    @ParameterizedTest
    @ValueSource(strings = { "overlays/production", "overlays/dev" })
    void everyPodReachesExactlyWhatItsConfigurationCalls(String target) throws Exception {
        Cluster cluster = new Cluster(target);
        List<String> problems = new ArrayList<>();
        assertTrue(cluster.workloads.size() >= 14, "the services' Deployments and migration Jobs: " + cluster.workloads.keySet());
        for (Endpoint pod : cluster.manifestPods()) {
            Set<String> needed = cluster.needs(pod);
            Set<String> allowed = cluster.egressAllowed(pod);
            System.out.println("NetworkPolicyTest " + target + ": " + pod.id() + " calls " + byDestination(needed));
            byDestination(allowed.stream().filter(f -> !needed.contains(f)).toList()).forEach((to, ports) -> problems.add(
                    pod.id() + " may reach " + to + " on " + ports + ", which its configuration never calls"));
            byDestination(needed.stream().filter(f -> !allowed.contains(f)).toList()).forEach((to, ports) -> problems.add(
                    pod.id() + " calls " + to + " on " + ports + ", which its egress policy refuses"));
        }
        assertEquals(List.of(), problems, target);
    }

    @ParameterizedTest
    @ValueSource(strings = { "overlays/production", "overlays/dev" })
    void whatEveryPodCallsIsLetInAtTheOtherEnd(String target) throws Exception {
        Cluster cluster = new Cluster(target);
        List<String> problems = new ArrayList<>();
        for (Endpoint pod : cluster.manifestPods()) {
            for (String flow : cluster.needs(pod)) {
                String[] parts = flow.split(" ");
                Endpoint destination = cluster.endpoint(parts[0]);
                String[] portAndProtocol = parts[1].split("/");
                if (!cluster.allows(pod, destination, Integer.parseInt(portAndProtocol[0]), portAndProtocol[1], "Ingress")) {
                    problems.add(pod.id() + " -> " + flow + " is refused by the destination's ingress policies");
                }
            }
        }
        assertEquals(List.of(), problems);
    }

    /**
     * PostgreSQL's instances answer the suite's pods that have a database, each other and CloudNativePG's operator
     * (5432, 8000) and Prometheus (9187); Valkey answers the gateway. Nothing else, from any namespace.
     */
    @ParameterizedTest
    @ValueSource(strings = { "overlays/production", "overlays/dev" })
    void postgresAndValkeyAnswerTheirClientsOnly(String target) throws Exception {
        Cluster cluster = new Cluster(target);
        List<Endpoint> servers = cluster.endpoints.stream().filter(e -> e.labels().containsKey("cnpg.io/cluster")
                || "marketplace-valkey".equals(e.labels().get("app.kubernetes.io/name"))).toList();
        assertTrue(servers.size() >= 3, "PostgreSQL instances and Valkey: " + servers);
        Map<Endpoint, Set<String>> needs = new HashMap<>();
        for (Endpoint pod : cluster.manifestPods()) {
            needs.put(pod, cluster.needs(pod));
        }
        List<String> problems = new ArrayList<>();
        for (Endpoint server : servers) {
            String postgres = server.labels().get("cnpg.io/cluster");
            for (Endpoint client : cluster.endpoints.stream().filter(Endpoint::isPod).toList()) {
                for (int port : cluster.probedPorts(server)) {
                    String flow = Cluster.flow(server, port, "TCP");
                    boolean expected = needs.getOrDefault(client, Set.of()).contains(flow)
                            || postgres != null && (postgres.equals(client.labels().get("cnpg.io/cluster"))
                                    || client.id().equals("cnpg-system/operator")) && (port == 5432 || port == 8000)
                            || postgres != null && client.namespace().equals("monitoring") && port == 9187;
                    boolean allowed = cluster.allows(client, server, port, "TCP", "Ingress");
                    if (allowed != expected) {
                        problems.add(client.id() + " -> " + flow + (allowed ? " is let in" : " is refused"));
                    }
                }
            }
        }
        assertEquals(List.of(), problems);
    }

    /** The evaluator itself, on the shapes the policies use. */
    @org.junit.jupiter.api.Test
    void theEvaluatorReadsBlocksAndSelectorsAsACniDoes() throws Exception {
        JsonNode block = Kustomize.YAML.readTree("{cidr: 0.0.0.0/0, except: [169.254.0.0/16, 10.0.0.0/8]}");
        assertTrue(inBlock("93.184.215.14", block));
        assertTrue(!inBlock("169.254.169.254", block) && !inBlock("10.1.2.3", block) && !inBlock("2606:4700::1", block));
        JsonNode v6 = Kustomize.YAML.readTree("{cidr: '::/0', except: ['fc00::/7', '::ffff:0:0/96', '2001::/32']}");
        assertTrue(inBlock("2606:4700:4700::1111", v6) && inBlock("2001:4860:4860::8888", v6));
        assertTrue(!inBlock("fd00:ec2::254", v6) && !inBlock("::ffff:a9fe:a9fe", v6)
                && !inBlock("2001:0:4136:e378:8000:63bf:5601:5601", v6) && !inBlock("10.0.0.1", v6));
        JsonNode selector = Kustomize.YAML.readTree("{matchLabels: {a: '1'}, matchExpressions: [{key: b, operator: In, values: [x, y]}]}");
        assertTrue(matches(selector, Map.of("a", "1", "b", "y")));
        assertTrue(!matches(selector, Map.of("a", "1", "b", "z")) && !matches(selector, Map.of("b", "x")));
        assertTrue(matches(Kustomize.YAML.readTree("{}"), Map.of("any", "thing")));
    }
}
