package dev.marketplace.kubernetes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import java.util.zip.GZIPInputStream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;

import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarArchiveInputStream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * The OCI image archives that {@code ./mvnw -Pimages package} writes (target/&lt;module&gt;-&lt;tag&gt;.oci.tar): a
 * valid OCI image layout whose every blob matches its digest and size, the Quarkus entrypoint with the heap sized
 * from the container, a non-root user, and no secret in any layer (no private key, keystore or .env file, no private
 * key block in any file, including the files inside jars). Without -Pimages the archives are absent and the test is
 * skipped; with it (images.required) a missing archive fails.
 */
class ImageArchiveTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Pattern SECRET_FILE = Pattern.compile(
            ".*(\\.pem|\\.key|\\.p12|\\.pfx|\\.jks|\\.keystore|/id_rsa|/id_ed25519|/\\.env|\\.env|/\\.git-credentials|/\\.netrc)$");
    private static final byte[] PRIVATE_KEY = "PRIVATE KEY-----".getBytes(StandardCharsets.US_ASCII);
    /** A layer shared by every image (the Java runtime) is scanned once. */
    private static final Map<String, List<String>> SCANNED = new ConcurrentHashMap<>();

    @ParameterizedTest
    @ValueSource(strings = { "gateway", "account-service", "reseller-service", "catalog-service", "billing-service",
            "notification-service", "lead-service" })
    void imageArchiveIsAValidNonRootImageWithoutSecrets(String module) throws Exception {
        Path archive = archive(module);
        Map<String, byte[]> small = new HashMap<>();
        Map<String, Path> blobs = new HashMap<>();
        Path work = Files.createTempDirectory("oci-" + module);
        try {
            try (TarArchiveInputStream tar = new TarArchiveInputStream(Files.newInputStream(archive))) {
                for (TarArchiveEntry e; (e = tar.getNextEntry()) != null;) {
                    if (!e.isFile()) {
                        continue;
                    }
                    Path file = work.resolve("f" + blobs.size());
                    Files.copy(tar, file);
                    blobs.put(e.getName(), file);
                    if (e.getSize() < 1_000_000) {
                        small.put(e.getName(), Files.readAllBytes(file));
                    }
                }
            }
            assertEquals("1.0.0", JSON.readTree(small.get("oci-layout")).path("imageLayoutVersion").asText());
            JsonNode index = JSON.readTree(small.get("index.json"));
            assertEquals(1, index.path("manifests").size(), "one image per archive");
            JsonNode descriptor = index.path("manifests").get(0);
            assertEquals("application/vnd.oci.image.manifest.v1+json", descriptor.path("mediaType").asText());
            assertTrue(descriptor.path("annotations").path("io.containerd.image.name").asText()
                    .matches("(.+/)?marketplace/" + module + ":.+"), "image name: " + descriptor);
            JsonNode manifest = JSON.readTree(verified(blobs, descriptor));
            JsonNode config = JSON.readTree(verified(blobs, manifest.path("config")));
            assertEquals("application/vnd.oci.image.config.v1+json", manifest.path("config").path("mediaType").asText());

            JsonNode c = config.path("config");
            assertEquals("185", c.path("User").asText(), "runs as the non-root user 185");
            List<String> entrypoint = new ArrayList<>();
            c.path("Entrypoint").forEach(n -> entrypoint.add(n.asText()));
            assertEquals("java", entrypoint.get(0), String.valueOf(entrypoint));
            assertTrue(entrypoint.contains("-XX:MaxRAMPercentage=75"), "heap from the container's memory: " + entrypoint);
            assertEquals(List.of("-jar", "quarkus-run.jar"), entrypoint.subList(entrypoint.size() - 2, entrypoint.size()));
            assertEquals("/home/jboss", c.path("WorkingDir").asText());
            c.path("Env").forEach(env -> assertTrue(!env.asText().matches("(?i).*(password|secret|private|token)[^=]*=.+"),
                    "no secret in the image's environment: " + env));
            assertEquals(manifest.path("layers").size(), config.path("rootfs").path("diff_ids").size());

            List<String> findings = new ArrayList<>();
            Set<String> paths = new java.util.TreeSet<>();
            for (JsonNode layer : manifest.path("layers")) {
                Path blob = verifiedPath(blobs, layer);
                String digest = layer.path("digest").asText();
                findings.addAll(SCANNED.computeIfAbsent(digest, d -> scanLayer(blob, paths)));
            }
            assertEquals(List.of(), findings, module + ": secrets in the image");
            if (!paths.isEmpty()) {
                assertTrue(paths.contains("home/jboss/quarkus-run.jar"), "the application is at /home/jboss");
            }
        } finally {
            try (Stream<Path> files = Files.list(work)) {
                for (Path f : files.toList()) {
                    Files.delete(f);
                }
            }
            Files.delete(work);
        }
    }

    private static Path archive(String module) throws IOException {
        Path target = Kustomize.ROOT.resolve(module).resolve("target");
        List<Path> found = new ArrayList<>();
        if (Files.isDirectory(target)) {
            try (Stream<Path> files = Files.list(target)) {
                files.filter(p -> p.getFileName().toString().endsWith(".oci.tar")).forEach(found::add);
            }
        }
        if (found.isEmpty()) {
            if (Boolean.getBoolean("images.required")) {
                throw new AssertionError(module + " has no image archive under " + target + " although -Pimages built it");
            }
            Assumptions.abort("no image archive for " + module + ": build with ./mvnw -Pimages package");
        }
        assertEquals(1, found.size(), "one archive per module: " + found);
        return found.get(0);
    }

    private static byte[] verified(Map<String, Path> blobs, JsonNode descriptor) throws IOException {
        return Files.readAllBytes(verifiedPath(blobs, descriptor));
    }

    /** The blob a descriptor points at, checked against its digest and size. */
    private static Path verifiedPath(Map<String, Path> blobs, JsonNode descriptor) throws IOException {
        String digest = descriptor.path("digest").asText();
        assertTrue(digest.startsWith("sha256:"), digest);
        Path blob = blobs.get("blobs/sha256/" + digest.substring(7));
        assertTrue(blob != null, "the layout has no blob " + digest);
        assertEquals(descriptor.path("size").asLong(), Files.size(blob), "size of " + digest);
        try {
            MessageDigest md = MessageDigest.getInstance("SHA-256");
            try (InputStream in = Files.newInputStream(blob)) {
                byte[] buf = new byte[1 << 16];
                for (int n; (n = in.read(buf)) > 0;) {
                    md.update(buf, 0, n);
                }
            }
            assertEquals(digest.substring(7), HexFormat.of().formatHex(md.digest()), "content of " + digest);
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
        return blob;
    }

    private static List<String> scanLayer(Path blob, Set<String> paths) {
        List<String> findings = new ArrayList<>();
        try (TarArchiveInputStream tar = new TarArchiveInputStream(new GZIPInputStream(Files.newInputStream(blob)))) {
            for (TarArchiveEntry e; (e = tar.getNextEntry()) != null;) {
                String name = e.getName().startsWith("./") ? e.getName().substring(2) : e.getName();
                paths.add(name);
                if (!e.isFile()) {
                    continue;
                }
                if (SECRET_FILE.matcher("/" + name).matches()) {
                    findings.add(name + ": a key, keystore or credentials file");
                }
                byte[] content = tar.readAllBytes();
                if (name.endsWith(".jar")) {
                    scanJar(name, content, findings);
                } else if (contains(content, PRIVATE_KEY)) {
                    findings.add(name + ": contains a private key");
                }
            }
        } catch (IOException e) {
            findings.add(blob + ": unreadable layer: " + e);
        }
        return findings;
    }

    private static void scanJar(String jar, byte[] content, List<String> findings) throws IOException {
        try (ZipInputStream zip = new ZipInputStream(new ByteArrayInputStream(content))) {
            for (ZipEntry e; (e = zip.getNextEntry()) != null;) {
                if (e.isDirectory() || e.getName().endsWith(".class")) {
                    continue;
                }
                if (SECRET_FILE.matcher("/" + e.getName()).matches() && !e.getName().startsWith("META-INF/")) {
                    findings.add(jar + "!" + e.getName() + ": a key, keystore or credentials file");
                }
                if (contains(zip.readAllBytes(), PRIVATE_KEY)) {
                    findings.add(jar + "!" + e.getName() + ": contains a private key");
                }
            }
        }
    }

    private static boolean contains(byte[] haystack, byte[] needle) {
        outer:
        for (int i = 0; i <= haystack.length - needle.length; i++) {
            for (int j = 0; j < needle.length; j++) {
                if (haystack[i + j] != needle[j]) {
                    continue outer;
                }
            }
            return true;
        }
        return false;
    }
}
