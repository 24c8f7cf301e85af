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

    /**
     * Freezes a process and every process it forked (SIGSTOP), parent first, so that it forks no new one meanwhile;
     * emits the frozen processes, for {@link #thaw}. A child that exits on the way is skipped.
     */
    public static List<Long> freezeTree(long root) {
        List<Long> frozen = new java.util.ArrayList<>();
        send(root, "STOP");
        frozen.add(root);
        ProcessHandle.of(root).ifPresent(parent -> parent.descendants().forEach(child -> {
            if (child.isAlive() && trySend(child.pid(), "STOP")) {
                frozen.add(child.pid());
            }
        }));
        return frozen;
    }

    /** Lets frozen processes run again (SIGCONT), children first, the parent last. */
    public static void thaw(List<Long> pids) {
        for (int i = pids.size() - 1; i >= 0; i--) {
            trySend(pids.get(i), "CONT");
        }
    }

    /** False when the process exited meanwhile (nothing to signal); fails for any other refusal. */
    private static boolean trySend(long pid, String signal) {
        try {
            send(pid, signal);
            return true;
        } catch (IllegalStateException e) {
            if (ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)) {
                throw e;
            }
            return false;
        }
    }
}
