package dev.marketplace.billing.invoice.service;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;

import jakarta.enterprise.context.ApplicationScoped;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;

import dev.marketplace.billing.invoice.domain.Invoice;
import dev.marketplace.billing.invoice.domain.InvoiceLine;
import dev.marketplace.billing.money.Money;
import dev.marketplace.billing.support.PublicUrls;
import dev.marketplace.common.paging.Link;

/** Invoices as the API answers them: AppDirect's InvoiceListingWS in listings, InvoiceWS (with lines) when read. */
@ApplicationScoped
public class InvoiceViews {
    private final PublicUrls urls;

    public InvoiceViews(PublicUrls urls) {
        this.urls = urls;
    }

    /** A reference to another resource: its id and where it is. */
    public record Ref(String id, String href) {
    }

    @JsonPropertyOrder({ "invoiceId", "referenceNumber", "creationDate", "dueDate", "status", "total", "orderIds", "currency",
            "user", "company", "links" })
    public record Listing(long invoiceId, String referenceNumber, long creationDate, long dueDate, String status,
            BigDecimal total, List<String> orderIds, String currency, Ref user, Ref company, List<Link> links) {
    }

    @JsonPropertyOrder({ "invoiceId", "referenceNumber", "creationDate", "dueDate", "status", "total", "orderIds", "currency",
            "user", "company", "invoiceLines", "delegatedToInvoice", "includedInvoices", "periodStart", "periodEnd",
            "subscriptionId", "links" })
    public record Detail(long invoiceId, String referenceNumber, long creationDate, long dueDate, String status,
            BigDecimal total, List<String> orderIds, String currency, Ref user, Ref company, List<Line> invoiceLines,
            Ref delegatedToInvoice, List<Ref> includedInvoices, Long periodStart, Long periodEnd,
            @JsonInclude(JsonInclude.Include.NON_NULL) String subscriptionId, List<Link> links) {
    }

    @JsonPropertyOrder({ "id", "type", "itemId", "description", "quantity", "price", "percentage", "total", "periodStart",
            "periodEnd", "paymentPlanId", "editionId", "productId", "pricingUnit" })
    public record Line(long id, String type, Long itemId, String description, BigDecimal quantity, BigDecimal price,
            BigDecimal percentage, BigDecimal total, Long periodStart, Long periodEnd, Long paymentPlanId, Long editionId,
            Long productId, String pricingUnit) {
    }

    public Listing listing(Invoice i) {
        return new Listing(i.invoiceNumber, i.referenceNumber, i.creationDate.toEpochMilli(), i.dueDate.toEpochMilli(),
                i.status.name(), Money.of(i.total, i.currency), orderIds(i), i.currency, userRef(i), companyRef(i), links(i));
    }

    public Detail detail(Invoice i, List<InvoiceLine> lines) {
        List<Ref> included = lines.stream().filter(l -> l.includedInvoice != null)
                .map(l -> new Ref(l.includedInvoice.toString(), urls.invoice(l.includedInvoice))).toList();
        return new Detail(i.invoiceNumber, i.referenceNumber, i.creationDate.toEpochMilli(), i.dueDate.toEpochMilli(),
                i.status.name(), Money.of(i.total, i.currency), orderIds(i), i.currency, userRef(i), companyRef(i),
                lines.stream().map(l -> line(l, i.currency)).toList(),
                i.delegatedToInvoice == null ? null
                        : new Ref(i.delegatedToInvoice.toString(), urls.invoice(i.delegatedToInvoice)),
                included.isEmpty() ? null : included, ms(i.periodStart), ms(i.periodEnd),
                i.subscriptionId == null ? null : i.subscriptionId.toString(), links(i));
    }

    private static Line line(InvoiceLine l, String currency) {
        return new Line(l.id, l.type.name(), null, l.description, Money.plain(l.quantity), Money.plain(l.price),
                Money.plain(l.percentage),
                Money.of(l.total, currency), ms(l.periodStart), ms(l.periodEnd), l.paymentPlanId, l.editionId, l.productId,
                l.pricingUnit);
    }

    private static List<String> orderIds(Invoice i) {
        return i.orderId == null ? List.of() : List.of(i.orderId.toString());
    }

    private Ref userRef(Invoice i) {
        return new Ref(i.userUuid.toString(), urls.user(i.userUuid));
    }

    private Ref companyRef(Invoice i) {
        return new Ref(i.companyUuid.toString(), urls.company(i.companyUuid));
    }

    private List<Link> links(Invoice i) {
        return List.of(new Link("user", urls.user(i.userUuid)), new Link("company", urls.company(i.companyUuid)),
                new Link("self", urls.invoice(i.invoiceNumber)));
    }

    private static Long ms(Instant instant) {
        return instant == null ? null : instant.toEpochMilli();
    }
}
