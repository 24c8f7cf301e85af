package dev.marketplace.billing.payment.repository;

import java.math.BigDecimal;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;

import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;

/** Refund records: one per settling payment of a PAID invoice that is voided. */
@ApplicationScoped
public class RefundRepository {

    public Uni<Void> record(String partner, UUID invoiceId, long paymentId, BigDecimal amount, String currency,
            String transactionId) {
        return Panache.getSession().chain(session -> session.createNativeQuery("insert into refund (id, partner, invoice_id, "
                + "payment_id, amount, currency, transaction_id, created_on) values (?1, ?2, ?3, ?4, ?5, ?6, ?7, now())")
                .setParameter(1, UUID.randomUUID()).setParameter(2, partner).setParameter(3, invoiceId)
                .setParameter(4, paymentId).setParameter(5, amount).setParameter(6, currency).setParameter(7, transactionId)
                .executeUpdate()).replaceWithVoid();
    }
}
