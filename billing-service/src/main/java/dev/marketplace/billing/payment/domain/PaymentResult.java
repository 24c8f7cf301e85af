package dev.marketplace.billing.payment.domain;

/** SUCCESSFUL and MANUAL settle the invoice; FAILED (declined) and GATEWAY_NOT_AVAILABLE leave it unpaid. */
public enum PaymentResult {
    SUCCESSFUL, FAILED, GATEWAY_NOT_AVAILABLE, MANUAL;

    public boolean settles() {
        return this == SUCCESSFUL || this == MANUAL;
    }
}
