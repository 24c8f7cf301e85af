package dev.marketplace.billing;

import static dev.marketplace.billing.BillingFixtures.sql;

import java.util.UUID;

/**
 * Rows of every billing list written straight into the database for list tests (with the triggers on, so the list
 * counters follow as they do for rows the API writes). Ids and numbers are drawn far from those the service hands out.
 */
final class ListRows {
    private ListRows() {
    }

    /** {@code n} orders of {@code user} in {@code company}, {@code status}; order ids from {@code firstOrderId}. */
    static void orders(String partner, UUID company, UUID user, int n, String status, long firstOrderId) {
        sql("insert into subscription (id, order_id, partner, company_uuid, user_uuid, product_id, edition_id, edition_code,"
                + " company, buyer, status, created_on, last_modified) select gen_random_uuid(), ? + i, ?, ?, ?, 1, 2, 'E',"
                + " '{}', '{}', ?, now(), now() from generate_series(0, ? - 1) i", firstOrderId, partner, company, user, status,
                n);
    }

    /** {@code n} invoices of {@code user} in {@code company}, numbered from {@code firstNumber}, {@code total} each. */
    static void invoices(String partner, UUID company, UUID user, int n, String status, int total, long firstNumber) {
        sql("insert into invoice (id, partner, invoice_number, company_uuid, user_uuid, currency, total, status, creation_date,"
                + " due_date, buyer_role, last_modified) select gen_random_uuid(), ?, ? + i, ?, ?, 'USD', ?, ?,"
                + " now() - make_interval(secs => i), now(), 'CUSTOMER', now() from generate_series(0, ? - 1) i", partner,
                firstNumber, company, user, total, status, n);
    }

    /** {@code n} payments of invoice {@code number} of {@code partner}, {@code result} each. */
    static void payments(String partner, long number, int n, String result) {
        sql("insert into payment (id, partner, invoice_id, invoice_number, company_uuid, user_uuid, amount, currency, date,"
                + " method, result) select nextval('payment_id_seq'), i.partner, i.id, i.invoice_number, i.company_uuid,"
                + " i.user_uuid, 1, 'USD', now(), 'CREDIT_CARD', ? from invoice i, generate_series(1, ?)"
                + " where i.partner = ? and i.invoice_number = ?", result, n, partner, number);
    }

    /** {@code n} discounts coded {@code prefix<i>}. */
    static void discounts(String partner, String prefix, int n) {
        sql("insert into discount (id, uuid, partner, code, description, type, percentage, auto_apply, retainable,"
                + " redemption_restriction, created_on, last_modified) select nextval('discount_id_seq'), gen_random_uuid(), ?,"
                + " ? || i, 'Listed', 'PERCENTAGE', 10, false, false, 'NONE', now(), now() from generate_series(1, ?) i",
                partner, prefix, n);
    }

    /** {@code n} rates of base {@code base} to counter {@code counter}. */
    static void rates(String partner, String base, String counter, int n) {
        sql("insert into exchange_rate (uuid, partner, base_currency, counter_currency, rate, valid_from, active, created_on,"
                + " last_modified) select gen_random_uuid(), ?, ?, ?, 1.5, now() - make_interval(secs => i), true, now(), now()"
                + " from generate_series(1, ?) i", partner, base, counter, n);
    }
}
