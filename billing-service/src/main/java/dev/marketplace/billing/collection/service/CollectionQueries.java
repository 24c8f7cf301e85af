package dev.marketplace.billing.collection.service;

import java.time.Instant;
import java.util.List;

import jakarta.enterprise.context.ApplicationScoped;

import dev.marketplace.billing.collection.repository.CollectionRepository;
import dev.marketplace.billing.collection.repository.CollectionSuspensionRepository;
import dev.marketplace.billing.invoice.service.InvoiceService;
import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.smallrye.mutiny.Uni;

/** The collection of an invoice, for whoever may read the invoice (another marketplace's invoice is unknown: 404). */
@ApplicationScoped
public class CollectionQueries {
    private final InvoiceService invoices;
    private final CollectionRepository rows;
    private final CollectionSuspensionRepository held;

    public CollectionQueries(InvoiceService invoices, CollectionRepository rows, CollectionSuspensionRepository held) {
        this.invoices = invoices;
        this.rows = rows;
        this.held = held;
    }

    @WithSession
    public Uni<CollectionView> of(long invoiceNumber) {
        return invoices.readable(invoiceNumber).chain(invoice -> rows.byNumber(invoice.partner, invoiceNumber).chain(c -> c == null
                ? Uni.createFrom().item(new CollectionView(invoiceNumber, "NONE", 0, null, null, null, List.of()))
                : held.of(c.invoiceId).map(list -> new CollectionView(invoiceNumber, c.state.name(), c.attempts,
                        millis(c.nextAttemptAt), c.lastOutcome, millis(c.lastAttemptOn),
                        list.stream().map(s -> new CollectionView.Held(s.subscriptionId.toString(),
                                s.suspendedOn.toEpochMilli(), millis(s.reactivatedOn))).toList()))));
    }

    private static Long millis(Instant at) {
        return at == null ? null : at.toEpochMilli();
    }
}
