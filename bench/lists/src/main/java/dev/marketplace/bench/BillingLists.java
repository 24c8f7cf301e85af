package dev.marketplace.bench;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.UUID;

import dev.marketplace.billing.discount.domain.DiscountSortField;
import dev.marketplace.billing.discount.repository.DiscountRepository;
import dev.marketplace.billing.exchangerate.domain.ExchangeRateSortField;
import dev.marketplace.billing.exchangerate.repository.ExchangeRateRepository;
import dev.marketplace.billing.invoice.domain.BuyerRole;
import dev.marketplace.billing.invoice.domain.InvoiceSortField;
import dev.marketplace.billing.invoice.domain.InvoiceStatus;
import dev.marketplace.billing.invoice.repository.InvoiceRepository;
import dev.marketplace.billing.payment.domain.PaymentResult;
import dev.marketplace.billing.payment.domain.PaymentSortField;
import dev.marketplace.billing.payment.repository.PaymentRepository;
import dev.marketplace.billing.subscription.domain.SubscriptionStatus;
import dev.marketplace.billing.subscription.repository.SubscriptionRepository;
import dev.marketplace.common.paging.PageRequest;
import dev.marketplace.common.paging.SqlFilter;
import dev.marketplace.common.paging.Total;

/**
 * billing-service's lists for {@link ListsBench}, over billing-service/src/test/resources/seed/lists.sql: orders (the
 * marketplace's and a company's), invoices (the marketplace's, the company's and a company user's), the payments of
 * invoice 1, discounts and exchange rates — each with its first page, a filter and page 2,000 of 50 (start 100,000, the deepest served;
 * the user's invoices, half of the company's, a page before the deepest, start 99,950).
 */
final class BillingLists {
    private static final int SIZE = 50;
    private static final int DEEP = 2_000 * SIZE;

    private BillingLists() {
    }

    static List<ListsBench.Query> queries(String partner, UUID company) {
        List<ListsBench.Query> queries = new ArrayList<>();
        String companyPath = "/api/billing/v1/companies/" + company;
        UUID buyer = seeded(partner, "buyer-1");

        var orders = new SubscriptionRepository.Filter(partner, null, null, null);
        var pending = new SubscriptionRepository.Filter(partner, null, null, SubscriptionStatus.PENDING_REMOTE_CREATION);
        var companyOrders = new SubscriptionRepository.Filter(partner, company, null, null);
        queries.add(query("orders", "first page", "/api/billing/v1/orders?count=50", false, orders, 0));
        queries.add(query("orders", "status filter", "/api/billing/v1/orders?count=50&status=PENDING_REMOTE_CREATION", false,
                pending, 0));
        queries.add(query("orders", "start 100,000", "/api/billing/v1/orders?count=50&start=" + DEEP, true, orders, DEEP));
        queries.add(query("company orders", "first page", "/api/billing/v1/orders?count=50&companyId=" + company, false,
                companyOrders, 0));
        queries.add(query("company orders", "start 100,000", "/api/billing/v1/orders?count=50&companyId=" + company
                + "&start=" + DEEP, true, companyOrders, DEEP));

        // default orders: ascending invoice numbers, except the company's list (descending)
        var invoices = invoices(partner, null, null, null);
        var unpaid = invoices(partner, null, null, InvoiceStatus.UNPAID);
        queries.add(query("invoices", "first page", "/api/billing/v1/invoices?count=50", false, invoices, true, 0));
        queries.add(query("invoices", "status filter", "/api/billing/v1/invoices?count=50&status=UNPAID", false, unpaid,
                true, 0));
        queries.add(query("invoices", "start 100,000", "/api/billing/v1/invoices?count=50&start=" + DEEP, true, invoices,
                true, DEEP));
        var companyInvoices = invoices(partner, company, null, null);
        var companyUnpaid = invoices(partner, company, null, InvoiceStatus.UNPAID);
        queries.add(query("co. invoices", "first page", companyPath + "/invoices?count=50", false, companyInvoices, false, 0));
        queries.add(query("co. invoices", "status filter", companyPath + "/invoices?count=50&status=UNPAID", false,
                companyUnpaid, false, 0));
        queries.add(query("co. invoices", "start 100,000", companyPath + "/invoices?count=50&start=" + DEEP, true,
                companyInvoices, false, DEEP));
        var userInvoices = invoices(partner, company, buyer, null);
        var userUnpaid = invoices(partner, company, buyer, InvoiceStatus.UNPAID);
        String userPath = companyPath + "/users/" + buyer + "/invoices";
        queries.add(query("user invoices", "first page", userPath + "?count=50", false, userInvoices, true, 0));
        queries.add(query("user invoices", "status filter", userPath + "?count=50&status=UNPAID", false, userUnpaid, true, 0));
        queries.add(query("user invoices", "start 99,950", userPath + "?count=50&start=" + (DEEP - SIZE), true, userInvoices,
                true, DEEP - SIZE));

        UUID invoice = seeded(partner, "invoice-1");
        var payments = new PaymentRepository.Filter(invoice, null, null, null, null);
        var unavailable = new PaymentRepository.Filter(invoice, null, PaymentResult.GATEWAY_NOT_AVAILABLE, null, null);
        String paymentsPath = "/api/billing/v1/invoices/1/payments?count=50";
        queries.add(query("payments", "first page", paymentsPath, false, payments, 0));
        queries.add(query("payments", "result filter", paymentsPath + "&result=GATEWAY_NOT_AVAILABLE", false, unavailable, 0));
        queries.add(query("payments", "start 100,000", paymentsPath + "&start=" + DEEP, true, payments, DEEP));

        String discountsPath = "/api/channel/v1/discounts?count=50";
        queries.add(discounts(partner, "first page", discountsPath, false, null, 0));
        queries.add(discounts(partner, "code filter", discountsPath + "&code=bulk12345", false, "bulk12345", 0));
        queries.add(discounts(partner, "start 100,000", discountsPath + "&start=" + DEEP, true, null, DEEP));

        String ratesPath = "/api/channel/v1/exchangeRates?size=50";
        queries.add(rates(partner, "first page", ratesPath, false, null, PageRequest.of(0, SIZE, SIZE)));
        queries.add(rates(partner, "base filter", ratesPath + "&baseCurrency=GBP", false, "GBP", PageRequest.of(0, SIZE, SIZE)));
        queries.add(rates(partner, "page 2,000", ratesPath + "&page=2000", true, null, PageRequest.of(2_000, SIZE, SIZE)));
        return queries;
    }

    private static ListsBench.Query query(String list, String what, String path, boolean deep,
            SubscriptionRepository.Filter f, int start) {
        SqlFilter where = SubscriptionRepository.sqlFilter(f);
        String counter = f.company() == null ? SubscriptionRepository.LIST : SubscriptionRepository.COMPANY_LIST;
        Object scope = f.company() == null ? f.partner() : f.partner() + "/" + f.company();
        return new ListsBench.Query(list, what, path, deep, withTotal(SubscriptionRepository.pageSql(where, start, SIZE),
                "from subscription s", where, counter, scope));
    }

    private static ListsBench.Query query(String list, String what, String path, boolean deep, InvoiceRepository.Filter f,
            boolean ascending, int start) {
        SqlFilter where = InvoiceRepository.sqlFilter(f);
        String counter = f.user() != null ? InvoiceRepository.USER_LIST
                : f.company() != null ? InvoiceRepository.COMPANY_LIST : InvoiceRepository.LIST;
        Object scope = f.user() != null ? f.partner() + "/" + f.company() + "/" + f.user()
                : f.company() != null ? f.partner() + "/" + f.company() : f.partner();
        return new ListsBench.Query(list, what, path, deep, withTotal(InvoiceRepository.pageSql(where,
                InvoiceSortField.INVOICE_ID, ascending, start, SIZE), "from invoice i", where, counter, scope));
    }

    private static ListsBench.Query query(String list, String what, String path, boolean deep, PaymentRepository.Filter f,
            int start) {
        SqlFilter where = PaymentRepository.sqlFilter(f);
        return new ListsBench.Query(list, what, path, deep, withTotal(PaymentRepository.pageSql(where,
                PaymentSortField.PAYMENT_ID, true, start, SIZE), "from payment p", where, PaymentRepository.LIST,
                f.invoiceId()));
    }

    private static ListsBench.Query discounts(String partner, String what, String path, boolean deep, String code, int start) {
        SqlFilter where = DiscountRepository.sqlFilter(partner, code);
        return new ListsBench.Query("discounts", what, path, deep, withTotal(DiscountRepository.pageSql(where,
                DiscountSortField.CREATED_ON, true, start, SIZE), "from discount d", where, DiscountRepository.LIST,
                partner));
    }

    private static ListsBench.Query rates(String partner, String what, String path, boolean deep, String base,
            PageRequest page) {
        SqlFilter where = ExchangeRateRepository.sqlFilter(new ExchangeRateRepository.Filter(partner, base, null));
        return new ListsBench.Query("exch. rates", what, path, deep, withTotal(ExchangeRateRepository.pageSql(where,
                ExchangeRateSortField.VALID_FROM, false, page.offset(), page.size()), "from exchange_rate r", where,
                ExchangeRateRepository.LIST, partner));
    }

    private static InvoiceRepository.Filter invoices(String partner, UUID company, UUID user, InvoiceStatus status) {
        return new InvoiceRepository.Filter(partner, company, user, status, null, null, false, BuyerRole.ALL);
    }

    /** The page's SQL and the total's: the counter of an unfiltered list, the capped count of a filtered one. */
    private static List<ListsBench.Sql> withTotal(String pageSql, String from, SqlFilter where, String list, Object scope) {
        ListsBench.Sql page = new ListsBench.Sql("page", pageSql, where.params());
        ListsBench.Sql total = where.narrowed()
                ? new ListsBench.Sql("total (capped count)",
                        Total.cappedCountSql("select 1 " + from + " where " + where.where()), where.params())
                : new ListsBench.Sql("total (counter)", "select n from list_counter where list = ?1 and scope = ?2",
                        List.of(list, scope.toString()));
        return List.of(page, total);
    }

    /** The uuid the seed gives a row: PostgreSQL's {@code md5('<partner>-<name>')::uuid}. */
    static UUID seeded(String partner, String name) {
        try {
            String hex = HexFormat.of().formatHex(MessageDigest.getInstance("MD5")
                    .digest((partner + "-" + name).getBytes(StandardCharsets.UTF_8)));
            return UUID.fromString(hex.substring(0, 8) + "-" + hex.substring(8, 12) + "-" + hex.substring(12, 16) + "-"
                    + hex.substring(16, 20) + "-" + hex.substring(20));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
