package dev.marketplace.devstack;

import java.io.IOException;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * POSIX signals to processes of the devstack, by process id (never by name): {@code KILL} for a crash, {@code STOP}
 * and {@code CONT} to freeze a process and let it run again, as a hung machine or a long GC pause would.
 */
public final class Signals {
    private Signals() {
    }

    public static void send(long pid, String signal) {
        try {
            Process kill = new ProcessBuilder("kill", "-" + signal, Long.toString(pid)).redirectErrorStream(true).start();
            if (!kill.waitFor(10, TimeUnit.SECONDS) || kill.exitValue() != 0) {
                throw new IllegalStateException("kill -" + signal + " " + pid + " failed: "
                        + new String(kill.getInputStream().readAllBytes()).trim());
            }
        } catch (IOException e) {
            throw new IllegalStateException("kill -" + signal + " " + pid + " failed", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** Freezes every process of the list (SIGSTOP). */
    public static void freeze(List<Long> pids) {
        pids.forEach(pid -> send(pid, "STOP"));
    }

    /** Lets them run again (SIGCONT), in the reverse order. */
    public static void thaw(List<Long> pids) {
        for (int i = pids.size() - 1; i >= 0; i--) {
            send(pids.get(i), "CONT");
        }
    }
}
