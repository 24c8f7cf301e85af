package dev.marketplace.billing.invoice.service;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;

import dev.marketplace.billing.config.BillingConfig;
import dev.marketplace.billing.invoice.domain.Invoice;
import dev.marketplace.billing.invoice.domain.InvoiceLine;
import dev.marketplace.billing.invoice.domain.InvoiceLineType;
import dev.marketplace.billing.invoice.domain.InvoiceSortField;
import dev.marketplace.billing.invoice.domain.InvoiceStatus;
import dev.marketplace.billing.invoice.repository.InvoiceLineRepository;
import dev.marketplace.billing.invoice.repository.InvoiceRepository;
import dev.marketplace.billing.money.Money;
import dev.marketplace.common.error.ApiException;
import dev.marketplace.common.events.DomainEventPublisher;
import dev.marketplace.common.events.EventCreator;
import dev.marketplace.common.events.EventTypes;
import dev.marketplace.common.paging.Paged;
import dev.marketplace.common.paging.Total;
import dev.marketplace.common.security.Caller;
import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.smallrye.mutiny.Uni;

/**
 * Issues invoices (numbered per marketplace, INVOICE email to the buyer), lists and reads them for those allowed, and
 * voids them. Payments go through {@link #lockUnpaid} and {@link #markPaid} in the payment's transaction.
 */
@ApplicationScoped
public class InvoiceService {
    static final String AGGREGATE = "INVOICE";
    static final DateTimeFormatter DAY = DateTimeFormatter.ISO_LOCAL_DATE.withZone(ZoneOffset.UTC);

    private final InvoiceRepository invoices;
    private final InvoiceLineRepository lines;
    private final InvoiceViews views;
    private final InvoiceAccess access;
    private final InvoiceVoiding voiding;
    private final DomainEventPublisher events;
    private final Caller caller;
    private final BillingConfig config;

    public InvoiceService(InvoiceRepository invoices, InvoiceLineRepository lines, InvoiceViews views, InvoiceAccess access,
            InvoiceVoiding voiding, DomainEventPublisher events, Caller caller, BillingConfig config) {
        this.invoices = invoices;
        this.lines = lines;
        this.views = views;
        this.access = access;
        this.voiding = voiding;
        this.events = events;
        this.caller = caller;
        this.config = config;
    }

    /** A page of a start/count listing and its total (exact unfiltered, capped when filtered). */
    public record Page(List<InvoiceViews.Listing> invoices, Total total) {
    }

    /**
     * Issues an invoice inside the caller's transaction: next number of the marketplace, the lines, the carried invoices,
     * the INVOICE_CREATED event with the buyer's INVOICE email. A total of zero is PAID at once.
     */
    public Uni<Invoice> issue(InvoiceRequest request) {
        Uni<List<Invoice>> carried = request.carryUnpaid() && request.subscriptionId() != null
                ? invoices.unpaidOf(request.subscriptionId())
                : Uni.createFrom().item(List.of());
        return carried.chain(unpaid -> invoices.nextNumber(request.partner()).chain(number -> {
            Instant now = Instant.now();
            Invoice invoice = new Invoice();
            invoice.id = UUID.randomUUID();
            invoice.partner = request.partner();
            invoice.invoiceNumber = number;
            invoice.companyUuid = request.company();
            invoice.userUuid = request.user();
            invoice.subscriptionId = request.subscriptionId();
            invoice.orderId = request.orderId();
            invoice.currency = request.currency();
            invoice.creationDate = now;
            invoice.dueDate = now.plus(config.invoicing().paymentTerms());
            invoice.periodStart = request.periodStart();
            invoice.periodEnd = request.periodEnd();
            invoice.buyerRole = request.buyerRole();
            invoice.companyName = request.companyName();
            invoice.buyerEmail = request.buyerEmail();
            invoice.buyerFirstName = request.buyerFirstName();
            invoice.buyerLocale = request.buyerLocale();
            invoice.lastModified = now;
            List<InvoiceLine> rows = new ArrayList<>();
            for (InvoiceRequest.Line l : request.lines()) {
                rows.add(line(invoice, rows.size(), l.type(), l.description(), l.quantity(), l.price(), l.percentage(),
                        l.total(), l.unit(), l.productId(), l.editionId(), l.planId(), l.periodStart(), l.periodEnd(), null));
            }
            for (Invoice previous : unpaid) {
                previous.status = InvoiceStatus.CARRIED;
                previous.delegatedToInvoice = number;
                previous.lastModified = now;
                BigDecimal amount = Money.of(previous.total, previous.currency);
                rows.add(line(invoice, rows.size(), InvoiceLineType.DELEGATED_INVOICE, "Carried from invoice "
                        + previous.invoiceNumber, BigDecimal.ONE, amount, null, amount, null, null, null, null,
                        previous.periodStart, previous.periodEnd, previous.invoiceNumber));
            }
            InvoiceTotal total = InvoiceTotal.of(request.currency(), rows.stream().map(r -> r.total).toList());
            invoice.total = total.amount();
            invoice.status = total.status();
            return invoices.persist(invoice).chain(() -> lines.persist(rows)).chain(() -> invoices.flush())
                    // billing issues invoices itself (an order turning ACTIVE, a billing date): it is their creator
                    .chain(() -> events.publish(EventTypes.INVOICE_CREATED, invoice.partner, AGGREGATE,
                            invoice.invoiceNumber.toString(), views.detail(invoice, rows), InvoiceEmails.issued(invoice),
                            EventCreator.system(events.source())))
                    .replaceWith(invoice);
        }));
    }

    @WithSession
    public Uni<Page> list(InvoiceFilter filter, InvoiceSortField sort, boolean ascending, int start, int count) {
        Uni<Void> allowed;
        if (filter.company() == null) {
            access.requireChannelReader();
            allowed = Uni.createFrom().voidItem();
        } else if (filter.user() == null) {
            allowed = access.requireCompany(filter.company());
        } else {
            allowed = access.requireUser(filter.company(), filter.user());
        }
        String partner = caller.partner();
        var scoped = new InvoiceRepository.Filter(partner, filter.company(), filter.user(), filter.status(), filter.from(),
                filter.to(), filter.excludeFree(), filter.buyerRole());
        return allowed.chain(() -> Paged.read(start, count, invoices.search(scoped, sort, ascending, start, count),
                () -> invoices.count(scoped))).map(found -> new Page(found.rows().stream().map(views::listing).toList(),
                        found.total()));
    }

    @WithSession
    public Uni<InvoiceViews.Detail> get(long number) {
        return load(number).chain(access::requireRead).chain(this::detail);
    }

    /** An invoice the caller may read, for the payments listing. */
    @WithSession
    public Uni<Invoice> readable(long number) {
        return load(number).chain(access::requireRead);
    }

    /** Voids the invoice (see {@link InvoiceVoiding}). */
    public Uni<InvoiceViews.Detail> voidInvoice(long number) {
        return voiding.voidInvoice(number);
    }

    /** The invoice locked for a payment (one payment of an invoice at a time); 404 when unknown. */
    public Uni<Invoice> lockForPayment(long number) {
        String partner = caller.partner();
        return invoices.byNumberForUpdate(partner, number).map(invoice -> {
            if (invoice == null) {
                throw ApiException.notFound("Invoice", number);
            }
            return invoice;
        });
    }

    /** The invoice of {@code partner} locked for a payment, for work no client asked for (collection, reconciliation). */
    public Uni<Invoice> lockForPayment(String partner, long number) {
        return invoices.byNumberForUpdate(partner, number).map(invoice -> {
            if (invoice == null) {
                throw ApiException.notFound("Invoice", number);
            }
            return invoice;
        });
    }

    /** The provider answered the current card attempt definitely: the next charge is a new attempt. */
    public Uni<Void> nextPaymentAttempt(Invoice invoice) {
        invoice.paymentAttempt++;
        invoice.lastModified = Instant.now();
        return invoices.flush();
    }

    /** 409 unless the invoice is UNPAID: only an unpaid invoice can be paid. */
    public static Invoice requireUnpaid(Invoice invoice) {
        if (invoice.status != InvoiceStatus.UNPAID) {
            throw ApiException.conflict("INVOICE_NOT_PAYABLE", "invoice " + invoice.invoiceNumber + " is " + invoice.status
                    + "; only an UNPAID invoice can be paid");
        }
        return invoice;
    }

    /** A successful payment settles the invoice (and the invoices carried into it stay CARRIED, pointing at it). */
    public Uni<Void> markPaid(Invoice invoice) {
        invoice.status = InvoiceStatus.PAID;
        invoice.lastModified = Instant.now();
        return invoices.flush();
    }

    public Uni<InvoiceViews.Detail> detail(Invoice invoice) {
        return lines.of(invoice.id).map(found -> views.detail(invoice, found));
    }

    private Uni<Invoice> load(long number) {
        String partner = caller.partner();
        return invoices.byNumber(partner, number).map(invoice -> {
            if (invoice == null) {
                throw ApiException.notFound("Invoice", number);
            }
            return invoice;
        });
    }

    private static InvoiceLine line(Invoice invoice, int position, InvoiceLineType type, String description, BigDecimal quantity,
            BigDecimal price, BigDecimal percentage, BigDecimal total, String unit, Long productId, Long editionId, Long planId,
            Instant periodStart, Instant periodEnd, Long included) {
        InvoiceLine l = new InvoiceLine();
        l.invoiceId = invoice.id;
        l.position = position;
        l.type = type;
        l.description = description;
        l.quantity = quantity;
        l.price = price;
        l.percentage = percentage;
        l.total = total;
        l.pricingUnit = unit;
        l.productId = productId;
        l.editionId = editionId;
        l.paymentPlanId = planId;
        l.periodStart = periodStart;
        l.periodEnd = periodEnd;
        l.includedInvoice = included;
        return l;
    }
}
