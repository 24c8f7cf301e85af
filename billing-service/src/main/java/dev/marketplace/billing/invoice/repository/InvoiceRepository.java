package dev.marketplace.billing.invoice.repository;

import java.time.Instant;
import java.util.List;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.LockModeType;

import dev.marketplace.billing.invoice.domain.BuyerRole;
import dev.marketplace.billing.invoice.domain.Invoice;
import dev.marketplace.billing.invoice.domain.InvoiceSortField;
import dev.marketplace.billing.invoice.domain.InvoiceStatus;
import dev.marketplace.common.paging.ListQueries;
import dev.marketplace.common.paging.SqlFilter;
import dev.marketplace.common.paging.Total;
import io.quarkus.hibernate.reactive.panache.PanacheRepositoryBase;
import io.smallrye.mutiny.Uni;

@ApplicationScoped
public class InvoiceRepository implements PanacheRepositoryBase<Invoice, UUID> {
    /** The invoice lists in {@code list_counter}: per partner, per company and per company user. */
    public static final String LIST = "invoices";
    public static final String COMPANY_LIST = "company-invoices";
    public static final String USER_LIST = "user-invoices";
    static final String FROM = "from invoice i";

    /** The column a sort field orders by, the invoice number breaking ties. */
    static String column(InvoiceSortField sort) {
        return switch (sort) {
            case DATE -> "creation_date";
            case INVOICE_ID -> "invoice_number";
            case TOTAL -> "total";
        };
    }

    /** A listing's filters; null means any. {@code user} narrows to one buyer (with {@code company}). */
    public record Filter(String partner, UUID company, UUID user, InvoiceStatus status, Instant from, Instant to,
            boolean excludeFree, BuyerRole buyerRole) {
    }

    /** The next invoice number of the marketplace; the counter row stays locked until the transaction ends. */
    public Uni<Long> nextNumber(String partner) {
        return getSession().chain(session -> session.createNativeQuery("insert into invoice_counter (partner, last_number) "
                + "values (?1, 1) on conflict (partner) do update set last_number = invoice_counter.last_number + 1 "
                + "returning last_number", Long.class).setParameter(1, partner).getSingleResult());
    }

    public Uni<Invoice> byNumber(String partner, long number) {
        return find("partner = ?1 and invoiceNumber = ?2", partner, number).firstResult();
    }

    /** The invoice, locked until the transaction ends: payments and voiding of one invoice happen one at a time. */
    public Uni<Invoice> byNumberForUpdate(String partner, long number) {
        return find("partner = ?1 and invoiceNumber = ?2", partner, number).withLock(LockModeType.PESSIMISTIC_WRITE)
                .firstResult();
    }

    /**
     * The invoices an invoice is carried into, read without locks: its carrier, the carrier's carrier while that one is
     * CARRIED too, and so on up to the invoice that is to be paid; nearest first, empty when the invoice is not CARRIED.
     */
    public Uni<List<Long>> carriersOf(String partner, long number) {
        String chain = "with recursive chain (number, carrier, status, depth) as ("
                + "select invoice_number, delegated_to_invoice, status, 0 from invoice "
                + "where partner = ?1 and invoice_number = ?2 "
                + "union all select i.invoice_number, i.delegated_to_invoice, i.status, c.depth + 1 from chain c "
                + "join invoice i on i.partner = ?1 and i.invoice_number = c.carrier "
                + "where c.status = 'CARRIED' and c.depth < 1000) "
                + "select number from chain where depth > 0 order by depth";
        return getSession().chain(session -> session.createNativeQuery(chain, Long.class).setParameter(1, partner)
                .setParameter(2, number).getResultList());
    }

    /** The invoices among {@code numbers} still CARRIED into invoice {@code carrier}, locked, highest number first. */
    public Uni<List<Invoice>> carriedIntoForUpdate(String partner, long carrier, List<Long> numbers) {
        if (numbers.isEmpty()) {
            return Uni.createFrom().item(List.of());
        }
        return find("partner = ?1 and invoiceNumber in ?2 and status = ?3 and delegatedToInvoice = ?4 "
                + "order by invoiceNumber desc", partner, numbers, InvoiceStatus.CARRIED, carrier)
                .withLock(LockModeType.PESSIMISTIC_WRITE).list();
    }

    /** UNPAID invoices of a subscription, oldest first (carried to its next invoice). */
    public Uni<List<Invoice>> unpaidOf(UUID subscriptionId) {
        return find("subscriptionId = ?1 and status = ?2 order by invoiceNumber", subscriptionId, InvoiceStatus.UNPAID)
                .withLock(LockModeType.PESSIMISTIC_WRITE).list();
    }

    public Uni<List<Invoice>> byNumbers(String partner, List<Long> numbers) {
        if (numbers.isEmpty()) {
            return Uni.createFrom().item(List.of());
        }
        return list("partner = ?1 and invoiceNumber in ?2 order by invoiceNumber", partner, numbers);
    }

    /** A page of an invoice list, in the sort's order with the invoice number breaking ties (indexes {@code invoice_list*}). */
    public Uni<List<Invoice>> search(Filter filter, InvoiceSortField sort, boolean ascending, int start, int count) {
        SqlFilter where = sqlFilter(filter);
        return ListQueries.page(Invoice.class, UUID.class, "id", i -> i.id, pageSql(where, sort, ascending, start, count),
                where);
    }

    /**
     * The list's total: the counter of its scope (the marketplace's, the company's or the company user's invoices) when
     * unfiltered, else a capped count.
     */
    public Uni<Total> count(Filter filter) {
        SqlFilter where = sqlFilter(filter);
        if (filter.user() != null) {
            return ListQueries.total(FROM, where, USER_LIST, filter.partner() + "/" + filter.company() + "/" + filter.user());
        }
        if (filter.company() != null) {
            return ListQueries.total(FROM, where, COMPANY_LIST, filter.partner() + "/" + filter.company());
        }
        return ListQueries.total(FROM, where, LIST, filter.partner());
    }

    public static String pageSql(SqlFilter where, InvoiceSortField sort, boolean ascending, int start, int count) {
        String direction = ascending ? " asc" : " desc";
        String order = sort == InvoiceSortField.INVOICE_ID ? "i.invoice_number" + direction
                : "i." + column(sort) + direction + ", i.invoice_number" + direction;
        return ListQueries.pageSql("invoice i", "i.id", where, order, start, count);
    }

    /** The marketplace, the company and the user are the list's scope; the rest are filters. */
    public static SqlFilter sqlFilter(Filter f) {
        SqlFilter where = SqlFilter.scope("i.partner = ?", f.partner());
        if (f.company() != null) {
            where.always("i.company_uuid = ?", f.company());
        }
        if (f.user() != null) {
            where.always("i.user_uuid = ?", f.user());
        }
        if (f.status() != null) {
            where.and("i.status = ?", f.status().name());
        }
        where.andWithin("i.creation_date", f.from(), f.to());
        if (f.excludeFree()) {
            where.and("i.total <> 0");
        }
        if (f.buyerRole() != null && f.buyerRole() != BuyerRole.ALL) {
            where.and("i.buyer_role = ?", f.buyerRole().name());
        }
        return where;
    }
}
