package dev.marketplace.cli;

import java.io.InputStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;

/**
 * What a run of the client reads from and writes to: its environment variables, the user's home directory, standard
 * input and the two output streams. Tests pass their own, so that nothing depends on the JVM's real environment.
 */
public record CliEnvironment(Map<String, String> variables, Path home, InputStream in, PrintWriter out, PrintWriter err) {

    public static CliEnvironment system() {
        return new CliEnvironment(System.getenv(), Path.of(System.getProperty("user.home")), System.in,
                new PrintWriter(System.out, true, StandardCharsets.UTF_8), new PrintWriter(System.err, true, StandardCharsets.UTF_8));
    }

    /** The variable's value, or null when it is unset or blank. */
    public String variable(String name) {
        String value = variables.get(name);
        return value == null || value.isBlank() ? null : value.trim();
    }
}
