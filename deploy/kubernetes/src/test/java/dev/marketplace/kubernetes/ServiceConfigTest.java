package dev.marketplace.kubernetes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * The manifests against the code they deploy: every environment variable a Deployment or Job sets is read by that
 * service, every secret the service needs is set from a Secret that something in the manifests creates, only the
 * services that mint internal tokens get the private key, and ports and probes are the ones the service serves.
 */
class ServiceConfigTest {
    /** Environment names that configure a Quarkus extension, and the extension the service must have for them. */
    private static final Map<String, List<String>> EXTENSION_PREFIXES = new LinkedHashMap<>();
    static {
        EXTENSION_PREFIXES.put("QUARKUS_DATASOURCE_REACTIVE_", List.of("quarkus-reactive-pg-client"));
        EXTENSION_PREFIXES.put("QUARKUS_DATASOURCE_JDBC_", List.of("quarkus-jdbc-postgresql"));
        EXTENSION_PREFIXES.put("QUARKUS_DATASOURCE_", List.of("quarkus-reactive-pg-client", "quarkus-jdbc-postgresql"));
        EXTENSION_PREFIXES.put("QUARKUS_FLYWAY_", List.of("quarkus-flyway"));
        EXTENSION_PREFIXES.put("QUARKUS_OIDC_", List.of("quarkus-oidc"));
        EXTENSION_PREFIXES.put("QUARKUS_MAILER_", List.of("quarkus-mailer"));
        EXTENSION_PREFIXES.put("QUARKUS_REDIS_", List.of("quarkus-redis-client"));
        EXTENSION_PREFIXES.put("QUARKUS_TLS_", List.of("quarkus-redis-client"));
        EXTENSION_PREFIXES.put("QUARKUS_OTEL_", List.of("quarkus-opentelemetry"));
        EXTENSION_PREFIXES.put("KAFKA_", List.of("quarkus-messaging-kafka"));
        EXTENSION_PREFIXES.put("QUARKUS_LOG_CONSOLE_JSON_", List.of("quarkus-logging-json"));
        EXTENSION_PREFIXES.put("QUARKUS_MANAGEMENT_", List.of("quarkus-smallrye-health"));
        EXTENSION_PREFIXES.put("QUARKUS_HTTP_", List.of("quarkus-rest", "quarkus-rest-jackson", "quarkus-vertx-http"));
    }
    /** Quarkus core settings every application reads. */
    private static final Set<String> CORE = Set.of("QUARKUS_INIT_AND_EXIT");
    /**
     * What the gateway reads once it keeps its shared state in Redis (another change in progress): until its pom has
     * quarkus-redis-client these are reported, not failed. The lead reconciles the names when both are merged.
     */
    private static final Set<String> GATEWAY_REDIS_ASSUMED = Set.of("QUARKUS_REDIS_HOSTS", "QUARKUS_REDIS_PASSWORD",
            "QUARKUS_REDIS_TLS_CONFIGURATION_NAME", "QUARKUS_TLS__REDIS__TRUST_STORE_PEM_CERTS",
            "MARKETPLACE_GATEWAY_REDIS_KEY_PREFIX");
    private static final Set<String> MODULES = Set.of("gateway", "account-service", "reseller-service", "catalog-service",
            "billing-service", "notification-service", "lead-service");

    private static final JsonNode JSON_NULL = com.fasterxml.jackson.databind.node.NullNode.getInstance();
    private static List<JsonNode> base;
    private static Map<String, JsonNode> configMaps;

    @BeforeAll
    static void build() throws Exception {
        base = Kustomize.build("overlays/production");
        configMaps = new HashMap<>();
        for (JsonNode r : base) {
            if (r.path("kind").asText().equals("ConfigMap")) {
                configMaps.put(r.path("metadata").path("name").asText(), r.path("data"));
            }
        }
    }

    record Workload(String id, String module, JsonNode pod, JsonNode container) {
    }

    static List<Workload> workloads() {
        List<Workload> list = new ArrayList<>();
        for (JsonNode r : base) {
            String kind = r.path("kind").asText();
            if (!kind.equals("Deployment") && !kind.equals("Job")) {
                continue;
            }
            JsonNode pod = r.path("spec").path("template").path("spec");
            for (JsonNode c : pod.path("containers")) {
                String image = c.path("image").asText();
                Matcher m = Pattern.compile("marketplace/([a-z-]+)[:@]").matcher(image);
                if (m.find() && MODULES.contains(m.group(1))) {
                    list.add(new Workload(Kustomize.id(r), m.group(1), pod, c));
                }
            }
        }
        return list;
    }

    /** Name -> (value or a reference), from env and from the ConfigMaps of envFrom. */
    static Map<String, JsonNode> environment(JsonNode container) {
        Map<String, JsonNode> env = new LinkedHashMap<>();
        for (JsonNode from : container.path("envFrom")) {
            String cm = from.path("configMapRef").path("name").asText();
            assertTrue(configMaps.containsKey(cm), "envFrom names a ConfigMap the manifests do not create: " + cm);
            configMaps.get(cm).fields().forEachRemaining(e -> env.put(e.getKey(), e.getValue()));
        }
        for (JsonNode e : container.path("env")) {
            env.put(e.path("name").asText(), e);
        }
        return env;
    }

    @Test
    void everyVariableIsReadByItsService() throws IOException {
        List<String> unread = new ArrayList<>();
        List<String> assumed = new ArrayList<>();
        List<Workload> workloads = workloads();
        assertTrue(workloads.size() >= 7 + 5, "Deployments and migration Jobs of every service: " + workloads.size());
        for (Workload w : workloads) {
            Service service = Service.of(w.module());
            for (String name : environment(w.container()).keySet()) {
                if (service.reads(name)) {
                    continue;
                }
                if (w.module().equals("gateway") && GATEWAY_REDIS_ASSUMED.contains(name) && !service.has("quarkus-redis-client")) {
                    assumed.add(name);
                    continue;
                }
                unread.add(w.id() + " sets " + name + ", which " + w.module() + " does not read");
            }
        }
        if (!assumed.isEmpty()) {
            System.out.println("ServiceConfigTest: the gateway is not on Redis yet; assumed names " + new TreeSet<>(assumed));
        }
        assertEquals(List.of(), unread);
    }

    @Test
    void everySecretTheServiceNeedsIsSetFromASecretTheManifestsCreate() throws IOException {
        Set<String> created = createdSecrets();
        List<String> problems = new ArrayList<>();
        for (Workload w : workloads()) {
            if (w.id().startsWith("Job/")) {
                // a migration Job starts the application (QUARKUS_INIT_AND_EXIT): what start-up validates must be set
                Map<String, JsonNode> env = environment(w.container());
                List<String> needed = new ArrayList<>(List.of("QUARKUS_DATASOURCE_USERNAME", "QUARKUS_DATASOURCE_PASSWORD",
                        "QUARKUS_DATASOURCE_JDBC_URL", "QUARKUS_DATASOURCE_REACTIVE_URL"));
                if (Service.of(w.module()).has("quarkus-oidc")) {
                    needed.add("QUARKUS_OIDC_PUBLIC_KEY");
                }
                for (String name : needed) {
                    if (!env.containsKey(name)) {
                        problems.add(w.id() + " cannot start without " + name);
                    }
                }
                if (!"true".equals(env.getOrDefault("QUARKUS_INIT_AND_EXIT", JSON_NULL).path("value").asText())) {
                    problems.add(w.id() + " does not exit after migrating (QUARKUS_INIT_AND_EXIT)");
                }
                continue;
            }
            Service service = Service.of(w.module());
            Map<String, JsonNode> env = environment(w.container());
            for (JsonNode e : env.values()) {
                JsonNode ref = e.path("valueFrom").path("secretKeyRef");
                if (!ref.isMissingNode() && !created.contains(ref.path("name").asText())) {
                    problems.add(w.id() + ": secret " + ref.path("name").asText() + " is created by nothing in the manifests");
                }
            }
            for (JsonNode v : w.pod().path("volumes")) {
                String secret = v.path("secret").path("secretName").asText();
                if (!secret.isEmpty() && !created.contains(secret)) {
                    problems.add(w.id() + ": volume secret " + secret + " is created by nothing in the manifests");
                }
            }
            for (String property : service.secretProperties()) {
                String envName = Service.envName(property);
                JsonNode set = env.get(envName);
                String alias = service.aliasOf(property);
                if (set == null && alias != null) {
                    set = env.get(alias);
                }
                if (set == null || set.path("valueFrom").path("secretKeyRef").isMissingNode()) {
                    problems.add(w.id() + ": " + property + " (a secret with a development default) is not set from a Secret");
                }
            }
            boolean mints = service.mintsTokens();
            boolean hasKey = env.keySet().stream().anyMatch(n -> n.endsWith("INTERNAL_TOKEN_PRIVATE_KEY"));
            if (mints != hasKey) {
                problems.add(w.id() + (mints ? " mints internal tokens but gets no private key"
                        : " gets the internal-token private key but never mints a token"));
            }
        }
        assertEquals(List.of(), problems);
    }

    /**
     * Every service keeps {@code ${DB_PASSWORD:postgres}} for local runs, so its prod profile must refuse that default
     * ({@code marketplace.secrets.required}, libs/common ProductionSecrets), and every pod that connects gets the password
     * from a Secret the manifests create, never optional.
     */
    @Test
    void everyDatabasePasswordIsARequiredSecret() throws IOException {
        Set<String> created = createdSecrets();
        List<String> problems = new ArrayList<>();
        for (String module : new TreeSet<>(MODULES)) {
            java.util.Properties properties = new java.util.Properties();
            properties.load(new java.io.StringReader(Kustomize.read(Kustomize.ROOT.resolve(module)
                    .resolve("src/main/resources/application.properties"))));
            if (properties.getProperty("quarkus.datasource.password") == null) {
                continue;
            }
            List<String> required = List.of(properties.getProperty("marketplace.secrets.required", "").split(","));
            if (required.stream().map(String::trim).noneMatch("quarkus.datasource.password"::equals)) {
                problems.add(module + ": quarkus.datasource.password=" + properties.getProperty("quarkus.datasource.password")
                        + " is not in marketplace.secrets.required: the prod profile starts with the development password");
            }
        }
        for (Workload w : workloads()) {
            JsonNode set = environment(w.container()).get("QUARKUS_DATASOURCE_PASSWORD");
            JsonNode ref = set == null ? null : set.path("valueFrom").path("secretKeyRef");
            if (ref == null || ref.isMissingNode() || ref.path("optional").asBoolean(false)
                    || !created.contains(ref.path("name").asText())) {
                problems.add(w.id() + ": the database password is not a required Secret the manifests create: " + set);
            }
        }
        assertEquals(List.of(), problems);
    }

    @Test
    void portsAndProbesAreTheOnesTheServiceServes() {
        Map<String, String> runtime = new HashMap<>();
        configMaps.get("marketplace-runtime").fields().forEachRemaining(e -> runtime.put(e.getKey(), e.getValue().asText()));
        List<String> problems = new ArrayList<>();
        for (Workload w : workloads()) {
            if (!w.id().startsWith("Deployment/")) {
                continue;
            }
            Map<String, Integer> ports = new HashMap<>();
            w.container().path("ports").forEach(p -> ports.put(p.path("name").asText(), p.path("containerPort").asInt()));
            Map<String, JsonNode> env = environment(w.container());
            int http = Integer.parseInt(env.get("QUARKUS_HTTP_PORT").asText());
            int management = Integer.parseInt(env.get("QUARKUS_MANAGEMENT_PORT").asText());
            if (!Integer.valueOf(http).equals(ports.get("http")) || !Integer.valueOf(management).equals(ports.get("management"))) {
                problems.add(w.id() + ": container ports " + ports + " are not QUARKUS_HTTP_PORT " + http
                        + " / QUARKUS_MANAGEMENT_PORT " + management);
            }
            for (String probe : List.of("startupProbe", "readinessProbe", "livenessProbe")) {
                JsonNode get = w.container().path(probe).path("httpGet");
                String expected = "/q/health/" + Map.of("startupProbe", "started", "readinessProbe", "ready", "livenessProbe", "live").get(probe);
                if (!get.path("port").asText().equals("management") || !get.path("path").asText().equals(expected)) {
                    problems.add(w.id() + ": " + probe + " is " + get + ", expected " + expected + " on the management port");
                }
            }
            if (!Service.of(w.module()).has("quarkus-smallrye-health")) {
                problems.add(w.id() + ": probes /q/health but " + w.module() + " has no quarkus-smallrye-health");
            }
        }
        for (JsonNode r : base) {
            if (r.path("kind").asText().equals("Service") && MODULES.contains(r.path("metadata").path("name").asText())) {
                for (JsonNode p : r.path("spec").path("ports")) {
                    String target = p.path("targetPort").asText();
                    if (!target.equals(p.path("name").asText()) || !Set.of("http", "management").contains(target)) {
                        problems.add(Kustomize.id(r) + " port " + p + " is not the container's http or management port");
                    }
                }
            }
            if (r.path("kind").asText().equals("PodMonitor")) {
                r.path("spec").path("podMetricsEndpoints").forEach(e -> {
                    if (!e.path("port").asText().equals("management") || !e.path("path").asText().equals("/q/metrics")) {
                        problems.add(Kustomize.id(r) + " scrapes " + e + ", not /q/metrics on the management port");
                    }
                });
            }
        }
        // the management interface is on in every packaged build (a build-time setting of each service)
        for (String module : MODULES) {
            String own = Kustomize.read(Kustomize.ROOT.resolve(module).resolve("src/main/resources/application.properties"));
            if (!own.contains("%prod.quarkus.management.enabled=true")) {
                problems.add(module + " does not serve /q/* on the management port in packaged builds");
            }
        }
        assertEquals(List.of(), problems);
    }

    /** Secrets that a resource of the manifests creates: ExternalSecret targets and the operators' own secrets. */
    private static Set<String> createdSecrets() {
        Set<String> names = new TreeSet<>();
        for (JsonNode r : base) {
            String kind = r.path("kind").asText();
            String name = r.path("metadata").path("name").asText();
            switch (kind) {
                case "Secret" -> names.add(name);
                case "ExternalSecret" -> names.add(r.path("spec").path("target").path("name").asText(name));
                case "KafkaUser" -> names.add(name); // Strimzi's user operator: password, sasl.jaas.config
                case "Kafka" -> names.add(name + "-cluster-ca-cert");
                case "Cluster" -> names.add(name + "-ca"); // CloudNativePG's CA: ca.crt
                case "Certificate" -> names.add(r.path("spec").path("secretName").asText());
                default -> {
                }
            }
        }
        return names;
    }

    /** What a service's code and configuration read. */
    static final class Service {
        private static final Map<String, Service> CACHE = new HashMap<>();
        private static final Pattern REFERENCE = Pattern.compile("\\$\\{([A-Za-z0-9_.-]+)");
        private static final Pattern CONFIG_PROPERTY = Pattern.compile("@ConfigProperty\\(name\\s*=\\s*\"([^\"]+)\"");
        private static final Pattern CONFIG_MAPPING = Pattern.compile("@ConfigMapping\\(prefix\\s*=\\s*\"([^\"]+)\"");

        final String module;
        final Map<String, String> properties = new LinkedHashMap<>();
        /** Keys of the service's own application.properties. */
        final Set<String> ownKeys = new TreeSet<>();
        final Set<String> references = new TreeSet<>();
        final Set<String> prefixes = new TreeSet<>();
        final String poms;
        final String sources;

        private Service(String module) throws IOException {
            this.module = module;
            Path dir = Kustomize.ROOT.resolve(module);
            Path common = Kustomize.ROOT.resolve("libs/common");
            for (Path props : List.of(dir.resolve("src/main/resources/application.properties"),
                    common.resolve("src/main/resources/META-INF/microprofile-config.properties"))) {
                for (String line : Kustomize.read(props).split("\n")) {
                    line = line.trim();
                    if (line.isEmpty() || line.startsWith("#") || !line.contains("=")) {
                        continue;
                    }
                    String key = line.substring(0, line.indexOf('=')).trim();
                    if (key.startsWith("%")) {
                        key = key.substring(key.indexOf('.') + 1);
                    }
                    properties.putIfAbsent(key, line.substring(line.indexOf('=') + 1).trim());
                    if (props.startsWith(dir)) {
                        ownKeys.add(key);
                    }
                    Matcher m = REFERENCE.matcher(line);
                    while (m.find()) {
                        references.add(m.group(1));
                    }
                }
            }
            StringBuilder src = new StringBuilder();
            for (Path root : List.of(dir.resolve("src/main/java"), common.resolve("src/main/java"))) {
                if (!Files.isDirectory(root)) {
                    continue;
                }
                try (Stream<Path> files = Files.walk(root)) {
                    for (Path f : files.filter(p -> p.toString().endsWith(".java")).toList()) {
                        String text = Files.readString(f);
                        // libs/common beans a service excludes (quarkus.arc.exclude-types) are not read by it
                        if (f.startsWith(common) && excluded(f, common)) {
                            continue;
                        }
                        src.append(text).append('\n');
                        Matcher p = CONFIG_PROPERTY.matcher(text);
                        while (p.find()) {
                            properties.putIfAbsent(p.group(1), "");
                        }
                        Matcher m = CONFIG_MAPPING.matcher(text);
                        while (m.find()) {
                            prefixes.add(m.group(1));
                        }
                    }
                }
            }
            sources = src.toString();
            // libs/common's provided dependencies are the services' to choose: only its own ones reach every service
            poms = Kustomize.read(dir.resolve("pom.xml")) + Kustomize.read(common.resolve("pom.xml")).lines()
                    .filter(line -> !line.contains("<scope>provided</scope>")).collect(java.util.stream.Collectors.joining("\n"));
        }

        private boolean excluded(Path file, Path common) {
            String excludes = properties.getOrDefault("quarkus.arc.exclude-types", "");
            String cls = common.resolve("src/main/java").relativize(file).toString().replace('/', '.').replace(".java", "");
            for (String pattern : excludes.split(",")) {
                pattern = pattern.trim();
                if (pattern.endsWith(".**") && cls.startsWith(pattern.substring(0, pattern.length() - 2))
                        || pattern.equals(cls)) {
                    return true;
                }
            }
            return false;
        }

        static Service of(String module) {
            return CACHE.computeIfAbsent(module, m -> {
                try {
                    return new Service(m);
                } catch (IOException e) {
                    throw new IllegalStateException(e);
                }
            });
        }

        static String envName(String property) {
            return property.replaceAll("[^A-Za-z0-9]", "_").toUpperCase(Locale.ROOT);
        }

        boolean has(String artifactId) {
            return poms.contains("<artifactId>" + artifactId + "</artifactId>");
        }

        boolean reads(String env) {
            if (references.contains(env) || CORE.contains(env)) {
                return true;
            }
            for (String key : properties.keySet()) {
                if (envName(key).equals(env)) {
                    return true;
                }
            }
            for (String prefix : prefixes) {
                if (env.startsWith(envName(prefix) + "_")) {
                    return true;
                }
            }
            for (Map.Entry<String, List<String>> e : EXTENSION_PREFIXES.entrySet()) {
                if (env.startsWith(e.getKey())) {
                    return e.getValue().stream().anyMatch(this::has);
                }
            }
            return false;
        }

        /** Properties holding a secret whose default only suits development: a deployment must override them. */
        List<String> secretProperties() {
            List<String> secrets = new ArrayList<>();
            properties.forEach((key, value) -> {
                if (!ownKeys.contains(key)) {
                    return;
                }
                boolean secretName = key.matches(".*(password|private-key|encryption-key|secret)$")
                        && !key.contains("location") && !key.startsWith("quarkus.datasource");
                boolean devDefault = value.contains("dev-only") || value.contains("change-me") || value.endsWith(":}")
                        || value.isEmpty();
                if (secretName && devDefault && !key.contains("bootstrap") && !key.startsWith("marketplace.notification.sms")) {
                    secrets.add(key);
                }
            });
            return secrets;
        }

        /** The environment name a property's own default reads, e.g. CATALOG_ENCRYPTION_KEY. */
        String aliasOf(String property) {
            Matcher m = REFERENCE.matcher(properties.getOrDefault(property, ""));
            return m.find() ? m.group(1) : null;
        }

        boolean mintsTokens() {
            // the gateway signs every forwarded call; a service mints when its own code calls another with a token
            return module.equals("gateway") || Pattern.compile("import dev\\.marketplace\\.common\\.[a-z]+\\."
                    + "(ServiceTokenHeaders|ServiceTokens);").matcher(serviceSourcesOnly()).find();
        }

        private String serviceSourcesOnly() {
            StringBuilder b = new StringBuilder();
            Path root = Kustomize.ROOT.resolve(module).resolve("src/main/java");
            if (!Files.isDirectory(root)) {
                return "";
            }
            try (Stream<Path> files = Files.walk(root)) {
                for (Path f : files.filter(p -> p.toString().endsWith(".java")).toList()) {
                    b.append(Files.readString(f));
                }
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
            return b.toString();
        }
    }
}
