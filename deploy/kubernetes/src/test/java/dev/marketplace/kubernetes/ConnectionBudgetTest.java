package dev.marketplace.kubernetes;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * Every replica the production overlay can run, at its pools' largest, fits in PostgreSQL's {@code max_connections}:
 * per replica its reactive pool, its JDBC pool (Flyway, the outbox relay) and one connection outside both (a LISTEN),
 * times its replicas (the gateway's autoscaler maximum), plus a reserve for superusers, replication and operators. A
 * pool made larger, or a replica count raised, without the database's limit shows here instead of as refused
 * connections in production.
 */
class ConnectionBudgetTest {
    /** CloudNativePG's superuser and replication slots, and a few for an operator's psql and backups. */
    private static final int RESERVE = 20;
    private static final Pattern DEFAULTED = Pattern.compile("\\$\\{([A-Z0-9_]+):(\\d+)}");

    @Test
    void everyReplicasPoolsFitInPostgresMaxConnections() throws Exception {
        List<JsonNode> production = Kustomize.build("overlays/production");
        int maxConnections = 0;
        Map<String, Integer> maxReplicas = new java.util.HashMap<>();
        for (JsonNode r : production) {
            String kind = r.path("kind").asText();
            if (kind.equals("Cluster")) {
                maxConnections = r.path("spec").path("postgresql").path("parameters").path("max_connections").asInt();
            } else if (kind.equals("HorizontalPodAutoscaler")) {
                maxReplicas.put(r.path("spec").path("scaleTargetRef").path("name").asText(),
                        r.path("spec").path("maxReplicas").asInt());
            }
        }
        assertTrue(maxConnections > 0, "the PostgreSQL cluster sets max_connections");
        ServiceConfigTest.build();
        int total = RESERVE;
        List<String> lines = new ArrayList<>();
        for (ServiceConfigTest.Workload w : ServiceConfigTest.workloads()) {
            if (!w.id().startsWith("Deployment/")) {
                continue;
            }
            String name = w.id().substring(w.id().indexOf('/') + 1);
            JsonNode deployment = production.stream().filter(r -> Kustomize.id(r).equals(w.id())).findFirst().orElseThrow();
            int replicas = maxReplicas.getOrDefault(name, deployment.path("spec").path("replicas").asInt(1));
            ServiceConfigTest.Service service = ServiceConfigTest.Service.of(w.module());
            Map<String, JsonNode> env = ServiceConfigTest.environment(w.container());
            int reactive = size(service, env, "quarkus.datasource.reactive.max-size", 20);
            int jdbc = size(service, env, "quarkus.datasource.jdbc.max-size", 20);
            int perReplica = reactive + jdbc + 1;
            total += replicas * perReplica;
            lines.add(String.format("%s: %d replicas x (%d reactive + %d JDBC + 1) = %d", name, replicas, reactive, jdbc,
                    replicas * perReplica));
        }
        assertFalse(lines.isEmpty(), "Deployments with a database");
        lines.forEach(System.out::println);
        System.out.printf("ConnectionBudgetTest: %d of max_connections %d (reserve %d included)%n", total, maxConnections,
                RESERVE);
        assertTrue(total <= maxConnections, "the pools of every replica need " + total + " connections (reserve "
                + RESERVE + " included), PostgreSQL allows " + maxConnections + ": " + lines);
    }

    /** A pool's size: the environment's value for the variable its property reads, else the property's default. */
    private static int size(ServiceConfigTest.Service service, Map<String, JsonNode> env, String property, int quarkusDefault) {
        String value = service.properties.get(property);
        if (value == null || value.isEmpty()) {
            JsonNode set = env.get(ServiceConfigTest.Service.envName(property));
            return set == null ? quarkusDefault : Integer.parseInt(set.isTextual() ? set.asText() : set.path("value").asText());
        }
        Matcher m = DEFAULTED.matcher(value);
        if (m.matches()) {
            JsonNode set = env.get(m.group(1));
            return set == null ? Integer.parseInt(m.group(2))
                    : Integer.parseInt(set.isTextual() ? set.asText() : set.path("value").asText());
        }
        return Integer.parseInt(value);
    }
}
