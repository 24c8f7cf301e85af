package dev.marketplace.billing.invoice.repository;

import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.LockModeType;

import dev.marketplace.billing.invoice.domain.BuyerRole;
import dev.marketplace.billing.invoice.domain.Invoice;
import dev.marketplace.billing.invoice.domain.InvoiceStatus;
import io.quarkus.hibernate.reactive.panache.PanacheRepositoryBase;
import io.smallrye.mutiny.Uni;

@ApplicationScoped
public class InvoiceRepository implements PanacheRepositoryBase<Invoice, UUID> {
    /** Listings count at most this many invoices (X-Total-Count is then this number: "at least"). */
    public static final int COUNT_CAP = 10_000;

    public enum SortField {
        DATE("creation_date"), INVOICE_ID("invoice_number"), TOTAL("total");

        final String column;

        SortField(String column) {
            this.column = column;
        }
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

    public Uni<List<Invoice>> search(Filter filter, SortField sort, boolean ascending, int start, int count) {
        List<Object> params = new ArrayList<>();
        String direction = ascending ? " asc" : " desc";
        String sql = "select * from invoice where " + where(filter, params) + " order by " + sort.column + direction
                + ", invoice_number" + direction + " limit " + count + " offset " + start;
        return getSession().chain(session -> {
            var query = session.createNativeQuery(sql, Invoice.class);
            for (int i = 0; i < params.size(); i++) {
                query.setParameter(i + 1, params.get(i));
            }
            return query.getResultList();
        });
    }

    /** How many invoices match, counted up to {@link #COUNT_CAP} so that a marketplace-wide listing stays cheap. */
    public Uni<Long> count(Filter filter) {
        List<Object> params = new ArrayList<>();
        String sql = "select count(*) from (select 1 from invoice where " + where(filter, params) + " limit " + COUNT_CAP + ") c";
        return getSession().chain(session -> {
            var query = session.createNativeQuery(sql, Long.class);
            for (int i = 0; i < params.size(); i++) {
                query.setParameter(i + 1, params.get(i));
            }
            return query.getSingleResult();
        });
    }

    private static String where(Filter f, List<Object> params) {
        StringBuilder where = new StringBuilder("partner = ?1");
        params.add(f.partner());
        if (f.company() != null) {
            params.add(f.company());
            where.append(" and company_uuid = ?").append(params.size());
        }
        if (f.user() != null) {
            params.add(f.user());
            where.append(" and user_uuid = ?").append(params.size());
        }
        if (f.status() != null) {
            params.add(f.status().name());
            where.append(" and status = ?").append(params.size());
        }
        if (f.from() != null) {
            params.add(f.from().atOffset(ZoneOffset.UTC));
            where.append(" and creation_date >= ?").append(params.size());
        }
        if (f.to() != null) {
            params.add(f.to().atOffset(ZoneOffset.UTC));
            where.append(" and creation_date <= ?").append(params.size());
        }
        if (f.excludeFree()) {
            where.append(" and total <> 0");
        }
        if (f.buyerRole() != null && f.buyerRole() != BuyerRole.ALL) {
            params.add(f.buyerRole().name());
            where.append(" and buyer_role = ?").append(params.size());
        }
        return where.toString();
    }
}
