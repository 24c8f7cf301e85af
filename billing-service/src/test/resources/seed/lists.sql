-- Seeds every list of billing-service with :rows rows of its kind in marketplace :partner: orders and invoices (all of
-- company :company, split between two of its users), the payments of one invoice (number 1), exchange rates and
-- discounts (one in fifty deleted); plus a tenth as many orders, invoices, rates and discounts in another marketplace
-- beside them. Used by ListPlansTest and bench/lists. Ids and numbers start high so that they never meet those the
-- service hands out. Triggers are off while seeding (session_replication_role = replica), so the list counters are
-- written here directly, counted from what was inserted.
set session_replication_role = replica;

insert into subscription (id, order_id, partner, company_uuid, user_uuid, product_id, edition_id, edition_code, company,
                          buyer, status, created_on, last_modified)
select md5(':partner-order-' || i)::uuid, 1000000000 + i, ':partner', ':company'::uuid, md5(':partner-buyer-' || i % 2)::uuid,
       1000 + i % 50, 2000 + i % 50, 'BULK', '{}', '{}',
       (array['ACTIVE', 'ACTIVE', 'PENDING_REMOTE_CREATION', 'CANCELLED', 'FAILED'])[i % 5 + 1],
       now() - make_interval(secs => i), now() - make_interval(secs => i)
from generate_series(1, :rows) i;
insert into subscription (id, order_id, partner, company_uuid, user_uuid, product_id, edition_id, edition_code, company,
                          buyer, status, created_on, last_modified)
select md5(':partner-other-order-' || i)::uuid, 2000000000 + i, ':partner-OTHER', md5(':partner-other-company')::uuid,
       md5(':partner-other-buyer')::uuid, 1000, 2000, 'BULK', '{}', '{}', 'ACTIVE', now(), now()
from generate_series(1, :rows / 10) i;

insert into invoice (id, partner, invoice_number, company_uuid, user_uuid, currency, total, status, creation_date, due_date,
                     buyer_role, last_modified)
select md5(':partner-invoice-' || i)::uuid, ':partner', i, ':company'::uuid, md5(':partner-buyer-' || i % 2)::uuid, 'USD',
       case when i % 5 = 0 then 0 else i % 1000 + 1 end, (array['PAID', 'UNPAID', 'PAID', 'VOIDED'])[i % 4 + 1],
       now() - make_interval(secs => i), now() - make_interval(secs => i) + interval '14 days',
       case when i % 10 = 0 then 'RESELLER' else 'CUSTOMER' end, now()
from generate_series(1, :rows) i;
insert into invoice (id, partner, invoice_number, company_uuid, user_uuid, currency, total, status, creation_date, due_date,
                     buyer_role, last_modified)
select md5(':partner-other-invoice-' || i)::uuid, ':partner-OTHER', i, md5(':partner-other-company')::uuid,
       md5(':partner-other-buyer')::uuid, 'USD', 10, 'PAID', now(), now(), 'CUSTOMER', now()
from generate_series(1, :rows / 10) i;
insert into invoice_counter (partner, last_number) values (':partner', :rows), (':partner-OTHER', :rows / 10)
on conflict (partner) do update set last_number = greatest(invoice_counter.last_number, excluded.last_number);

insert into payment (id, partner, invoice_id, invoice_number, company_uuid, user_uuid, amount, currency, date, method, result)
select 1000000000 + i, ':partner', md5(':partner-invoice-1')::uuid, 1, ':company'::uuid, md5(':partner-buyer-1')::uuid,
       i % 1000 + 1, 'USD', now() - make_interval(secs => i),
       (array['CREDIT_CARD', 'CREDIT_CARD', 'MANUAL', 'PAYPAL'])[i % 4 + 1],
       (array['SUCCESSFUL', 'FAILED', 'SUCCESSFUL', 'GATEWAY_NOT_AVAILABLE'])[i % 4 + 1]
from generate_series(1, :rows) i;

insert into exchange_rate (uuid, partner, base_currency, counter_currency, rate, valid_from, active, created_on, last_modified)
select md5(':partner-rate-' || i)::uuid, ':partner', (array['EUR', 'GBP', 'JPY', 'CAD', 'CHF'])[i % 5 + 1],
       (array['USD', 'AUD'])[i % 2 + 1], 1 + (i % 1000) / 1000.0, now() - make_interval(secs => i), true, now(), now()
from generate_series(1, :rows) i;
insert into exchange_rate (uuid, partner, base_currency, counter_currency, rate, valid_from, active, created_on, last_modified)
select md5(':partner-other-rate-' || i)::uuid, ':partner-OTHER', 'EUR', 'USD', 1.1, now() - make_interval(secs => i), true,
       now(), now()
from generate_series(1, :rows / 10) i;

insert into discount (id, uuid, partner, code, description, type, percentage, application_id, auto_apply, retainable,
                      redemption_restriction, redemptions, start_date, expiration_date, created_on, last_modified, deleted_on)
select 1000000000 + i, md5(':partner-discount-' || i)::uuid, ':partner', 'BULK' || i, 'Bulk discount ' || i, 'PERCENTAGE', 10,
       case when i % 7 = 0 then null else 1000 + i % 500 end, false, false, 'NONE', i % 100,
       case when i % 3 = 0 then null else now() - make_interval(secs => i) end,
       case when i % 4 = 0 then null else now() + make_interval(secs => i) end,
       now() - make_interval(secs => i), now(), case when i % 50 = 0 then now() end
from generate_series(1, :rows) i;
insert into discount (id, uuid, partner, code, description, type, percentage, auto_apply, retainable,
                      redemption_restriction, created_on, last_modified)
select 1500000000 + i, md5(':partner-other-discount-' || i)::uuid, ':partner-OTHER', 'BULK' || i, 'Other discount', 'PERCENTAGE',
       10, false, false, 'NONE', now(), now()
from generate_series(1, :rows / 10) i;

insert into list_counter (list, scope, n)
select 'orders', partner, count(*) from subscription where partner in (':partner', ':partner-OTHER') group by partner
union all
select 'company-orders', company_scope, count(*) from subscription where partner in (':partner', ':partner-OTHER')
group by company_scope
union all
select 'invoices', partner, count(*) from invoice where partner in (':partner', ':partner-OTHER') group by partner
union all
select 'company-invoices', company_scope, count(*) from invoice where partner in (':partner', ':partner-OTHER')
group by company_scope
union all
select 'user-invoices', buyer_scope, count(*) from invoice where partner in (':partner', ':partner-OTHER')
group by buyer_scope
union all
select 'payments', invoice_id::text, count(*) from payment where partner = ':partner' group by invoice_id
union all
select 'exchange-rates', partner, count(*) from exchange_rate where partner in (':partner', ':partner-OTHER')
group by partner
union all
select 'discounts', partner, count(*) from discount where partner in (':partner', ':partner-OTHER') and deleted_on is null
group by partner
on conflict (list, scope) do update set n = excluded.n;

set session_replication_role = origin;
analyze subscription;
analyze invoice;
analyze payment;
analyze exchange_rate;
analyze discount;
