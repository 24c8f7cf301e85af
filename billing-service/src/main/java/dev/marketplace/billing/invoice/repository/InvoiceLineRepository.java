package dev.marketplace.billing.invoice.repository;

import java.util.List;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;

import dev.marketplace.billing.invoice.domain.InvoiceLine;
import io.quarkus.hibernate.reactive.panache.PanacheRepositoryBase;
import io.smallrye.mutiny.Uni;

@ApplicationScoped
public class InvoiceLineRepository implements PanacheRepositoryBase<InvoiceLine, Long> {

    public Uni<List<InvoiceLine>> of(UUID invoiceId) {
        return list("invoiceId = ?1 order by position", invoiceId);
    }
}
