package dev.marketplace.billing.collection.service;

import java.util.List;

/**
 * Where the collection of an invoice stands (our extension): NONE before its due date came while UNPAID, then
 * COLLECTING, PAID, OVERDUE (the subscriptions it holds suspended) or CLOSED. Times are epoch milliseconds in billing
 * time; {@code nextAttemptAt} is null unless COLLECTING.
 */
public record CollectionView(long invoiceNumber, String state, int attempts, Long nextAttemptAt, String lastOutcome,
        Long lastAttemptAt, List<Held> suspendedSubscriptions) {

    /** A subscription the invoice suspended or holds suspended; {@code reactivatedAt} once paying it reactivated it. */
    public record Held(String subscriptionId, long suspendedAt, Long reactivatedAt) {
    }
}
