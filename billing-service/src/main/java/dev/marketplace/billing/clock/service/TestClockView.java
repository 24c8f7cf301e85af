package dev.marketplace.billing.clock.service;

/** A marketplace's billing time ({@code now}, epoch milliseconds) and how far ahead of the real time it runs (ISO-8601). */
public record TestClockView(long now, String offset) {
}
