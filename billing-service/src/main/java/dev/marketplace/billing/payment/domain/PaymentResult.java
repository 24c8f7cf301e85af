package dev.marketplace.billing.payment.domain;

/**
 * SUCCESSFUL and MANUAL settle the invoice; FAILED (declined) and GATEWAY_NOT_AVAILABLE (recorded before charges were
 * looked up) leave it unpaid; PENDING is a card charge whose answer the provider has not given yet: the invoice stays
 * UNPAID, and the charge is looked up until it is SUCCESSFUL or FAILED (README, "Payment model").
 */
public enum PaymentResult {
    SUCCESSFUL, FAILED, GATEWAY_NOT_AVAILABLE, MANUAL, PENDING;

    public boolean settles() {
        return this == SUCCESSFUL || this == MANUAL;
    }
}
