package dev.marketplace.billing.invoice.service;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

import dev.marketplace.billing.invoice.domain.InvoiceStatus;
import dev.marketplace.billing.money.Money;
import dev.marketplace.billing.pricing.DiscountTerms;
import dev.marketplace.billing.pricing.DiscountTerms.Kind;
import dev.marketplace.billing.pricing.Pricing;

/**
 * An invoice's total as a property (jqwik): the lines an invoice is made of — a priced period with its discount, usage
 * items (quantity × price, rounded once), the totals of unpaid invoices carried in — add up to its total, in the
 * currency's minor units, never below zero; it is issued PAID exactly when there is nothing to pay.
 */
class InvoiceTotalPropertiesTest {

    @Provide
    Arbitrary<String> currencies() {
        return Arbitraries.of("JPY", "USD", "KWD");
    }

    private static Arbitrary<BigDecimal> prices() {
        return Arbitraries.integers().between(0, 4).flatMap(scale -> Arbitraries.longs()
                .between(0, 10_000L * BigDecimal.TEN.pow(scale).longValueExact()).map(units -> BigDecimal.valueOf(units, scale)));
    }

    /** What goes into one invoice: a period's items and discount, usage (quantity, price) and carried totals. */
    record Content(List<Pricing.Item> items, DiscountTerms discount, List<BigDecimal[]> usage, List<Long> carriedUnits) {
    }

    @Provide
    Arbitrary<Content> contents() {
        Arbitrary<Pricing.Item> item = Combinators.combine(Arbitraries.of("USER", "SEAT"), Arbitraries.integers().between(0, 500),
                prices()).as((unit, quantity, price) -> new Pricing.Item(unit, BigDecimal.valueOf(quantity), price, unit));
        Arbitrary<DiscountTerms> discount = Combinators.combine(Arbitraries.of(Kind.class),
                Arbitraries.integers().between(1, 10_000), prices()).as((kind, hundredths, amount) -> new DiscountTerms(1,
                        null, "Sale", kind, kind == Kind.PERCENTAGE ? BigDecimal.valueOf(hundredths, 2) : null,
                        kind == Kind.FIXED_PRICE ? amount : null, kind == Kind.FLAT ? amount : null, null, null, false, null))
                .injectNull(0.3);
        // metered usage: fractional quantities at small prices
        Arbitrary<BigDecimal[]> usage = Combinators.combine(Arbitraries.longs().between(0, 10_000_000L), prices())
                .as((thousandths, price) -> new BigDecimal[] { BigDecimal.valueOf(thousandths, 3), price });
        Arbitrary<Long> carried = Arbitraries.longs().between(0, 100_000_000L);
        return Combinators.combine(item.list().ofMaxSize(4), discount, usage.list().ofMaxSize(3), carried.list().ofMaxSize(3))
                .as(Content::new);
    }

    @Property
    void theTotalIsTheSumOfTheLinesInMinorUnitsAndNeverBelowZero(@ForAll("contents") Content content,
            @ForAll("currencies") String currency) {
        Pricing.Priced period = Pricing.price(currency, content.items(), content.discount());
        List<BigDecimal> lines = new ArrayList<>();
        period.lines().forEach(l -> lines.add(l.total()));
        content.usage().forEach(u -> lines.add(Money.times(u[1], u[0], currency)));
        // an unpaid invoice carried in is its own total, already in the currency's minor units
        content.carriedUnits().forEach(units -> lines.add(BigDecimal.valueOf(units, Money.digits(currency))));

        InvoiceTotal total = InvoiceTotal.of(currency, lines);
        BigDecimal sum = lines.stream().reduce(BigDecimal.ZERO, BigDecimal::add);
        assertEquals(0, sum.compareTo(total.amount()), "the total is the sum of the lines");
        assertEquals(Money.digits(currency), total.amount().scale(), "in the currency's minor units");
        assertTrue(total.amount().signum() >= 0, "no invoice total below zero: " + lines);
        assertEquals(total.amount().signum() == 0 ? InvoiceStatus.PAID : InvoiceStatus.UNPAID, total.status());
        BigDecimal others = sum.subtract(period.total());
        assertEquals(0, period.total().add(others).compareTo(total.amount()), "the period's own total is part of it");
    }
}
