package dev.marketplace.kubernetes;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * The gateway's nonce budget against what each overlay deploys: each consumer's nonce quota is shared out over
 * {@code MARKETPLACE_GATEWAY_OAUTH1_NONCE_BUDGET_REPLICAS}, so it must count every replica that can run at once (the
 * autoscaler's maximum, else the Deployment's replicas, plus a rolling update's surge), and the memory it shares out,
 * {@code MARKETPLACE_GATEWAY_OAUTH1_NONCE_BUDGET_MEMORY}, must fit in Valkey's {@code maxmemory}. A replica count
 * raised alone would let one tenant fill Valkey (gateway/README.md, "Sizing Redis").
 */
class NonceBudgetTest {

    @ParameterizedTest
    @ValueSource(strings = { "overlays/dev", "overlays/production" })
    void theBudgetCountsEveryReplicaAndFitsInValkey(String overlay) throws Exception {
        List<JsonNode> resources = Kustomize.build(overlay);
        JsonNode gateway = find(resources, "Deployment/gateway");
        JsonNode hpa = resources.stream().filter(r -> Kustomize.id(r).equals("HorizontalPodAutoscaler/gateway")).findFirst()
                .orElse(null);
        int most = hpa != null ? hpa.path("spec").path("maxReplicas").asInt() : gateway.path("spec").path("replicas").asInt(1);
        int surge = gateway.path("spec").path("strategy").path("rollingUpdate").path("maxSurge").asInt(1);
        Map<String, JsonNode> env = new java.util.HashMap<>();
        gateway.path("spec").path("template").path("spec").path("containers").get(0).path("env")
                .forEach(e -> env.put(e.path("name").asText(), e));
        int replicas = Integer.parseInt(value(env, "MARKETPLACE_GATEWAY_OAUTH1_NONCE_BUDGET_REPLICAS"));
        assertTrue(replicas >= most + surge, overlay + ": the nonce budget is shared by " + replicas
                + " replicas, but up to " + most + " + " + surge + " (surge) run at once");

        long memory = bytes(value(env, "MARKETPLACE_GATEWAY_OAUTH1_NONCE_BUDGET_MEMORY"));
        List<String> args = new java.util.ArrayList<>();
        find(resources, "StatefulSet/marketplace-valkey").path("spec").path("template").path("spec").path("containers")
                .get(0).path("args").forEach(a -> args.add(a.asText()));
        // Valkey's arguments are a start-up script (it writes the password's hash into a file first): read its flag there
        java.util.regex.Matcher flag = java.util.regex.Pattern.compile("--maxmemory\\s+(\\S+)").matcher(String.join(" ", args));
        assertTrue(flag.find(), overlay + ": Valkey runs with a maxmemory");
        long maxmemory = bytes(flag.group(1));
        assertTrue(memory < maxmemory, overlay + ": the nonce budget (" + memory + " bytes) leaves no room in Valkey's "
                + "maxmemory (" + maxmemory + ") for the rate-limit buckets and Valkey's own use");
    }

    private static JsonNode find(List<JsonNode> resources, String id) {
        return resources.stream().filter(r -> Kustomize.id(r).equals(id)).findFirst()
                .orElseThrow(() -> new AssertionError(id + " is not deployed"));
    }

    private static String value(Map<String, JsonNode> env, String name) {
        JsonNode set = env.get(name);
        assertNotNull(set, "the gateway's environment sets " + name);
        return set.path("value").asText();
    }

    /** 200M (Quarkus) and 256mb (Redis) alike: binary multiples. */
    private static long bytes(String size) {
        String s = size.toLowerCase(Locale.ROOT).replaceAll("b$", "");
        long unit = switch (s.charAt(s.length() - 1)) {
            case 'k' -> 1L << 10;
            case 'm' -> 1L << 20;
            case 'g' -> 1L << 30;
            default -> 1;
        };
        return Long.parseLong(unit == 1 ? s : s.substring(0, s.length() - 1)) * unit;
    }
}
