package dev.marketplace.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** The machine while the benchmark runs, from {@code /proc}: load average and memory. */
final class MachineState {
    private MachineState() {
    }

    static String loadAverage() {
        try {
            String[] parts = Files.readString(Path.of("/proc/loadavg")).trim().split("\\s+");
            return parts[0] + " " + parts[1] + " " + parts[2];
        } catch (IOException e) {
            return "unknown";
        }
    }

    static String memory() {
        try {
            return Files.readAllLines(Path.of("/proc/meminfo")).stream().filter(l -> l.startsWith("MemTotal:")).findFirst()
                    .map(l -> Long.parseLong(l.replaceAll("\\D", "")) / 1024 / 1024 + " GiB RAM").orElse("RAM unknown");
        } catch (IOException e) {
            return "RAM unknown";
        }
    }
}
