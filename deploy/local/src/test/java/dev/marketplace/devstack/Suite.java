package dev.marketplace.devstack;

import java.nio.file.Files;
import java.nio.file.Path;

/** One devstack for the whole end-to-end test run, on ports away from a developer's own stack. */
final class Suite {
    private static DevStack stack;
    private static OtlpReceiver traces;

    private Suite() {
    }

    static synchronized DevStack stack() {
        if (stack == null) {
            Path root = Path.of(System.getProperty("devstack.root", "../..")).toAbsolutePath().normalize();
            try {
                // every service exports its spans here (TraceEndToEndTest)
                traces = new OtlpReceiver();
                System.setProperty("devstack.otlp.endpoint", traces.endpoint());
                Path data = Files.createTempDirectory("devstack-e2e");
                // fixed ports below the kernel's ephemeral range (32768+), where outgoing connections can take them
                stack = DevStack.start(new DevStack.Options(root, data, Integer.getInteger("devstack.e2e.port", 28080), 0, false));
            } catch (Exception e) {
                throw new IllegalStateException("The devstack did not start", e);
            }
            Runtime.getRuntime().addShutdownHook(new Thread(stack::close));
        }
        return stack;
    }

    /** The spans the devstack's services exported. */
    static synchronized OtlpReceiver traces() {
        stack();
        return traces;
    }
}
