package dev.marketplace.kubernetes;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Assumptions;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLParser;

/** Builds a kustomization with {@code kubectl kustomize} (no cluster involved) and reads the resources it prints. */
final class Kustomize {
    static final Path ROOT = Path.of(System.getProperty("repository.root", "../..")).toAbsolutePath().normalize();
    static final Path KUBERNETES = ROOT.resolve("deploy/kubernetes");
    /** What an operator applies: the base alone, and each overlay (which pull in the components). */
    static final List<String> TARGETS = List.of("base", "overlays/dev", "overlays/production");
    static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

    private Kustomize() {
    }

    static List<JsonNode> build(String target) throws IOException, InterruptedException {
        Path dir = KUBERNETES.resolve(target);
        Process p;
        try {
            p = new ProcessBuilder("kubectl", "kustomize", dir.toString()).redirectErrorStream(false).start();
        } catch (IOException e) {
            Assumptions.abort("kubectl is not installed here (" + e.getMessage()
                    + "): the manifests are not built or validated; install kubectl to run these checks");
            throw e;
        }
        byte[] out = p.getInputStream().readAllBytes();
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(60, TimeUnit.SECONDS) || p.exitValue() != 0) {
            throw new AssertionError("kubectl kustomize " + target + " failed: " + err);
        }
        List<JsonNode> resources = new ArrayList<>();
        try (YAMLParser parser = ((YAMLFactory) YAML.getFactory()).createParser(out)) {
            for (var it = YAML.readValues(parser, JsonNode.class); it.hasNext();) {
                JsonNode doc = it.next();
                if (doc != null && !doc.isNull() && !doc.isEmpty()) {
                    resources.add(doc);
                }
            }
        }
        return resources;
    }

    static String id(JsonNode resource) {
        return resource.path("kind").asText() + "/" + resource.path("metadata").path("name").asText();
    }

    static String read(Path file) {
        try {
            return Files.exists(file) ? Files.readString(file) : "";
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
