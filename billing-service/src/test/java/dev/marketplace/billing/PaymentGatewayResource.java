package dev.marketplace.billing;

import java.util.Map;

import dev.marketplace.testkit.SandboxPaymentGateway;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;

/**
 * The sandbox card payment provider (libs/testkit) on loopback, as billing's provider in tests. Its answers time out
 * after 1 s here (the provider guard's timeout), so that a held answer ({@code LATE_ANSWER}) outlasts them quickly.
 */
public class PaymentGatewayResource implements QuarkusTestResourceLifecycleManager {
    private static SandboxPaymentGateway gateway;

    public static SandboxPaymentGateway gateway() {
        return gateway;
    }

    @Override
    public Map<String, String> start() {
        gateway = SandboxPaymentGateway.start(0);
        gateway.holdAnswersFor(java.time.Duration.ofSeconds(3));
        return Map.of("marketplace.billing.payment-gateway.url", gateway.url(),
                // tests wait for an opened breaker to half-open
                "quarkus.fault-tolerance.\"payment-gateway-idempotent\".circuit-breaker.delay", "1000",
                "quarkus.fault-tolerance.\"payment-gateway-idempotent\".timeout.value", "1000",
                // the one-charge tests make the provider time out and fail on purpose: its breaker must not open on them
                // and turn the next tests' charges into unknown ones
                "quarkus.fault-tolerance.\"payment-gateway-idempotent\".circuit-breaker.request-volume-threshold", "1000",
                // the reconciliation job is run by the tests, at the time they say
                "marketplace.billing.payments.reconcile-every", "1h");
    }

    @Override
    public void stop() {
        if (gateway != null) {
            gateway.close();
        }
    }
}
