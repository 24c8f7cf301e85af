package dev.marketplace.billing;

import java.util.Map;

import dev.marketplace.testkit.SandboxPaymentGateway;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;

/** The sandbox card payment gateway (libs/testkit) on loopback, as billing's payment gateway in tests. */
public class PaymentGatewayResource implements QuarkusTestResourceLifecycleManager {
    private static SandboxPaymentGateway gateway;

    public static SandboxPaymentGateway gateway() {
        return gateway;
    }

    @Override
    public Map<String, String> start() {
        gateway = SandboxPaymentGateway.start(0);
        return Map.of("marketplace.billing.payment-gateway.url", gateway.url(),
                // tests wait for an opened breaker to half-open
                "quarkus.fault-tolerance.\"payment-gateway-idempotent\".circuit-breaker.delay", "1000");
    }

    @Override
    public void stop() {
        if (gateway != null) {
            gateway.close();
        }
    }
}
