package dev.marketplace.billing.collection.domain;

/** Where the collection of an invoice whose due date came stands. */
public enum CollectionState {
    /** The card is charged at the due date and at each retry time until it pays or the retries run out. */
    COLLECTING,
    /** The invoice was PAID (by collection or any other path). */
    PAID,
    /** Every attempt failed: the invoice's subscriptions are suspended until it is paid. */
    OVERDUE,
    /** The invoice stopped being payable otherwise (voided, carried to a later invoice): nothing more to collect. */
    CLOSED
}
