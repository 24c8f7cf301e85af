package dev.marketplace.devstack;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The shell blocks of one section of the README, run as a reader runs them: one after the other in bash at the
 * repository's root, the shell variables a block sets carried to the next ones (each block runs in a bash of its own,
 * given the variables so far, and prints them back after a marker line). So the README cannot drift from what works.
 */
final class ReadmeWalkthrough {
    private static final String MARKER = "--- walkthrough variables ---";
    private static final Pattern BLOCK = Pattern.compile("```sh\\n(.*?)\\n\\s*```", Pattern.DOTALL);
    private static final Pattern ASSIGNED = Pattern.compile("(?m)^\\s*([A-Z][A-Z0-9_]*)=");
    private static final Pattern READ = Pattern.compile("\\bread ((?:[A-Z][A-Z0-9_]* ?)+)<");

    private final Path root;
    private final List<String> blocks;
    private final Set<String> names = new LinkedHashSet<>();
    private final Map<String, String> variables = new LinkedHashMap<>();

    private ReadmeWalkthrough(Path root, List<String> blocks) {
        this.root = root;
        this.blocks = blocks;
        for (String block : blocks) {
            Matcher assigned = ASSIGNED.matcher(block);
            while (assigned.find()) {
                names.add(assigned.group(1));
            }
            Matcher read = READ.matcher(block);
            while (read.find()) {
                names.addAll(List.of(read.group(1).trim().split(" +")));
            }
        }
    }

    /** The {@code sh} blocks of the README's section {@code heading} (a level-2 heading), in order. */
    static ReadmeWalkthrough section(Path root, String heading) throws IOException {
        String readme = Files.readString(root.resolve("README.md"));
        int start = readme.indexOf("\n## " + heading + "\n");
        if (start < 0) {
            throw new AssertionError("README.md has no section \"" + heading + "\"");
        }
        int end = readme.indexOf("\n## ", start + 1);
        String section = readme.substring(start, end < 0 ? readme.length() : end);
        List<String> blocks = new ArrayList<>();
        Matcher block = BLOCK.matcher(section);
        while (block.find()) {
            // the blocks are indented under their numbered step
            blocks.add(block.group(1).lines().map(line -> line.replaceFirst("^ {3}", ""))
                    .reduce((a, b) -> a + "\n" + b).orElse(""));
        }
        return new ReadmeWalkthrough(root, blocks);
    }

    List<String> blocks() {
        return blocks;
    }

    /** Sets a variable as if a block had, e.g. where the reader is told to put what their own console printed. */
    void set(String name, String value) {
        variables.put(name, value);
    }

    String variable(String name) {
        return variables.getOrDefault(name, "");
    }

    /** What one run of a block printed (its standard output and error, without the variables) and its exit code. */
    record Run(int exitCode, String output) {
    }

    /**
     * Runs block {@code index} until {@code done} holds for its run (again every second while it does not: a reader
     * would look again), at most {@code patience}; answers the last run. The variables it set are kept.
     */
    Run run(int index, Duration patience, Predicate<Run> done) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + patience.toNanos();
        while (true) {
            Run run = runOnce(blocks.get(index));
            if (done.test(run) || System.nanoTime() > deadline) {
                return run;
            }
            Thread.sleep(1000);
        }
    }

    private Run runOnce(String block) throws IOException, InterruptedException {
        StringBuilder script = new StringBuilder("set -eo pipefail\n");
        variables.forEach((name, value) -> script.append(name).append("='").append(value.replace("'", "'\\''")).append("'\n"));
        script.append(block).append("\necho '").append(MARKER).append("'\n");
        names.forEach(name -> script.append("printf '%s=%s\\n' ").append(name).append(" \"${").append(name).append("-}\"\n"));
        Process bash = new ProcessBuilder("bash", "-c", script.toString()).directory(root.toFile()).redirectErrorStream(true)
                .start();
        String output = new String(bash.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!bash.waitFor(60, TimeUnit.SECONDS)) {
            bash.destroyForcibly();
            throw new AssertionError("the block did not end within 60 s:\n" + block + "\n" + output);
        }
        int marker = output.lastIndexOf(MARKER + "\n");
        if (marker >= 0) {
            for (String line : output.substring(marker + MARKER.length() + 1).split("\n")) {
                int eq = line.indexOf('=');
                if (eq > 0 && names.contains(line.substring(0, eq))) {
                    variables.put(line.substring(0, eq), line.substring(eq + 1));
                }
            }
            output = output.substring(0, marker);
        }
        return new Run(bash.exitValue(), output);
    }
}
