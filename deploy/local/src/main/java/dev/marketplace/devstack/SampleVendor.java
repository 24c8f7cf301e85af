package dev.marketplace.devstack;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

/**
 * The devstack's sample vendor: AppDirect's SDK app (tests/vendor-sdk-app, {@link VendorApp}) on the port after the
 * inbox's ({@code portBase + 8}), its credentials file and log under {@code <data>/sample-vendor} so that the demo
 * product's credentials it trusted survive a restart. It starts in the background while the services start (its JVM
 * takes 8 to 30 s, about as long as theirs), and the {@link DemoProduct} is wired to it once both are up.
 */
final class SampleVendor implements AutoCloseable {
    static final int PORT_OFFSET = 8;

    private final CompletableFuture<VendorApp> starting;

    private SampleVendor(CompletableFuture<VendorApp> starting) {
        this.starting = starting;
    }

    /** Starts the vendor JVM in the background; null (and a line saying so) when tests/vendor-sdk-app is not built. */
    static SampleVendor launch(Path root, Path dataDir, int portBase) {
        if (!VendorApp.isBuilt(root)) {
            System.out.println("devstack: tests/vendor-sdk-app is not built, no sample vendor and no demo product");
            return null;
        }
        int port = portBase + PORT_OFFSET;
        requireFree(port);
        Path work = dataDir.resolve("sample-vendor");
        return new SampleVendor(CompletableFuture.supplyAsync(() -> {
            try {
                return VendorApp.start(root, work, port);
            } catch (IOException e) {
                throw new CompletionException(e);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new CompletionException(e);
            }
        }));
    }

    private static void requireFree(int port) {
        try (Socket probe = new Socket()) {
            probe.connect(new InetSocketAddress("127.0.0.1", port), 200);
            throw new IllegalStateException("Port " + port + " (the sample vendor's) is taken, probably by another devstack:"
                    + " stop it or start this one on another base port");
        } catch (IOException free) {
            // nothing listens there
        }
    }

    /** The running vendor, once its JVM answers. */
    VendorApp await() {
        try {
            return starting.join();
        } catch (CompletionException e) {
            throw new IllegalStateException("The sample vendor did not start", e.getCause());
        }
    }

    /** Stops the vendor; one still starting (the stack failed meanwhile) is waited for, so that its JVM is not left behind. */
    @Override
    public void close() {
        try {
            starting.join().close();
        } catch (CompletionException didNotStart) {
            // nothing to stop
        }
    }
}
