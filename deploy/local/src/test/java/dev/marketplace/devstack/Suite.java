package dev.marketplace.devstack;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/** One devstack for the whole end-to-end test run, on ports away from a developer's own stack. */
final class Suite {
    /**
     * notification-service with deadlines short enough for the crash tests (FaultsEndToEndTest) to see every order
     * settle within minutes: a lost result is re-notified after 15 s, a call interrupted by a crash is resent after its
     * 20 s lease, and a vendor that is down is retried every few seconds for a few minutes before its events park.
     */
    static final Map<String, String> NOTIFICATION = Map.of(
            "VENDOR_RESULT_DEADLINE", "15s",
            "VENDOR_MAX_RENOTIFICATIONS", "3",
            "VENDOR_CALL_TIMEOUT", "10s",
            "CATALOG_TIMEOUT_MS", "3000",
            "VENDOR_LEASE", "20s",
            "VENDOR_INITIAL_BACKOFF", "1s",
            "VENDOR_MAX_BACKOFF", "5s",
            "VENDOR_MAX_ATTEMPTS", "40",
            "VENDOR_BREAKER_OPEN_DURATION", "5s");
    /**
     * billing-service's collection job runs once a day: DunningEndToEndTest moves the one marketplace's test clock past
     * due dates, and only clock moves (not a scheduled run meanwhile) collect what that made due.
     */
    static final Map<String, String> BILLING = Map.of("COLLECTION_EVERY", "24h");
    /**
     * lead-service writes to an address about contact-form leads at most once per interval and sends the leads held
     * meanwhile in a digest when it ends (15 minutes in production): LeadAndResellerMessagesEndToEndTest sees that digest
     * within a minute, and no test's contact-form lead waits long behind another's.
     */
    static final Map<String, String> LEAD = Map.of("LEAD_ANONYMOUS_NOTICE_INTERVAL", "30s", "LEAD_ANONYMOUS_DIGEST_POLL", "1s");
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
                int port = Integer.getInteger("devstack.e2e.port", 28080);
                // with the sample vendor and its demo product, as ./deploy/local/run starts them (FirstOrderWalkthroughEndToEndTest)
                stack = DevStack.start(new DevStack.Options(root, data, port, 0, 0,
                        false, Map.of("notification-service", NOTIFICATION, "billing-service", BILLING,
                        "lead-service", LEAD)).withSampleVendor());
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
