package dev.marketplace.billing.invoice.service;

import static dev.marketplace.billing.money.Generated.TRIES;
import static dev.marketplace.billing.money.Generated.forAll;
import static dev.marketplace.billing.money.Generated.ints;
import static dev.marketplace.billing.money.Generated.listOf;
import static dev.marketplace.billing.money.Generated.longs;
import static dev.marketplace.billing.money.Generated.oneOf;
import static dev.marketplace.billing.money.Generated.orNull;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Test;

import dev.marketplace.billing.invoice.domain.InvoiceStatus;
import dev.marketplace.billing.money.Money;
import dev.marketplace.billing.pricing.DiscountTerms;
import dev.marketplace.billing.pricing.DiscountTerms.Kind;
import dev.marketplace.billing.pricing.Pricing;

/**
 * An invoice's total as a property (a plain JUnit test over seeded random cases, see
 * {@link dev.marketplace.billing.money.Generated}): the lines an invoice is made of — a priced period with its discount,
 * usage items (quantity × price, rounded once), the totals of unpaid invoices carried in — add up to its total, in the
 * currency's minor units, never below zero; it is issued PAID exactly when there is nothing to pay.
 */
class InvoiceTotalPropertiesTest {
    private static final List<String> CURRENCIES = List.of("JPY", "USD", "KWD");

    private static BigDecimal prices(Random random) {
        int scale = ints(random, 0, 4);
        return BigDecimal.valueOf(longs(random, 0, 10_000L * BigDecimal.TEN.pow(scale).longValueExact()), scale);
    }

    /** Metered usage: a fractional quantity at a price. */
    record Usage(BigDecimal quantity, BigDecimal price) {
    }

    /** What goes into one invoice: a period's items and discount, usage and carried totals. */
    record Content(List<Pricing.Item> items, DiscountTerms discount, List<Usage> usage, List<Long> carriedUnits) {
    }

    record Invoice(Content content, String currency) {
    }

    private static Pricing.Item item(String unit, int quantity, BigDecimal price) {
        return new Pricing.Item(unit, BigDecimal.valueOf(quantity), price, unit);
    }

    private static DiscountTerms discount(Kind kind, int hundredths, BigDecimal amount) {
        return new DiscountTerms(1, null, "Sale", kind, kind == Kind.PERCENTAGE ? BigDecimal.valueOf(hundredths, 2) : null,
                kind == Kind.FIXED_PRICE ? amount : null, kind == Kind.FLAT ? amount : null, null, null, false, null);
    }

    static Content contents(Random random) {
        List<Pricing.Item> items = listOf(random, 0, 4, r -> item(oneOf(r, "USER", "SEAT"), ints(r, 0, 500), prices(r)));
        DiscountTerms discount = orNull(random, 0.3, r -> discount(oneOf(r, Kind.class), ints(r, 1, 10_000), prices(r)));
        // metered usage: fractional quantities at small prices
        List<Usage> usage = listOf(random, 0, 3, r -> new Usage(BigDecimal.valueOf(longs(r, 0, 10_000_000L), 3), prices(r)));
        List<Long> carried = listOf(random, 0, 3, r -> longs(r, 0, 100_000_000L));
        return new Content(items, discount, usage, carried);
    }

    /**
     * Invoices tried whatever the seed: empty; one unit, one usage or one carried total of one minor unit or an exact
     * half of one; a discount of 100 % or larger than the lines (down to zero: PAID); the most lines at the highest
     * prices and quantities.
     */
    static List<Invoice> edgeCases() {
        BigDecimal top = new BigDecimal("10000.0000");
        List<Content> contents = new ArrayList<>();
        contents.add(new Content(List.of(), null, List.of(), List.of()));
        for (String price : new String[] { "1", "0.01", "0.001", "0.5", "0.005", "0.0005" }) {
            contents.add(new Content(List.of(item("USER", 1, new BigDecimal(price))), null, List.of(), List.of()));
            contents.add(new Content(List.of(), null, List.of(new Usage(new BigDecimal("1.000"), new BigDecimal(price))),
                    List.of()));
        }
        contents.add(new Content(List.of(), null, List.of(new Usage(new BigDecimal("0.001"), new BigDecimal("0.5"))),
                List.of(1L)));
        contents.add(new Content(List.of(item("USER", 1, new BigDecimal("0.5"))), discount(Kind.PERCENTAGE, 10_000, null),
                List.of(), List.of()));
        contents.add(new Content(List.of(item("USER", 3, new BigDecimal("0.5"))), discount(Kind.PERCENTAGE, 5_000, null),
                List.of(), List.of()));
        contents.add(new Content(List.of(item("SEAT", 2, BigDecimal.ONE)), discount(Kind.FIXED_PRICE, 0, top), List.of(),
                List.of()));
        contents.add(new Content(List.of(item("SEAT", 2, BigDecimal.ONE)), discount(Kind.FLAT, 0, BigDecimal.ZERO),
                List.of(), List.of(0L)));
        contents.add(new Content(List.of(item("USER", 500, top), item("SEAT", 500, top), item("USER", 500, top),
                item("SEAT", 500, top)), discount(Kind.PERCENTAGE, 1, null),
                List.of(new Usage(new BigDecimal("10000.000"), top), new Usage(new BigDecimal("10000.000"), top),
                        new Usage(new BigDecimal("10000.000"), top)),
                List.of(100_000_000L, 100_000_000L, 100_000_000L)));
        List<Invoice> edges = new ArrayList<>();
        for (String currency : CURRENCIES) {
            contents.forEach(content -> edges.add(new Invoice(content, currency)));
        }
        return edges;
    }

    @Test
    void theTotalIsTheSumOfTheLinesInMinorUnitsAndNeverBelowZero() {
        forAll(TRIES, edgeCases(), r -> new Invoice(contents(r), oneOf(r, CURRENCIES)), invoice -> {
            Content content = invoice.content();
            String currency = invoice.currency();
            Pricing.Priced period = Pricing.price(currency, content.items(), content.discount());
            List<BigDecimal> lines = new ArrayList<>();
            period.lines().forEach(l -> lines.add(l.total()));
            content.usage().forEach(u -> lines.add(Money.times(u.price(), u.quantity(), currency)));
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
        });
    }
}
