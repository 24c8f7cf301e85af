package dev.marketplace.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** How the figures are written: lists of rounds, and the results file. */
final class Report {
    private Report() {
    }

    static String percentages(List<Double> values) {
        return String.join(", ", values.stream().map(v -> String.format("%.0f%%", 100 * v)).toList());
    }

    static String millis(List<Double> values, int decimals) {
        return String.join(", ", values.stream().map(v -> String.format("%." + decimals + "f", v)).toList());
    }

    /** Writes the report to {@code results} and prints it. */
    static void write(Path results, List<String> lines) throws IOException {
        String text = String.join("\n", lines);
        Files.createDirectories(results.toAbsolutePath().getParent());
        Files.writeString(results, text);
        System.out.println(text);
    }
}
