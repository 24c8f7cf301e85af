package dev.marketplace.billing.payment.service;

import java.time.Instant;

import dev.marketplace.billing.payment.domain.PaymentMethod;
import dev.marketplace.billing.payment.domain.PaymentResult;

/** What a payments listing asks for, as the request gives it; null means any. The service adds the invoice. */
public record PaymentFilter(PaymentMethod method, PaymentResult result, Instant from, Instant to) {
}
