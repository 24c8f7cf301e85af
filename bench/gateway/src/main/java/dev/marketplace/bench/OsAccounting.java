package dev.marketplace.bench;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What the machine spent on a phase, read from {@code /proc} and the JDK's process handles: CPU time of each started
 * service, PostgreSQL, Redis, nginx and this JVM, and the time the hypervisor and the kernel's memory monitor took.
 */
final class OsAccounting {
    /** What CPU time is charged to: each started service, PostgreSQL, and this JVM (load generator, Kafka, stub). */
    private final Map<String, ProcessHandle> measured = new LinkedHashMap<>();
    /** nginx as a plain reverse proxy in front of the stub, when started. */
    private Process nginx;
    /** The port of the gateway's Redis, asked for its forks; 0: not started. */
    private int redisPort;

    /** Charges CPU time to {@code name} from now on. */
    void measure(String name, ProcessHandle process) {
        measured.put(name, process);
    }

    void nginx(Process process) {
        nginx = process;
    }

    void redis(int port) {
        redisPort = port;
    }

    /** CPU time used so far by each measured process; PostgreSQL is the sum of its server and backend processes. */
    Map<String, Long> cpuNanos() {
        Map<String, Long> cpu = new LinkedHashMap<>();
        measured.forEach((name, handle) -> cpu.put(name, cpuOf(handle)));
        cpu.put("postgres", cpuOfCommands(c -> c.endsWith("/postgres"), OsAccounting::cpuOf));
        // with the children it has reaped: rewriting the append-only file is a forked child's work, whose CPU an earlier
        // version of this benchmark lost when the child ended within a phase
        cpu.put("redis", cpuOfCommands(c -> c.contains("redis-server"), OsAccounting::cpuWithReapedChildren));
        if (nginx != null) {
            cpu.put("nginx", cpuOf(nginx.toHandle()) + nginx.descendants().mapToLong(OsAccounting::cpuOf).sum());
        }
        cpu.put("bench JVM (load, Kafka, stub)", cpuOf(ProcessHandle.current()));
        cpu.put(STEAL, stealNanos());
        cpu.put(KDAMOND, kdamondNanos());
        cpu.put(REDIS_FORKS, redisForks());
        return cpu;
    }

    /**
     * Forks of the gateway's Redis so far (INFO stats' total_forks), each an append-only file rewrite here: with the
     * millions of nonce keys of the stub scenario the child takes a core for seconds, which the gateway path feels.
     */
    static final String REDIS_FORKS = "redis forks";

    private long redisForks() {
        if (redisPort == 0) {
            return 0;
        }
        try (Socket socket = new Socket("127.0.0.1", redisPort)) {
            socket.setSoTimeout(2000);
            socket.getOutputStream().write("INFO stats\r\n".getBytes(StandardCharsets.US_ASCII));
            BufferedReader reader = new BufferedReader(new InputStreamReader(socket.getInputStream(), StandardCharsets.US_ASCII));
            // a bulk string: "$<length>", then "field:value" lines
            for (String line = reader.readLine(); line != null; line = reader.readLine()) {
                if (line.startsWith("total_forks:")) {
                    return Long.parseLong(line.substring("total_forks:".length()).trim());
                }
            }
            return 0;
        } catch (IOException | RuntimeException e) {
            return 0;
        }
    }

    /** utime, stime, cutime and cstime of a process; 0 when it is gone. */
    private static long cpuWithReapedChildren(ProcessHandle process) {
        try {
            String[] fields = ProcStat.of(Path.of("/proc", Long.toString(process.pid()))).fields();
            return (Long.parseLong(fields[11]) + Long.parseLong(fields[12]) + Long.parseLong(fields[13])
                    + Long.parseLong(fields[14])) * TICK_NANOS;
        } catch (IOException | RuntimeException e) {
            return 0;
        }
    }

    /** USER_HZ, the unit of /proc's CPU times, is 100 on Linux. */
    private static final long TICK_NANOS = 10_000_000L;

    /**
     * /proc/PID/stat: the command ({@code comm}, 15 characters at most) and the fields after "pid (comm) ", where index 0
     * is the state (field 3) and 11-14 are utime, stime, cutime and cstime (fields 14-17).
     */
    private record ProcStat(String command, String[] fields) {
        static ProcStat of(Path processDirectory) throws IOException {
            String stat = Files.readString(processDirectory.resolve("stat"));
            int close = stat.lastIndexOf(')');
            return new ProcStat(stat.substring(stat.indexOf('(') + 1, close), stat.substring(close + 2).split(" "));
        }
    }

    /**
     * CPU time of the kernel's data-access monitor (DAMON, threads {@code kdamond.N}), which these VMs run for proactive
     * reclaim: under load it takes a core for a tenth of a second twice a second, which stalls both paths alike.
     */
    static final String KDAMOND = "kdamond";

    /** What bench/gateway/run did with DAMON ({@code bench.damon}: paused, running or absent). */
    static String damonNote() {
        return switch (System.getProperty("bench.damon", "absent")) {
            case "paused" -> "kernel memory monitor DAMON (kdamond, proactive reclaim on these VMs) paused for the run:"
                    + " under load it takes a core for ~0.1 s every 0.5 s and stalls every path (BENCH_KEEP_DAMON=1 keeps it)";
            case "running" -> "kernel memory monitor DAMON (kdamond) running: it stalls every path for ~0.1 s every 0.5 s"
                    + " under load, which dominates every p99 below";
            default -> "no kernel memory monitor (DAMON) running";
        };
    }

    private static long kdamondNanos() {
        try (var processes = Files.list(Path.of("/proc"))) {
            return processes.filter(dir -> dir.getFileName().toString().chars().allMatch(Character::isDigit))
                    .mapToLong(dir -> {
                        try {
                            ProcStat stat = ProcStat.of(dir);
                            if (!stat.command().startsWith("kdamond")) {
                                return 0;
                            }
                            String[] fields = stat.fields();
                            return (Long.parseLong(fields[11]) + Long.parseLong(fields[12])) * TICK_NANOS;
                        } catch (IOException | RuntimeException e) {
                            return 0;
                        }
                    }).sum();
        } catch (IOException e) {
            return 0;
        }
    }

    /** Time the hypervisor gave this machine's CPUs to someone else (/proc/stat), reported apart from the processes. */
    static final String STEAL = "steal";

    private static long stealNanos() {
        try {
            String[] cpu = Files.readAllLines(Path.of("/proc/stat")).get(0).trim().split("\\s+");
            // cpu user nice system idle iowait irq softirq steal ...; USER_HZ is 100 on Linux
            return cpu.length > 8 ? Long.parseLong(cpu[8]) * TICK_NANOS : 0;
        } catch (IOException | RuntimeException e) {
            return 0;
        }
    }

    /** All processes whose executable matches (PostgreSQL: its server and every backend). */
    private static long cpuOfCommands(java.util.function.Predicate<String> command,
            java.util.function.ToLongFunction<ProcessHandle> cpu) {
        return ProcessHandle.allProcesses().filter(p -> p.info().command().map(command::test).orElse(false))
                .mapToLong(cpu).sum();
    }

    private static long cpuOf(ProcessHandle handle) {
        return handle.info().totalCpuDuration().map(Duration::toNanos).orElse(0L);
    }

    /** CPU milliseconds per request of each process (not the hypervisor's or kdamond's time). */
    static Map<String, Double> cpuMsPerRequest(Map<String, Long> before, Map<String, Long> after, long requests) {
        Map<String, Double> perRequest = new LinkedHashMap<>();
        if (requests > 0) {
            after.forEach((name, value) -> {
                if (!STEAL.equals(name) && !KDAMOND.equals(name) && !REDIS_FORKS.equals(name)) {
                    perRequest.put(name, (value - before.getOrDefault(name, 0L)) / 1e6 / requests);
                }
            });
        }
        return perRequest;
    }

    static String cpuPerRequest(Map<String, Long> before, Map<String, Long> after, long requests) {
        if (requests == 0) {
            return "";
        }
        List<String> parts = new ArrayList<>();
        long total = 0;
        long steal = 0;
        long kdamond = 0;
        long forks = 0;
        for (Map.Entry<String, Long> e : after.entrySet()) {
            long used = e.getValue() - before.getOrDefault(e.getKey(), 0L);
            if (STEAL.equals(e.getKey())) {
                steal = used;
                continue;
            }
            if (KDAMOND.equals(e.getKey())) {
                kdamond = used;
                continue;
            }
            if (REDIS_FORKS.equals(e.getKey())) {
                forks = used;
                continue;
            }
            total += used;
            parts.add(String.format("%s %.3f ms", e.getKey(), used / 1e6 / requests));
        }
        parts.add(String.format("total %.3f ms; during the round, stolen by the hypervisor %d ms, kernel memory monitor"
                + " (kdamond) %d ms, Redis forks (append-only file rewrites) %d", total / 1e6 / requests, steal / 1_000_000,
                kdamond / 1_000_000, forks));
        return String.join(", ", parts);
    }
}
