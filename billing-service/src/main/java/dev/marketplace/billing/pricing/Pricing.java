package dev.marketplace.billing.pricing;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;

import dev.marketplace.billing.money.Money;

/**
 * The amounts of an order or of one billing period: one line per unit (price × quantity), then the discount as a
 * negative line, never below zero. Every amount is rounded once, by {@link Money}.
 */
public final class Pricing {
    private Pricing() {
    }

    /** What is charged for a unit: {@code quantity} at {@code unitPrice} (in the currency of the pricing). */
    public record Item(String unit, BigDecimal quantity, BigDecimal unitPrice, String description) {
    }

    public enum LineType {
        ITEM, DISCOUNT
    }

    public record Line(LineType type, String unit, BigDecimal quantity, BigDecimal unitPrice, BigDecimal percentage,
            BigDecimal total, String description) {
    }

    public record Priced(String currency, List<Line> lines, BigDecimal discount, BigDecimal total) {
    }

    public static Priced price(String currency, List<Item> items, DiscountTerms discount) {
        List<Line> lines = new ArrayList<>();
        BigDecimal total = Money.zero(currency);
        BigDecimal discountable = Money.zero(currency);
        for (Item item : items) {
            BigDecimal amount = Money.times(item.unitPrice(), item.quantity(), currency);
            lines.add(new Line(LineType.ITEM, item.unit(), item.quantity(), item.unitPrice(), null, amount, item.description()));
            total = total.add(amount);
            if (discount != null && (discount.unit() == null || discount.unit().equals(item.unit()))) {
                discountable = discountable.add(amount);
            }
        }
        BigDecimal off = discount == null ? Money.zero(currency) : saving(discount, discountable, currency);
        if (off.signum() > 0) {
            lines.add(new Line(LineType.DISCOUNT, discount.unit(), null, null,
                    discount.kind() == DiscountTerms.Kind.PERCENTAGE ? discount.percentage() : null, off.negate(),
                    "Discount" + (discount.code() == null ? "" : " " + discount.code()) + ": " + discount.description()));
        }
        return new Priced(currency, List.copyOf(lines), off, total.subtract(off));
    }

    /** What the discount takes off {@code base}, never more than it. */
    public static BigDecimal saving(DiscountTerms discount, BigDecimal base, String currency) {
        BigDecimal off = switch (discount.kind()) {
            case PERCENTAGE -> Money.percent(base, discount.percentage(), currency);
            case FIXED_PRICE -> Money.round(discount.amount(), currency);
            case FLAT -> base.subtract(Money.round(discount.finalAmount(), currency));
        };
        if (off.signum() < 0) {
            return Money.zero(currency);
        }
        return off.min(base);
    }
}
