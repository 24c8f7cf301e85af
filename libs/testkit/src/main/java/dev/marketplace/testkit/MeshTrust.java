package dev.marketplace.testkit;

import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

import com.tngtech.archunit.core.domain.JavaAnnotation;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaMethod;

import dev.marketplace.common.security.mesh.InternalCallerFilter;
import dev.marketplace.common.security.mesh.InternalCallers;

/**
 * Who trusts whom inside the mesh, as a service declares it and as docs/architecture.md lists it ("Who trusts whom"):
 * the peers whose service tokens the service accepts ({@code marketplace.internal-token.peers.<name>.public-key} in its
 * {@code application.properties}) and each endpoint with its callers ({@link InternalCallers}). A service's
 * {@code ArchitectureTest} calls {@link #assertDocumented}, which fails when an {@code /internal/} endpoint declares no
 * callers, names a caller the service does not trust, or when the document and the code differ.
 */
public final class MeshTrust {
    static final String PEERS_HEADER = "| service | accepts service tokens of |";
    static final String ENDPOINTS_HEADER = "| service | internal endpoint | callers | marketplace |";
    private static final Pattern PEER_KEY = Pattern.compile("marketplace\\.internal-token\\.peers\\.([a-z0-9-]+)\\.public-key");
    private static final String JAXRS = "jakarta.ws.rs.";

    private MeshTrust() {
    }

    /**
     * {@code service}: the module ({@code catalog-service}); run from the module's directory, as Maven runs tests.
     */
    public static void assertDocumented(String service, String basePackage) {
        List<String> problems = problems(service, Architecture.production(basePackage),
                load(Path.of("src/main/resources/application.properties")), read(Path.of("../docs/architecture.md")));
        if (!problems.isEmpty()) {
            throw new AssertionError(String.join("\n", problems));
        }
    }

    /** Where the service's configuration and resources differ from the document's rows; empty when they agree. */
    static List<String> problems(String service, Iterable<JavaClass> classes, Properties config, String document) {
        Set<String> peers = peers(config);
        List<String> problems = new ArrayList<>();
        if (config.containsKey(InternalCallerFilter.ENABLED)) {
            problems.add(service + " sets " + InternalCallerFilter.ENABLED + ": only the gateway may turn the filter off");
        }
        Set<String> endpoints = endpoints(service, classes, peers, problems);
        Set<String> documentedPeers = rows(document, PEERS_HEADER, service);
        Set<String> declaredPeers = Set.of(row(service, peers.isEmpty() ? "—" : String.join(", ", peers)));
        if (!documentedPeers.equals(declaredPeers)) {
            problems.add("docs/architecture.md lists as " + service + "'s peers " + documentedPeers
                    + ", its configuration says " + declaredPeers);
        }
        Set<String> documentedEndpoints = rows(document, ENDPOINTS_HEADER, service);
        if (!documentedEndpoints.equals(endpoints)) {
            problems.add("docs/architecture.md lists as " + service + "'s internal endpoints\n  "
                    + String.join("\n  ", documentedEndpoints) + "\nits resources declare\n  " + String.join("\n  ", endpoints));
        }
        return problems;
    }

    /** The configured peers that have a public key, sorted. */
    static Set<String> peers(Properties config) {
        Set<String> peers = new TreeSet<>();
        for (String name : config.stringPropertyNames()) {
            Matcher key = PEER_KEY.matcher(name);
            if (key.matches() && !config.getProperty(name).isBlank()) {
                peers.add(key.group(1));
            }
        }
        return peers;
    }

    private static Properties load(Path properties) {
        Properties config = new Properties();
        try (Reader reader = Files.newBufferedReader(properties)) {
            config.load(reader);
        } catch (IOException e) {
            throw new IllegalStateException("cannot read " + properties.toAbsolutePath(), e);
        }
        return config;
    }

    /** The rows of the endpoints table every declared endpoint makes; undeclared internal endpoints are problems. */
    static Set<String> endpoints(String service, Iterable<JavaClass> classes, Set<String> peers, List<String> problems) {
        Set<String> rows = new TreeSet<>();
        for (JavaClass resource : classes) {
            String root = value(resource.tryGetAnnotationOfType(JAXRS + "Path"));
            // interfaces are the REST clients of other services' endpoints
            if (root == null || resource.isInterface()) {
                continue;
            }
            for (JavaMethod method : resource.getMethods()) {
                String verb = method.getAnnotations().stream()
                        .map(a -> value(a.getRawType().tryGetAnnotationOfType(JAXRS + "HttpMethod")))
                        .filter(v -> v != null).findFirst().orElse(null);
                if (verb == null) {
                    continue;
                }
                String sub = value(method.tryGetAnnotationOfType(JAXRS + "Path"));
                String path = join(root, sub == null ? "" : sub);
                InternalCallers declared = method.tryGetAnnotationOfType(InternalCallers.class)
                        .or(() -> resource.tryGetAnnotationOfType(InternalCallers.class)).orElse(null);
                if (declared == null) {
                    if (path.startsWith("/internal/")) {
                        problems.add(verb + " " + path + " (" + resource.getSimpleName() + ") declares no @InternalCallers");
                    }
                    continue;
                }
                Set<String> callers = new TreeSet<>(Arrays.asList(declared.value()));
                for (String caller : callers) {
                    if (!caller.equals(InternalCallers.GATEWAY) && !peers.contains(caller)) {
                        problems.add(verb + " " + path + " names " + caller + ", whose service tokens " + service
                                + " does not accept (marketplace.internal-token.peers." + caller + ".public-key)");
                    }
                }
                rows.add(row(service, "`" + verb + " " + path + "`", String.join(", ", callers),
                        declared.perMarketplace() ? "the token's" : "any"));
            }
        }
        return rows;
    }

    private static String value(Optional<? extends JavaAnnotation<?>> annotation) {
        return annotation.flatMap(a -> a.get("value")).map(Object::toString).orElse(null);
    }

    static String join(String root, String sub) {
        String path = "/" + root + "/" + sub;
        path = path.replaceAll("/+", "/");
        return path.length() > 1 && path.endsWith("/") ? path.substring(0, path.length() - 1) : path;
    }

    /** The rows of {@code service} in the table under {@code header}, cells trimmed. */
    static Set<String> rows(String document, String header, String service) {
        List<String> lines = document.lines().toList();
        int start = lines.indexOf(header);
        if (start < 0) {
            throw new AssertionError("docs/architecture.md has no table " + header);
        }
        Set<String> rows = new TreeSet<>();
        for (int i = start + 2; i < lines.size() && lines.get(i).startsWith("|"); i++) {
            List<String> cells = Arrays.stream(lines.get(i).split("\\|")).map(String::trim).skip(1)
                    .collect(Collectors.toList());
            if (!cells.isEmpty() && cells.get(0).equals(service)) {
                rows.add(row(cells.toArray(String[]::new)));
            }
        }
        return rows;
    }

    private static String row(String... cells) {
        return "| " + String.join(" | ", cells) + " |";
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            throw new IllegalStateException("cannot read " + file.toAbsolutePath(), e);
        }
    }
}
