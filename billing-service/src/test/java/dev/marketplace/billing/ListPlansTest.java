package dev.marketplace.billing;

import static dev.marketplace.testkit.QueryPlans.assertNoSeqScan;
import static dev.marketplace.testkit.QueryPlans.assertUsesIndex;
import static dev.marketplace.testkit.QueryPlans.explain;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import dev.marketplace.billing.discount.domain.DiscountSortField;
import dev.marketplace.billing.discount.repository.DiscountRepository;
import dev.marketplace.billing.exchangerate.domain.ExchangeRateSortField;
import dev.marketplace.billing.exchangerate.repository.ExchangeRateRepository;
import dev.marketplace.billing.invoice.domain.BuyerRole;
import dev.marketplace.billing.invoice.domain.InvoiceSortField;
import dev.marketplace.billing.invoice.domain.InvoiceStatus;
import dev.marketplace.billing.invoice.repository.InvoiceRepository;
import dev.marketplace.billing.payment.domain.PaymentMethod;
import dev.marketplace.billing.payment.domain.PaymentResult;
import dev.marketplace.billing.payment.domain.PaymentSortField;
import dev.marketplace.billing.payment.repository.PaymentRepository;
import dev.marketplace.billing.subscription.domain.SubscriptionStatus;
import dev.marketplace.billing.subscription.repository.SubscriptionRepository;
import dev.marketplace.common.paging.SqlFilter;
import dev.marketplace.common.paging.Total;
import dev.marketplace.testkit.QueryPlans;
import io.quarkus.test.junit.QuarkusTest;

/**
 * Every list query keeps using its index: each list is seeded with 200,000 rows in one marketplace (and a tenth as many
 * beside them in another), then the very SQL the repositories build is planned — first page, each filter, a deep page
 * (start 100,000: page 2,000 of 50, the deepest a list serves) and the capped count of a filtered list (an unfiltered
 * one reads its counter). A query that falls back to scanning its whole table fails here.
 */
@QuarkusTest
class ListPlansTest {
    private static final int ROWS = 200_000;
    private static final String PARTNER = "PLANS";
    private static final UUID COMPANY = UUID.nameUUIDFromBytes("plans-company".getBytes());
    private static final int SIZE = 50;
    private static final int DEEP = 2_000 * SIZE;
    private static Connection db;

    @BeforeAll
    static void seed() throws Exception {
        db = QueryPlans.seeded("seed/lists.sql", Map.of("partner", PARTNER, "company", COMPANY.toString(), "rows",
                Integer.toString(ROWS)), "subscription", "invoice", "payment", "exchange_rate", "discount");
    }

    @AfterAll
    static void close() throws Exception {
        db.close();
    }

    @Test
    void orders() throws Exception {
        UUID buyer = buyer();
        List<SubscriptionRepository.Filter> filters = List.of(
                new SubscriptionRepository.Filter(PARTNER, null, null, null),
                new SubscriptionRepository.Filter(PARTNER, COMPANY, null, null),
                new SubscriptionRepository.Filter(PARTNER, COMPANY, buyer, null),
                new SubscriptionRepository.Filter(PARTNER, null, null, SubscriptionStatus.PENDING_REMOTE_CREATION),
                new SubscriptionRepository.Filter(PARTNER, COMPANY, null, SubscriptionStatus.CANCELLED));
        for (SubscriptionRepository.Filter f : filters) {
            SqlFilter where = SubscriptionRepository.sqlFilter(f);
            for (int start : List.of(0, DEEP)) {
                String plan = explain(db, SubscriptionRepository.pageSql(where, start, SIZE), where.params());
                assertNoSeqScan(plan, "subscription");
                assertUsesIndex(plan, "subscription_list");
            }
            if (where.narrowed()) {
                assertBoundedCount("from subscription s", where, "subscription");
            }
        }
        SqlFilter status = SubscriptionRepository.sqlFilter(filters.get(3));
        assertUsesIndex(explain(db, SubscriptionRepository.pageSql(status, DEEP, SIZE), status.params()),
                "subscription_list_status");
    }

    @Test
    void invoices() throws Exception {
        UUID buyer = buyer();
        List<InvoiceRepository.Filter> scopes = List.of(invoices(null, null), invoices(COMPANY, null), invoices(COMPANY, buyer));
        for (InvoiceRepository.Filter f : scopes) {
            SqlFilter where = InvoiceRepository.sqlFilter(f);
            for (InvoiceSortField sort : InvoiceSortField.values()) {
                for (boolean ascending : List.of(true, false)) {
                    for (int start : List.of(0, DEEP)) {
                        String plan = explain(db, InvoiceRepository.pageSql(where, sort, ascending, start, SIZE), where.params());
                        assertNoSeqScan(plan, "invoice");
                        assertUsesIndex(plan, "invoice_list");
                    }
                }
            }
        }
        Instant lastHour = Instant.now().minus(1, ChronoUnit.HOURS);
        for (UUID company : Arrays.asList(null, COMPANY)) {
            List<InvoiceRepository.Filter> filtered = new java.util.ArrayList<>(List.of(
                    new InvoiceRepository.Filter(PARTNER, company, null, InvoiceStatus.UNPAID, null, null, false, BuyerRole.ALL),
                    new InvoiceRepository.Filter(PARTNER, company, null, null, lastHour, null, false, BuyerRole.ALL),
                    new InvoiceRepository.Filter(PARTNER, company, null, null, null, null, true, BuyerRole.ALL)));
            if (company == null) {
                // buyerRole filters the marketplace's list only
                filtered.add(new InvoiceRepository.Filter(PARTNER, null, null, null, null, null, false, BuyerRole.RESELLER));
            }
            for (InvoiceRepository.Filter f : filtered) {
                SqlFilter where = InvoiceRepository.sqlFilter(f);
                for (InvoiceSortField sort : InvoiceSortField.values()) {
                    String plan = explain(db, InvoiceRepository.pageSql(where, sort, true, 0, SIZE), where.params());
                    assertNoSeqScan(plan, "invoice");
                }
                assertBoundedCount("from invoice i", where, "invoice");
            }
        }
        SqlFilter unpaid = InvoiceRepository.sqlFilter(
                new InvoiceRepository.Filter(PARTNER, null, null, InvoiceStatus.UNPAID, null, null, false, BuyerRole.ALL));
        assertUsesIndex(explain(db, InvoiceRepository.pageSql(unpaid, InvoiceSortField.INVOICE_ID, true, DEEP, SIZE),
                unpaid.params()), "invoice_list_status");
        // a company user's unpaid invoices: the page and its capped count read the user's own status index
        SqlFilter buyersUnpaid = InvoiceRepository.sqlFilter(
                new InvoiceRepository.Filter(PARTNER, COMPANY, buyer, InvoiceStatus.UNPAID, null, null, false, BuyerRole.ALL));
        assertUsesIndex(explain(db, InvoiceRepository.pageSql(buyersUnpaid, InvoiceSortField.INVOICE_ID, false, 0, SIZE),
                buyersUnpaid.params()), "invoice_list_user_status");
        assertUsesIndex(explain(db, Total.cappedCountSql("select 1 from invoice i where " + buyersUnpaid.where()),
                buyersUnpaid.params()), "invoice_list_user_status");
    }

    @Test
    void payments() throws Exception {
        UUID invoice = seeded("invoice-1");
        List<PaymentRepository.Filter> filters = List.of(
                new PaymentRepository.Filter(invoice, null, null, null, null),
                new PaymentRepository.Filter(invoice, PaymentMethod.MANUAL, null, null, null),
                new PaymentRepository.Filter(invoice, null, PaymentResult.GATEWAY_NOT_AVAILABLE, null, null),
                new PaymentRepository.Filter(invoice, null, null, Instant.now().minus(1, ChronoUnit.HOURS), null));
        for (PaymentRepository.Filter f : filters) {
            SqlFilter where = PaymentRepository.sqlFilter(f);
            for (PaymentSortField sort : PaymentSortField.values()) {
                for (boolean ascending : List.of(true, false)) {
                    for (int start : where.narrowed() ? List.of(0) : List.of(0, DEEP)) {
                        String plan = explain(db, PaymentRepository.pageSql(where, sort, ascending, start, SIZE), where.params());
                        assertNoSeqScan(plan, "payment");
                        assertUsesIndex(plan, "payment_");
                    }
                }
            }
            if (where.narrowed()) {
                assertBoundedCount("from payment p", where, "payment");
            }
        }
    }

    @Test
    void exchangeRates() throws Exception {
        for (String base : Arrays.asList(null, "GBP")) {
            for (String counter : Arrays.asList(null, "AUD")) {
                ExchangeRateRepository.Filter f = new ExchangeRateRepository.Filter(PARTNER, base, counter);
                SqlFilter where = ExchangeRateRepository.sqlFilter(f);
                for (ExchangeRateSortField sort : ExchangeRateSortField.values()) {
                    for (boolean ascending : List.of(true, false)) {
                        for (int start : List.of(0, DEEP)) {
                            String plan = explain(db, ExchangeRateRepository.pageSql(where, sort, ascending, start, SIZE),
                                    where.params());
                            assertNoSeqScan(plan, "exchange_rate");
                            assertUsesIndex(plan, "exchange_rate_");
                        }
                    }
                }
                if (where.narrowed()) {
                    assertBoundedCount("from exchange_rate r", where, "exchange_rate");
                }
            }
        }
    }

    @Test
    void discounts() throws Exception {
        SqlFilter all = DiscountRepository.sqlFilter(PARTNER, null);
        for (DiscountSortField sort : DiscountSortField.values()) {
            for (boolean ascending : List.of(true, false)) {
                for (int start : List.of(0, DEEP)) {
                    String plan = explain(db, DiscountRepository.pageSql(all, sort, ascending, start, SIZE), all.params());
                    assertNoSeqScan(plan, "discount");
                    // CHANNEL orders by id alone: the primary key walks in the same order, and may be chosen when the
                    // marketplace holds most discounts
                    assertUsesIndex(plan, sort == DiscountSortField.CHANNEL ? "discount_" : "discount_list");
                }
            }
        }
        SqlFilter code = DiscountRepository.sqlFilter(PARTNER, "bulk12345");
        String plan = explain(db, DiscountRepository.pageSql(code, DiscountSortField.CREATED_ON, true, 0, SIZE),
                code.params());
        assertNoSeqScan(plan, "discount");
        assertUsesIndex(plan, "discount_code");
        assertBoundedCount("from discount d", code, "discount");
    }

    private static InvoiceRepository.Filter invoices(UUID company, UUID user) {
        return new InvoiceRepository.Filter(PARTNER, company, user, null, null, null, false, BuyerRole.ALL);
    }

    /** One of the two buyers the seed splits the company's orders and invoices between. */
    private static UUID buyer() throws Exception {
        return seeded("buyer-1");
    }

    /** The uuid the seed gives a row: {@code md5('<partner>-<name>')::uuid}. */
    private static UUID seeded(String name) throws Exception {
        try (var s = db.createStatement(); var rs = s.executeQuery("select md5('" + PARTNER + "-" + name + "')::uuid")) {
            rs.next();
            return (UUID) rs.getObject(1);
        }
    }

    /**
     * The capped count of a filtered list never reads the whole table: it reads less than a quarter of the table's pages.
     * (A filter matching much of the list may be counted by a scan that stops at the cap: that is as cheap as an index.)
     */
    private static void assertBoundedCount(String from, SqlFilter where, String table) throws Exception {
        String plan = explain(db, "explain (analyze, buffers)",
                Total.cappedCountSql("select 1 " + from + " where " + where.where()), where.params());
        Matcher buffers = Pattern.compile("Buffers: shared(?: hit=(\\d+))?(?: read=(\\d+))?").matcher(plan);
        long read = 0;
        if (buffers.find()) {
            read = (buffers.group(1) == null ? 0 : Long.parseLong(buffers.group(1)))
                    + (buffers.group(2) == null ? 0 : Long.parseLong(buffers.group(2)));
        }
        long pages;
        try (var s = db.createStatement();
                var rs = s.executeQuery("select relpages from pg_class where relname = '" + table + "'")) {
            rs.next();
            pages = rs.getLong(1);
        }
        assertTrue(read > 0 && read < pages / 4, "the count reads " + read + " of the " + pages + " pages of " + table
                + ":\n" + plan);
    }
}
