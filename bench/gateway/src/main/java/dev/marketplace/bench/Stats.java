package dev.marketplace.bench;

import java.util.Collection;
import java.util.List;
import java.util.Map;

/**
 * One measured phase: rate, latency percentiles, requests and errors, and the CPU each process spent per request
 * ({@code cpu} as text for the report, {@code cpuMs} in CPU milliseconds per request; empty when not measured).
 */
record Stats(double rps, double p50Ms, double p99Ms, long requests, long errors, String cpu, Map<String, Double> cpuMs) {
    String line(String what) {
        return String.format("%-34s %9.0f req/s   p50 %7.2f ms   p99 %7.2f ms   (%d requests, %d errors)%s", what, rps,
                p50Ms, p99Ms, requests, errors, cpu.isEmpty() ? "" : "\n    CPU per request: " + cpu);
    }

    Stats withCpu(String text, Map<String, Double> perRequest) {
        return new Stats(rps, p50Ms, p99Ms, requests, errors, text, perRequest);
    }

    double cpuMsOf(String process) {
        return cpuMs.getOrDefault(process, Double.NaN);
    }

    /** The figures of latencies {@code samples} (nanoseconds) over {@code elapsedNanos}. */
    static Stats of(Collection<Long> samples, long elapsedNanos, long errors) {
        long[] merged = samples.stream().mapToLong(Long::longValue).sorted().toArray();
        if (merged.length == 0) {
            return new Stats(0, 0, 0, 0, errors, "", Map.of());
        }
        double p50 = merged[(int) Math.min(merged.length - 1, Math.round(merged.length * 0.50))] / 1e6;
        double p99 = merged[(int) Math.min(merged.length - 1, Math.round(merged.length * 0.99))] / 1e6;
        return new Stats(merged.length / (elapsedNanos / 1e9), p50, p99, merged.length, errors, "", Map.of());
    }

    static double median(List<Double> values) {
        List<Double> sorted = values.stream().sorted().toList();
        int n = sorted.size();
        return n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
    }

    /** The faster of two closed-loop phases (a path's maximum is its best level). */
    static Stats best(Stats sofar, Stats candidate) {
        return sofar == null || candidate.rps() > sofar.rps() ? candidate : sofar;
    }
}
