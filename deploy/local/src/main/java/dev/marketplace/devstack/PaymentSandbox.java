package dev.marketplace.devstack;

import dev.marketplace.testkit.SandboxPaymentGateway;

/**
 * The card payment provider of the devstack: libs/testkit's sandbox on loopback (any free port), which billing-service
 * charges cards on file through. A browser (or a test) tokenises a card at its {@code POST /v1/tokens} and registers the
 * token with billing; its test card numbers (approved, declined, failing, unreachable, late) are listed in
 * billing-service/README.md, "Sandbox provider".
 */
public final class PaymentSandbox implements AutoCloseable {
    private final SandboxPaymentGateway gateway;

    private PaymentSandbox(SandboxPaymentGateway gateway) {
        this.gateway = gateway;
    }

    public static PaymentSandbox start() {
        PaymentSandbox sandbox = new PaymentSandbox(SandboxPaymentGateway.start(0));
        System.out.println("devstack: sandbox payment gateway on " + sandbox.url());
        return sandbox;
    }

    public String url() {
        return gateway.url();
    }

    /** The gateway itself, for tests that look at the charges it received. */
    public SandboxPaymentGateway gateway() {
        return gateway;
    }

    @Override
    public void close() {
        gateway.close();
    }
}
