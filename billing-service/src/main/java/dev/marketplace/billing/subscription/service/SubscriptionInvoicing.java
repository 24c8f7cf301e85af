package dev.marketplace.billing.subscription.service;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import jakarta.enterprise.context.ApplicationScoped;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;

import dev.marketplace.billing.invoice.domain.BuyerRole;
import dev.marketplace.billing.invoice.domain.InvoiceLineType;
import dev.marketplace.billing.invoice.service.InvoiceRequest;
import dev.marketplace.billing.invoice.service.InvoiceService;
import dev.marketplace.billing.pricing.DiscountTerms;
import dev.marketplace.billing.pricing.Pricing;
import dev.marketplace.billing.subscription.domain.Subscription;
import dev.marketplace.billing.subscription.service.SubscriptionInputs.Item;
import dev.marketplace.billing.usage.domain.UsageItem;
import dev.marketplace.billing.usage.service.UsageService;
import io.smallrye.mutiny.Uni;

/**
 * What a subscription costs and when it is invoiced. The first invoice is issued when the order turns ACTIVE (one
 * period of the plan: price × quantity per unit, the discount applied); recurring plans are invoiced again on each
 * billing date — the company's billing day of month, else the day the subscription started — with the metered usage
 * reported since and the invoices left unpaid carried in. A discount applies to its first {@code billingCycles}
 * invoices only.
 */
@ApplicationScoped
public class SubscriptionInvoicing {
    private static final TypeReference<List<OrderTerms.UnitPrice>> PRICES = new TypeReference<>() {
    };

    private final InvoiceService invoices;
    private final UsageService usage;
    private final SubscriptionPayloads payloads;
    private final ObjectMapper mapper;

    public SubscriptionInvoicing(InvoiceService invoices, UsageService usage, SubscriptionPayloads payloads, ObjectMapper mapper) {
        this.invoices = invoices;
        this.usage = usage;
        this.payloads = payloads;
        this.mapper = mapper;
    }

    /** One period of the order: each unit's price × quantity (the plan's minimum when nothing was ordered), the discount. */
    public static Pricing.Priced price(String currency, List<Item> items, List<OrderTerms.UnitPrice> prices,
            DiscountTerms discount, String editionName) {
        List<Pricing.Item> charged = new ArrayList<>();
        if (items.isEmpty()) {
            for (OrderTerms.UnitPrice p : prices) {
                if (!p.metered()) {
                    charged.add(new Pricing.Item(p.unit(), BigDecimal.valueOf(Math.max(1, p.minUnits())), p.unitPrice(),
                            describe(editionName, p.unit())));
                }
            }
        } else {
            for (Item item : items) {
                prices.stream().filter(p -> p.unit().equals(item.unit()) && !p.metered()).findFirst().ifPresent(p -> charged
                        .add(new Pricing.Item(item.unit(), BigDecimal.valueOf(item.quantity()), p.unitPrice(),
                                describe(editionName, item.unit()))));
            }
        }
        return Pricing.price(currency, charged, discount);
    }

    private static String describe(String editionName, String unit) {
        return (editionName == null ? "Subscription" : editionName) + " — " + unit;
    }

    /** The order turned ACTIVE: its billing dates start and its first invoice is issued (caller's transaction). */
    public Uni<Void> activated(Subscription s) {
        Instant now = Instant.now();
        s.activatedOn = now;
        LocalDate today = LocalDate.ofInstant(now, ZoneOffset.UTC);
        if (s.billingDay == null) {
            s.billingDay = today.getDayOfMonth();
        }
        s.nextInvoiceOn = BillingDates.next(today, s.pricingDuration, s.billingDay);
        return issue(s, now, start(s.nextInvoiceOn), true, List.of());
    }

    /**
     * The subscription's billing date has come: the next period (for recurring plans) and the usage reported since are
     * invoiced, and the next billing date is set. A period with nothing to charge issues no invoice.
     */
    public Uni<Void> renew(Subscription s) {
        LocalDate due = s.nextInvoiceOn;
        LocalDate next = BillingDates.next(due, s.pricingDuration, s.billingDay == null ? due.getDayOfMonth() : s.billingDay);
        s.nextInvoiceOn = next;
        s.lastModified = Instant.now();
        boolean recurring = BillingDates.recurring(s.pricingDuration);
        return usage.unbilled(s.id).chain(used -> {
            if (!recurring && used.isEmpty()) {
                return Uni.createFrom().voidItem();
            }
            return issue(s, start(due), start(next), recurring, used);
        });
    }

    private Uni<Void> issue(Subscription s, Instant periodStart, Instant periodEnd, boolean chargePlan, List<UsageItem> used) {
        List<InvoiceRequest.Line> lines = new ArrayList<>();
        if (chargePlan) {
            DiscountTerms discount = discount(s);
            boolean discounted = discount != null && discount.appliesToNextInvoice(s.discountInvoices);
            Pricing.Priced priced = price(s.currency, payloads.items(s.items), prices(s), discounted ? discount : null,
                    s.editionName);
            if (discounted && priced.discount().signum() > 0) {
                s.discountInvoices++;
            }
            for (Pricing.Line l : priced.lines()) {
                lines.add(new InvoiceRequest.Line(l.type() == Pricing.LineType.DISCOUNT ? InvoiceLineType.DISCOUNT
                        : InvoiceLineType.ITEM, l.description(), l.quantity(), l.unitPrice(), l.percentage(), l.total(), l.unit(),
                        s.productId, s.editionId, s.paymentPlanId, periodStart, periodEnd));
            }
        }
        for (UsageItem u : used) {
            lines.add(new InvoiceRequest.Line(InvoiceLineType.ITEM, "Usage: " + u.quantity.stripTrailingZeros().toPlainString()
                    + " " + u.unit + (u.description == null ? "" : " — " + u.description), u.quantity, u.unitPrice, null,
                    u.amount, u.unit, s.productId, s.editionId, s.paymentPlanId, u.recordedOn, u.recordedOn));
        }
        Map<String, Object> buyer = payloads.object(s.buyer);
        Map<String, Object> company = payloads.object(s.company);
        InvoiceRequest request = new InvoiceRequest(s.partner, s.companyUuid, s.userUuid, s.id, s.orderId, s.currency, lines,
                periodStart, periodEnd, BuyerRole.valueOf(s.buyerRole), text(company.get("name")), text(buyer.get("email")),
                text(buyer.get("firstName")), text(buyer.get("locale")), !used.isEmpty() || chargePlan);
        return invoices.issue(request).chain(invoice -> used.isEmpty() ? Uni.createFrom().voidItem()
                : usage.billed(used, invoice.id));
    }

    public List<OrderTerms.UnitPrice> prices(Subscription s) {
        try {
            return mapper.readValue(s.prices, PRICES);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("stored prices cannot be read", e);
        }
    }

    public DiscountTerms discount(Subscription s) {
        if (s.discountTerms == null) {
            return null;
        }
        try {
            return mapper.readValue(s.discountTerms, DiscountTerms.class);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("stored discount terms cannot be read", e);
        }
    }

    private static Instant start(LocalDate day) {
        return day.atStartOfDay().toInstant(ZoneOffset.UTC);
    }

    private static String text(Object value) {
        return value == null ? null : value.toString();
    }
}
