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
    private final Path work;
    private DemoProduct demoProduct;

    private SampleVendor(CompletableFuture<VendorApp> starting, Path work) {
        this.starting = starting;
        this.work = work;
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
        }), work);
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

    /**
     * Once the services are ready: waits for the vendor, then finds or creates the demo product and wires it to it;
     * prints what each took (the vendor usually starts before the services, so the stack waits only for the product).
     */
    DemoProduct wireDemoProduct(String gatewayUrl) throws IOException, InterruptedException {
        long servicesReady = System.nanoTime();
        VendorApp vendor = await();
        long vendorReady = System.nanoTime();
        demoProduct = DemoProduct.ensure(gatewayUrl, vendor);
        System.out.printf("devstack: sample vendor on %d (waited %d ms for it after the services), demo product %d (%d ms)%n",
                vendor.port(), (vendorReady - servicesReady) / 1_000_000, demoProduct.productId(),
                (System.nanoTime() - vendorReady) / 1_000_000);
        return demoProduct;
    }

    /** The start-up banner's lines about the sample vendor and the demo product (README, "Your first order"). */
    static String banner(SampleVendor sampleVendor) {
        if (sampleVendor == null || sampleVendor.demoProduct == null) {
            return "  Sample vendor:   not running (tests/vendor-sdk-app is not built)";
        }
        DemoProduct demo = sampleVendor.demoProduct;
        return String.format("  Sample vendor:   http://127.0.0.1:%d (AppDirect's SDK app; log %s)%n"
                + "  Demo product:    %s, product id %d, edition %s (id %d): README.md, \"Your first order\"",
                sampleVendor.await().port(), sampleVendor.work.resolve("vendor.log"), demo.name(), demo.productId(),
                demo.editionCode(), demo.editionId());
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
