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

    /** The payments that settled an invoice (refunded when it is voided). */
    public Uni<List<Payment>> settling(UUID invoiceId) {
        return list("invoiceId = ?1 and result in ?2 order by id", invoiceId, List.of(PaymentResult.SUCCESSFUL, PaymentResult.MANUAL));
    }
}
