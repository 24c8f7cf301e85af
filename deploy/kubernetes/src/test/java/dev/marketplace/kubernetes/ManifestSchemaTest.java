package dev.marketplace.kubernetes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Collection;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.MapperFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SpecVersion;
import com.networknt.schema.ValidationMessage;

/**
 * Every resource of the base and of each overlay, strictly: Kubernetes kinds against the Kubernetes 1.33 API model
 * (fabric8's published model classes), Strimzi kinds against Strimzi's API model, where an unknown field, a
 * misplaced one or a value of the wrong type is an error; the other operators' kinds (CloudNativePG, cert-manager,
 * External Secrets) against the JSON schemas in deploy/kubernetes/schemas, which refuse unknown fields. A kind with
 * neither is an error too: nothing goes unchecked. No cluster and no network are involved.
 */
class ManifestSchemaTest {
    private static final ObjectMapper STRICT = JsonMapper.builder()
            .disable(MapperFeature.ALLOW_COERCION_OF_SCALARS)
            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
            .enable(DeserializationFeature.FAIL_ON_READING_DUP_TREE_KEY)
            .build();

    /** apiVersion + kind: the model class that the API server's schema is generated from. */
    private static final Map<String, Class<?>> MODELS = Map.ofEntries(
            Map.entry("v1/ConfigMap", io.fabric8.kubernetes.api.model.ConfigMap.class),
            Map.entry("v1/Secret", io.fabric8.kubernetes.api.model.Secret.class),
            Map.entry("v1/Service", io.fabric8.kubernetes.api.model.Service.class),
            Map.entry("v1/ServiceAccount", io.fabric8.kubernetes.api.model.ServiceAccount.class),
            Map.entry("apps/v1/Deployment", io.fabric8.kubernetes.api.model.apps.Deployment.class),
            Map.entry("apps/v1/StatefulSet", io.fabric8.kubernetes.api.model.apps.StatefulSet.class),
            Map.entry("batch/v1/Job", io.fabric8.kubernetes.api.model.batch.v1.Job.class),
            Map.entry("networking.k8s.io/v1/NetworkPolicy", io.fabric8.kubernetes.api.model.networking.v1.NetworkPolicy.class),
            Map.entry("policy/v1/PodDisruptionBudget", io.fabric8.kubernetes.api.model.policy.v1.PodDisruptionBudget.class),
            Map.entry("autoscaling/v2/HorizontalPodAutoscaler",
                    io.fabric8.kubernetes.api.model.autoscaling.v2.HorizontalPodAutoscaler.class),
            Map.entry("monitoring.coreos.com/v1/PodMonitor", io.fabric8.openshift.api.model.monitoring.v1.PodMonitor.class),
            Map.entry("monitoring.coreos.com/v1/PrometheusRule",
                    io.fabric8.openshift.api.model.monitoring.v1.PrometheusRule.class),
            Map.entry("kafka.strimzi.io/v1/Kafka", io.strimzi.api.kafka.model.kafka.Kafka.class),
            Map.entry("kafka.strimzi.io/v1/KafkaNodePool", io.strimzi.api.kafka.model.nodepool.KafkaNodePool.class),
            Map.entry("kafka.strimzi.io/v1/KafkaTopic", io.strimzi.api.kafka.model.topic.KafkaTopic.class),
            Map.entry("kafka.strimzi.io/v1/KafkaUser", io.strimzi.api.kafka.model.user.KafkaUser.class));

    /** apiVersion + kind: a JSON schema file under deploy/kubernetes/schemas. */
    private static final Map<String, String> SCHEMAS = Map.of(
            "postgresql.cnpg.io/v1/Cluster", "cnpg-cluster.json",
            "postgresql.cnpg.io/v1/Database", "cnpg-database.json",
            "postgresql.cnpg.io/v1/ScheduledBackup", "cnpg-scheduledbackup.json",
            "cert-manager.io/v1/Issuer", "cert-manager-issuer.json",
            "cert-manager.io/v1/Certificate", "cert-manager-certificate.json",
            "external-secrets.io/v1/ExternalSecret", "external-secret.json");

    @ParameterizedTest
    @ValueSource(strings = { "base", "overlays/dev", "overlays/production" })
    void everyResourceMatchesItsSchema(String target) throws Exception {
        List<JsonNode> resources = Kustomize.build(target);
        assertTrue(resources.size() > 10, target + " built only " + resources.size() + " resources");
        List<String> errors = new ArrayList<>();
        for (JsonNode resource : resources) {
            String type = resource.path("apiVersion").asText() + "/" + resource.path("kind").asText();
            String id = Kustomize.id(resource);
            if (resource.path("metadata").path("name").asText().isEmpty()) {
                errors.add(id + ": no metadata.name");
            }
            if (MODELS.containsKey(type)) {
                try {
                    Object model = STRICT.treeToValue(resource, MODELS.get(type));
                    unknownFields(model, "", new IdentityHashMap<>())
                            .forEach(path -> errors.add(id + ": unknown field " + path + " (" + type + ")"));
                } catch (Exception e) {
                    errors.add(id + ": " + e.getMessage().lines().findFirst().orElse(""));
                }
            } else if (SCHEMAS.containsKey(type)) {
                for (ValidationMessage m : schema(SCHEMAS.get(type)).validate(resource)) {
                    errors.add(id + ": " + m.getMessage());
                }
            } else {
                errors.add(id + ": no schema for " + type + " (add one to ManifestSchemaTest)");
            }
        }
        assertEquals(List.of(), errors, target);
    }

    /** A strict schema rejects what it does not know: the check of the checker. */
    @org.junit.jupiter.api.Test
    void aMisspelledFieldIsRejected() throws Exception {
        JsonNode deployment = Kustomize.YAML.readTree("""
                apiVersion: apps/v1
                kind: Deployment
                metadata: {name: x}
                spec:
                  selector: {matchLabels: {a: b}}
                  template:
                    metadata: {labels: {a: b}}
                    spec:
                      containers:
                      - name: x
                        image: x
                        securityContext: {readOnlyRootFileSystem: true}
                """);
        Object model = STRICT.treeToValue(deployment, io.fabric8.kubernetes.api.model.apps.Deployment.class);
        assertEquals(List.of(".spec.template.spec.containers[0].securityContext.readOnlyRootFileSystem"),
                unknownFields(model, "", new IdentityHashMap<>()));

        JsonNode database = Kustomize.YAML.readTree("""
                apiVersion: postgresql.cnpg.io/v1
                kind: Database
                metadata: {name: x}
                spec: {cluster: {name: c}, name: x, owner: x, ensure: present, owners: x}
                """);
        assertEquals(1, schema("cnpg-database.json").validate(database).size());
    }

    private static JsonSchema schema(String file) throws Exception {
        JsonSchemaFactory factory = JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V7);
        return factory.getSchema(Files.readString(Kustomize.KUBERNETES.resolve("schemas").resolve(file)));
    }

    /**
     * The model classes keep fields they do not know in an additional-properties map instead of failing: walks the
     * bound object and reports every such field with its path.
     */
    static List<String> unknownFields(Object node, String path, Map<Object, Boolean> seen) throws Exception {
        List<String> found = new ArrayList<>();
        if (node == null || seen.put(node, Boolean.TRUE) != null) {
            return found;
        }
        if (node instanceof Collection<?> list) {
            int i = 0;
            for (Object item : list) {
                found.addAll(unknownFields(item, path + "[" + i++ + "]", seen));
            }
            return found;
        }
        if (node instanceof Map<?, ?> map) {
            for (Map.Entry<?, ?> e : map.entrySet()) {
                found.addAll(unknownFields(e.getValue(), path + "." + e.getKey(), seen));
            }
            return found;
        }
        String pkg = node.getClass().getPackageName();
        if (!pkg.startsWith("io.fabric8") && !pkg.startsWith("io.strimzi")) {
            return found;
        }
        for (Method m : node.getClass().getMethods()) {
            if (m.getParameterCount() != 0 || Modifier.isStatic(m.getModifiers()) || m.getDeclaringClass() == Object.class) {
                continue;
            }
            String name = m.getName();
            if (name.equals("getAdditionalProperties")) {
                Object extra = m.invoke(node);
                if (extra instanceof Map<?, ?> map) {
                    for (Object key : map.keySet()) {
                        found.add(path + "." + key);
                    }
                }
            } else if (name.startsWith("get") && name.length() > 3 && !SKIPPED.contains(name)) {
                String field = Character.toLowerCase(name.charAt(3)) + name.substring(4);
                Object value;
                try {
                    value = m.invoke(node);
                } catch (Exception e) {
                    continue;
                }
                if (value != null && !(value instanceof String) && !(value instanceof Number) && !(value instanceof Boolean)
                        && !(value instanceof Enum<?>)) {
                    found.addAll(unknownFields(value, path + "." + field, seen));
                }
            }
        }
        return found;
    }

    private static final Set<String> SKIPPED = Set.of("getClass", "getAdditionalProperties", "getFullResourceName",
            "getPlural", "getSingular", "getCRDName", "getKind", "getApiVersion", "getVersion", "getGroup");
}
