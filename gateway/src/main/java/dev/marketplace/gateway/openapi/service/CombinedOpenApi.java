package dev.marketplace.gateway.openapi.service;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import jakarta.enterprise.context.ApplicationScoped;

import org.jboss.logging.Logger;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;

import io.smallrye.mutiny.Uni;

/**
 * One OpenAPI document of the whole public API: the gateway's own endpoints and every service's, read from each
 * service's {@code /q/openapi} and merged (paths side by side; a schema name two services use for different schemas
 * is prefixed with the service's name, and the references to it follow). Services' own {@code /q/*} and
 * {@code /internal/} paths are left out: only what the gateway serves publicly is listed, with the gateway's security
 * schemes ({@link PublicDocument}). The result is kept for {@code refresh-after}.
 */
@ApplicationScoped
public class CombinedOpenApi {
    private static final Logger LOG = Logger.getLogger(CombinedOpenApi.class);
    private static final String SCHEMA_REF = "#/components/schemas/";

    private final OpenApiSources config;
    private final ObjectMapper mapper;
    private final HttpClient http;
    private volatile Cached cached;

    private record Cached(ObjectNode document, long expiresAt) {
    }

    public CombinedOpenApi(OpenApiSources config, ObjectMapper mapper) {
        this.config = config;
        this.mapper = mapper;
        this.http = HttpClient.newBuilder().connectTimeout(config.timeout()).build();
    }

    public Uni<ObjectNode> document() {
        Cached current = cached;
        if (current != null && System.nanoTime() < current.expiresAt()) {
            return Uni.createFrom().item(current.document());
        }
        Map<String, String> sources = sources();
        List<Uni<JsonNode>> reads = new ArrayList<>();
        for (Map.Entry<String, String> source : sources.entrySet()) {
            reads.add(read(source.getKey(), source.getValue()));
        }
        Uni<List<JsonNode>> all = reads.isEmpty() ? Uni.createFrom().item(List.of())
                : Uni.join().all(reads).andCollectFailures();
        return all.map(docs -> {
            ObjectNode combined = combine(new ArrayList<>(sources.keySet()), docs);
            cached = new Cached(combined, System.nanoTime() + config.refreshAfter().toNanos());
            return combined;
        });
    }

    private Map<String, String> sources() {
        Map<String, String> sources = new LinkedHashMap<>();
        for (String entry : config.sources().orElse(List.of())) {
            int eq = entry.indexOf('=');
            if (eq > 0) {
                sources.put(entry.substring(0, eq).trim(), entry.substring(eq + 1).trim());
            }
        }
        return sources;
    }

    /** A source's document, or a null node when it cannot be read now. */
    private Uni<JsonNode> read(String name, String url) {
        HttpRequest request = HttpRequest.newBuilder(URI.create(url + (url.contains("?") ? "&" : "?") + "format=json"))
                .timeout(config.timeout()).header("Accept", "application/json").GET().build();
        return Uni.createFrom().completionStage(() -> http.sendAsync(request, HttpResponse.BodyHandlers.ofString()))
                .map(response -> {
                    if (response.statusCode() != 200) {
                        throw new IllegalStateException("answered " + response.statusCode());
                    }
                    try {
                        return mapper.readTree(response.body());
                    } catch (Exception e) {
                        throw new IllegalStateException("not a JSON OpenAPI document");
                    }
                })
                .onFailure().recoverWithItem(e -> {
                    LOG.warnf("OpenAPI document of %s (%s) left out of the combined document: %s", name, url, e.getMessage());
                    return mapper.nullNode();
                });
    }

    ObjectNode combine(List<String> names, List<JsonNode> docs) {
        ObjectNode combined = mapper.createObjectNode();
        combined.put("openapi", "3.0.3");
        ObjectNode info = combined.putObject("info");
        info.put("title", "Marketplace API");
        info.put("description", "The public API of the marketplace: every path is served through the gateway, signed "
                + "with OAuth 1.0 or carrying an OAuth 2.0 bearer token from " + PublicDocument.TOKEN_PATH + ". Every "
                + "authentication or authorization failure is a plain 403; errors are {code, message}. Explore it with "
                + "Swagger UI at /swagger-ui/.");
        info.put("version", "1");
        combined.putArray("servers").addObject().put("url", config.publicBaseUrl());
        ObjectNode paths = combined.putObject("paths");
        ObjectNode components = combined.putObject("components");
        ObjectNode schemas = components.putObject("schemas");
        ArrayNode tags = combined.putArray("tags");
        ArrayNode unavailable = mapper.createArrayNode();
        for (int i = 0; i < names.size(); i++) {
            String name = names.get(i);
            JsonNode doc = docs.get(i);
            if (doc == null || !doc.isObject()) {
                unavailable.add(name);
                continue;
            }
            ObjectNode copy = doc.deepCopy();
            Map<String, String> renamed = new LinkedHashMap<>();
            copy.path("components").path("schemas").properties().forEach(e -> {
                JsonNode existing = schemas.get(e.getKey());
                if (existing != null && !existing.equals(e.getValue())) {
                    renamed.put(e.getKey(), prefix(name) + e.getKey());
                }
            });
            rewriteRefs(copy, renamed);
            copy.path("components").path("schemas").properties().forEach(
                    e -> schemas.set(renamed.getOrDefault(e.getKey(), e.getKey()), e.getValue()));
            copy.path("components").properties().forEach(e -> {
                if (!e.getKey().equals("schemas") && e.getValue().isObject()) {
                    ObjectNode kind = components.has(e.getKey()) ? (ObjectNode) components.get(e.getKey())
                            : components.putObject(e.getKey());
                    e.getValue().properties().forEach(c -> kind.putIfAbsent(c.getKey(), c.getValue()));
                }
            });
            copy.path("paths").properties().forEach(e -> {
                if (!PublicDocument.hidden(e.getKey()) && !paths.has(e.getKey())) {
                    paths.set(e.getKey(), e.getValue());
                }
            });
            for (JsonNode tag : copy.path("tags")) {
                tags.add(tag);
            }
        }
        if (!unavailable.isEmpty()) {
            combined.set("x-unavailable", unavailable);
        }
        PublicDocument.secure(combined);
        return combined;
    }

    private static String prefix(String name) {
        String base = name.replace("-service", "");
        StringBuilder b = new StringBuilder();
        for (String part : base.split("[^A-Za-z0-9]+")) {
            if (!part.isEmpty()) {
                b.append(Character.toUpperCase(part.charAt(0))).append(part.substring(1));
            }
        }
        return b.toString();
    }

    private static void rewriteRefs(JsonNode node, Map<String, String> renamed) {
        if (renamed.isEmpty()) {
            return;
        }
        if (node.isObject()) {
            ObjectNode object = (ObjectNode) node;
            JsonNode ref = object.get("$ref");
            if (ref != null && ref.isTextual() && ref.asText().startsWith(SCHEMA_REF)) {
                String target = ref.asText().substring(SCHEMA_REF.length());
                if (renamed.containsKey(target)) {
                    object.set("$ref", TextNode.valueOf(SCHEMA_REF + renamed.get(target)));
                }
            }
            for (Iterator<JsonNode> it = object.elements(); it.hasNext();) {
                rewriteRefs(it.next(), renamed);
            }
        } else if (node.isArray()) {
            for (JsonNode item : node) {
                rewriteRefs(item, renamed);
            }
        }
    }
}
