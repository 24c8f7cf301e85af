package dev.marketplace.kubernetes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * Secrets stay off command lines, which anything in the pod (ps, /proc/&lt;pid&gt;/cmdline) and the node can read:
 * no container expands a Secret into its arguments, and Valkey gets its password from a config file that its own
 * start-up writes from the mounted Secret, holding the password's SHA-256 only.
 */
class ValkeyPasswordTest {
    private static final String PASSWORD = "v4lk3y+Pass/word=with$pecial";

    @ParameterizedTest
    @ValueSource(strings = { "base", "overlays/dev", "overlays/production" })
    void noContainerHasASecretOnItsCommandLine(String target) throws Exception {
        List<String> problems = new ArrayList<>();
        for (JsonNode r : Kustomize.build(target)) {
            JsonNode pod = r.path("spec").path("template").path("spec");
            for (JsonNode c : pod.path("containers")) {
                Set<String> secretVariables = new TreeSet<>();
                c.path("env").forEach(e -> {
                    if (e.path("valueFrom").has("secretKeyRef")) {
                        secretVariables.add(e.path("name").asText());
                    }
                });
                List<String> line = new ArrayList<>();
                c.path("command").forEach(a -> line.add(a.asText()));
                c.path("args").forEach(a -> line.add(a.asText()));
                for (String arg : line) {
                    for (String variable : secretVariables) {
                        if (arg.contains("$(" + variable + ")")) {
                            problems.add(Kustomize.id(r) + " expands the secret " + variable + " into its command line");
                        }
                    }
                    if (arg.contains("requirepass")) {
                        problems.add(Kustomize.id(r) + " passes a password with requirepass");
                    }
                }
            }
        }
        assertEquals(List.of(), problems);
    }

    /**
     * Runs the Valkey container's start-up as written in the manifest, with its two directories moved to temporary ones
     * and a stand-in valkey-server that records what it was given.
     */
    @Test
    void valkeyHashesItsPasswordIntoAConfigFileItReads(@TempDir Path dir) throws Exception {
        JsonNode statefulSet = Kustomize.build("overlays/production").stream()
                .filter(r -> Kustomize.id(r).equals("StatefulSet/marketplace-valkey")).findFirst().orElseThrow();
        JsonNode pod = statefulSet.path("spec").path("template").path("spec");
        JsonNode container = pod.path("containers").get(0);
        assertFalse(container.has("env") && container.path("env").toString().contains("marketplace-valkey"),
                "the password is mounted as a file, not given as an environment variable");
        assertEquals("[\"sh\",\"-c\"]", container.path("command").toString());
        String script = container.path("args").get(0).asText();

        String secretMount = mountOf(container, pod, "secret", "marketplace-valkey");
        String runMount = mountOf(container, pod, "emptyDir", null);
        JsonNode run = volume(pod, container, runMount);
        assertEquals("Memory", run.path("emptyDir").path("medium").asText(), "the config file lives in memory only");

        Path secrets = Files.createDirectories(dir.resolve("secret"));
        Files.writeString(secrets.resolve("password"), PASSWORD);
        Path runDir = Files.createDirectories(dir.resolve("run"));
        Path bin = Files.createDirectories(dir.resolve("bin"));
        Path fake = bin.resolve("valkey-server");
        Files.writeString(fake, "#!/bin/sh\nprintf '%s\\n' \"$@\" > " + dir.resolve("argv") + "\nenv > " + dir.resolve("environ")
                + "\ncp \"$1\" " + dir.resolve("config") + "\n");
        Files.setPosixFilePermissions(fake, PosixFilePermissions.fromString("rwx------"));

        String local = script.replace(secretMount, secrets.toString()).replace(runMount, runDir.toString());
        ProcessBuilder builder = new ProcessBuilder("sh", "-c", local).redirectErrorStream(true);
        builder.environment().put("PATH", bin + ":" + System.getenv("PATH"));
        Process p;
        try {
            p = builder.start();
        } catch (java.io.IOException e) {
            Assumptions.abort("no sh here: " + e.getMessage());
            return;
        }
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(30, TimeUnit.SECONDS) && p.exitValue() == 0, "the start-up script failed: " + output);

        String hash = HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(PASSWORD.getBytes(StandardCharsets.UTF_8)));
        String config = Files.readString(dir.resolve("config"));
        assertEquals("user default on resetpass #" + hash + " ~* &* +@all\n", config);
        List<String> argv = Files.readAllLines(dir.resolve("argv"));
        assertEquals(runMount + "/auth.conf", argv.get(0).replace(runDir.toString(), runMount), "the config file comes first");
        String all = String.join(" ", argv) + Files.readString(dir.resolve("environ")) + config + output;
        assertFalse(all.contains(PASSWORD), "the password is in Valkey's arguments, environment or config");
        // what the README's namespace contract asks of Valkey
        for (String setting : List.of("--maxmemory-policy noeviction", "--appendonly yes", "--port 0", "--tls-port 6379")) {
            assertTrue(String.join(" ", argv).contains(setting), setting + " in " + argv);
        }
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(runDir.resolve("auth.conf"))));
    }

    /** The mount path of the container's volume of that kind (and Secret name). */
    private static String mountOf(JsonNode container, JsonNode pod, String kind, String secretName) {
        for (JsonNode mount : container.path("volumeMounts")) {
            JsonNode v = volume(pod, container, mount.path("mountPath").asText());
            if (v.has(kind) && (secretName == null || secretName.equals(v.path(kind).path("secretName").asText()))) {
                return mount.path("mountPath").asText();
            }
        }
        throw new AssertionError("no " + kind + " volume " + (secretName == null ? "" : secretName) + " mounted");
    }

    /** The pod volume mounted there, or a missing node. */
    private static JsonNode volume(JsonNode pod, JsonNode container, String mountPath) {
        for (JsonNode mount : container.path("volumeMounts")) {
            if (mount.path("mountPath").asText().equals(mountPath)) {
                for (JsonNode v : pod.path("volumes")) {
                    if (v.path("name").asText().equals(mount.path("name").asText())) {
                        return v;
                    }
                }
            }
        }
        return com.fasterxml.jackson.databind.node.MissingNode.getInstance(); // a volume claim template's
    }
}
