package dev.marketplace.billing.payment.repository;

import java.time.Instant;
import java.util.List;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;

import dev.marketplace.billing.payment.domain.Payment;
import dev.marketplace.billing.payment.domain.PaymentMethod;
import dev.marketplace.billing.payment.domain.PaymentResult;
import io.quarkus.hibernate.reactive.panache.PanacheRepositoryBase;
import io.quarkus.panache.common.Parameters;
import io.smallrye.mutiny.Uni;

@ApplicationScoped
public class PaymentRepository implements PanacheRepositoryBase<Payment, Long> {

    public enum SortField {
        AMOUNT("p.amount"), DATE("p.date"), PAYMENT_ID("p.id");

        final String column;

        SortField(String column) {
            this.column = column;
        }
    }

    /** The payments of one invoice (a handful), filtered. */
    public record Filter(UUID invoiceId, PaymentMethod method, PaymentResult result, Instant from, Instant to) {
    }

    public Uni<Long> nextId() {
        return getSession().chain(session -> session.createNativeQuery("select nextval('payment_id_seq')", Long.class)
                .getSingleResult());
    }

    public Uni<List<Payment>> search(Filter filter, SortField sort, boolean ascending, int start, int count) {
        Parameters params = new Parameters();
        String direction = ascending ? " asc" : " desc";
        return find("from Payment p where " + where(filter, params) + " order by " + sort.column + direction + ", p.id"
                + direction, params).range(start, start + count - 1).list();
    }

    public Uni<Long> count(Filter filter) {
        Parameters params = new Parameters();
        return count("from Payment p where " + where(filter, params), params);
    }

    /** The payments that settled an invoice (refunded when it is voided). */
    public Uni<List<Payment>> settling(UUID invoiceId) {
        return list("invoiceId = ?1 and result in ?2 order by id", invoiceId, List.of(PaymentResult.SUCCESSFUL, PaymentResult.MANUAL));
    }

    private static String where(Filter f, Parameters params) {
        StringBuilder where = new StringBuilder("p.invoiceId = :invoice");
        params.and("invoice", f.invoiceId());
        if (f.method() != null) {
            where.append(" and p.method = :method");
            params.and("method", f.method());
        }
        if (f.result() != null) {
            where.append(" and p.result = :result");
            params.and("result", f.result());
        }
        if (f.from() != null) {
            where.append(" and p.date >= :from");
            params.and("from", f.from());
        }
        if (f.to() != null) {
            where.append(" and p.date <= :to");
            params.and("to", f.to());
        }
        return where.toString();
    }
}
