package dev.marketplace.billing.collection.service;

import java.time.Instant;
import java.util.List;

import jakarta.enterprise.context.ApplicationScoped;

import org.jboss.logging.Logger;

import dev.marketplace.billing.collection.domain.CollectionState;
import dev.marketplace.billing.collection.domain.CollectionSuspension;
import dev.marketplace.billing.collection.domain.InvoiceCollection;
import dev.marketplace.billing.collection.repository.CollectionRepository;
import dev.marketplace.billing.collection.repository.CollectionSuspensionRepository;
import dev.marketplace.billing.subscription.service.SubscriptionSuspensions;
import io.quarkus.hibernate.reactive.panache.common.WithTransaction;
import io.smallrye.mutiny.Uni;

/**
 * An invoice under collection was paid, by whatever path (a pay call, a manual payment, a collection retry, a
 * reconciliation): its collection is PAID, and if it was OVERDUE each subscription it held suspended is reactivated
 * (the vendor's REACTIVATED notice), unless another OVERDUE invoice still holds it or it is no longer suspended for an
 * overdue invoice (an operator reactivated it, or suspended it again for a reason of their own). Runs in the inbox's
 * transaction for billing's own INVOICE_PAYMENT_SUCCEEDED event, so a payment committed is never left without it.
 */
@ApplicationScoped
public class OverdueReactivation {
    private static final Logger LOG = Logger.getLogger(OverdueReactivation.class);

    private final CollectionRepository rows;
    private final CollectionSuspensionRepository held;
    private final SubscriptionSuspensions suspensions;

    public OverdueReactivation(CollectionRepository rows, CollectionSuspensionRepository held,
            SubscriptionSuspensions suspensions) {
        this.rows = rows;
        this.held = held;
        this.suspensions = suspensions;
    }

    /** The invoice was paid; emits how many subscriptions were reactivated. */
    @WithTransaction
    public Uni<Integer> invoicePaid(String partner, long invoiceNumber) {
        return rows.lockedByNumber(partner, invoiceNumber).chain(c -> {
            if (c == null || c.state == CollectionState.PAID) {
                return Uni.createFrom().item(0);
            }
            boolean wasOverdue = c.state == CollectionState.OVERDUE;
            c.state = CollectionState.PAID;
            c.nextAttemptAt = null;
            c.leaseUntil = null;
            c.updatedOn = Instant.now();
            if (!wasOverdue) {
                return rows.flush().replaceWith(0);
            }
            return rows.flush().chain(() -> held.of(c.invoiceId)).chain(list -> reactivate(c, list));
        });
    }

    private Uni<Integer> reactivate(InvoiceCollection c, List<CollectionSuspension> list) {
        Uni<Integer> all = Uni.createFrom().item(0);
        for (CollectionSuspension s : list) {
            all = all.chain(done -> s.reactivatedOn != null ? Uni.createFrom().item(done)
                    : held.heldByAnotherOverdue(s.subscriptionId, c.invoiceId).chain(stillHeld -> stillHeld
                            ? Uni.createFrom().item(false)
                            : rows.suspendedForOverdue(c.partner, s.subscriptionId))
                            .chain(reactivate -> {
                                if (!reactivate) {
                                    return Uni.createFrom().item(done);
                                }
                                s.reactivatedOn = Instant.now();
                                return suspensions.reactivate(c.partner, s.subscriptionId).replaceWith(done + 1);
                            }));
        }
        return all.call(held::flush).invoke(n -> {
            if (n > 0) {
                LOG.infof("Invoice %d of %s paid: %d subscriptions reactivated", c.invoiceNumber, c.partner, n);
            }
        });
    }
}
