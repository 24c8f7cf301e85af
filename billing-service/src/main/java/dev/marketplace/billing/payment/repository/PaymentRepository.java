package dev.marketplace.billing.payment.repository;

import java.time.Instant;
import java.util.List;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;

import dev.marketplace.billing.payment.domain.Payment;
import dev.marketplace.billing.payment.domain.PaymentMethod;
import dev.marketplace.billing.payment.domain.PaymentResult;
import dev.marketplace.billing.payment.domain.PaymentSortField;
import dev.marketplace.common.paging.ListQueries;
import dev.marketplace.common.paging.SqlFilter;
import dev.marketplace.common.paging.Total;
import dev.marketplace.common.persistence.NativeSelects;
import io.quarkus.hibernate.reactive.panache.PanacheRepositoryBase;
import io.smallrye.mutiny.Uni;

@ApplicationScoped
public class PaymentRepository implements PanacheRepositoryBase<Payment, Long> {
    /** The payments list in {@code list_counter}, per invoice. */
    public static final String LIST = "payments";

    /** The column a sort field orders by, the id breaking ties. */
    static String column(PaymentSortField sort) {
        return switch (sort) {
            case AMOUNT -> "p.amount";
            case DATE -> "p.date";
            case PAYMENT_ID -> "p.id";
        };
    }

    /** The payments of one invoice, filtered. */
    public record Filter(UUID invoiceId, PaymentMethod method, PaymentResult result, Instant from, Instant to) {
    }

    /** A sequence value is not transactional: read on the pool (see {@link NativeSelects}). */
    public Uni<Long> nextId() {
        return NativeSelects.column("select nextval('payment_id_seq')", List.of(), Long.class).map(ids -> ids.get(0));
    }

    /** A page of an invoice's payments, in the sort's order with the id breaking ties (indexes {@code payment_*}). */
    public Uni<List<Payment>> search(Filter filter, PaymentSortField sort, boolean ascending, int start, int count) {
        SqlFilter where = sqlFilter(filter);
        return ListQueries.page(Payment.class, Long.class, "id", p -> p.id, pageSql(where, sort, ascending, start, count),
                where);
    }

    /** The list's total: the invoice's counter when unfiltered, else a capped count. */
    public Uni<Total> count(Filter filter) {
        return ListQueries.total("from payment p", sqlFilter(filter), LIST, filter.invoiceId());
    }

    public static String pageSql(SqlFilter where, PaymentSortField sort, boolean ascending, int start, int count) {
        String direction = ascending ? " asc" : " desc";
        String order = sort == PaymentSortField.PAYMENT_ID ? "p.id" + direction
                : column(sort) + direction + ", p.id" + direction;
        return ListQueries.pageSql("payment p", "p.id", where, order, start, count);
    }

    public static SqlFilter sqlFilter(Filter f) {
        SqlFilter where = SqlFilter.scope("p.invoice_id = ?", f.invoiceId());
        if (f.method() != null) {
            where.and("p.method = ?", f.method().name());
        }
        if (f.result() != null) {
            where.and("p.result = ?", f.result().name());
        }
        where.andWithin("p.date", f.from(), f.to());
        return where;
    }

    /** The invoice's payment waiting for its provider's answer, or null (at most one: a unique index). */
    public Uni<Payment> pendingOf(UUID invoiceId) {
        return find("invoiceId = ?1 and result = ?2", invoiceId, PaymentResult.PENDING).firstResult();
    }

    /**
     * Claims up to {@code limit} PENDING payments whose check is due at {@code now}, by moving their next check to
     * {@code lease}: one statement, rows another replica holds are skipped, and a claimed row is not due again until
     * the lease ends. Emits their ids.
     */
    public Uni<List<Long>> claimDue(Instant now, Instant lease, int limit) {
        return getSession().chain(session -> session.createNativeQuery("select id from payment where result = 'PENDING' "
                + "and next_check <= ?1 order by next_check, id limit ?2 for update skip locked", Long.class)
                .setParameter(1, now).setParameter(2, limit).getResultList())
                .call(ids -> ids.isEmpty() ? Uni.createFrom().voidItem()
                        : update("nextCheck = ?1 where id in ?2", lease, ids).replaceWithVoid());
    }

    /** The payments that settled an invoice (refunded when it is voided). */
    public Uni<List<Payment>> settling(UUID invoiceId) {
        return list("invoiceId = ?1 and result in ?2 order by id", invoiceId, List.of(PaymentResult.SUCCESSFUL, PaymentResult.MANUAL));
    }
}
