-- Lists at marketplace scale: every list orders by an index that ends with a unique tie-breaker and carries the row's
-- primary key (include), so that the page's narrow id select is an index-only scan even for deep pages; every filter a
-- list takes has an index; the total of an unfiltered list is read from list_counter (db/common V0_5) instead of
-- counted. No billing list has a "contains" filter (discount codes are matched exactly), so no trigram index here.
-- Counter scopes always start with the partner: a company id guessed by another marketplace must count nothing.

-- orders (subscriptions): the marketplace's, a company's (companyId), by status; and a buyer's subscriptions
alter table subscription add column company_scope text generated always as (partner || '/' || company_uuid::text) stored;
drop index subscription_partner;
create index subscription_list on subscription (partner, order_id) include (id);
create index subscription_list_company on subscription (partner, company_uuid, order_id) include (id);
create index subscription_list_status on subscription (partner, status, order_id) include (id);
create index subscription_list_company_status on subscription (partner, company_uuid, status, order_id) include (id);
create index subscription_list_buyer on subscription (partner, company_uuid, user_uuid, order_id) include (id);
create trigger subscription_list_counter after insert or delete or update of partner on subscription
    for each row execute function list_counter_track('orders', 'partner');
create trigger subscription_company_list_counter after insert or delete or update of partner, company_uuid on subscription
    for each row execute function list_counter_track('company-orders', 'company_scope');
insert into list_counter (list, scope, n) select 'orders', partner, count(*) from subscription group by partner;
insert into list_counter (list, scope, n)
    select 'company-orders', company_scope, count(*) from subscription group by company_scope;

-- a subscription's assignments, oldest first (id breaks ties)
create index subscription_assignment_list on subscription_assignment (subscription_id, created_on, id);

-- invoices: the marketplace's, a company's and a company user's, each sortable by number, date and total
alter table invoice add column company_scope text generated always as (partner || '/' || company_uuid::text) stored;
alter table invoice add column buyer_scope text
    generated always as (partner || '/' || company_uuid::text || '/' || user_uuid::text) stored;
drop index invoice_by_date;
drop index invoice_by_total;
drop index invoice_company;
drop index invoice_company_date;
drop index invoice_company_total;
drop index invoice_user;
create index invoice_list on invoice (partner, invoice_number) include (id);
create index invoice_list_date on invoice (partner, creation_date, invoice_number) include (id);
create index invoice_list_total on invoice (partner, total, invoice_number) include (id);
create index invoice_list_company on invoice (partner, company_uuid, invoice_number) include (id);
create index invoice_list_company_date on invoice (partner, company_uuid, creation_date, invoice_number) include (id);
create index invoice_list_company_total on invoice (partner, company_uuid, total, invoice_number) include (id);
create index invoice_list_user on invoice (partner, company_uuid, user_uuid, invoice_number) include (id);
create index invoice_list_user_date on invoice (partner, company_uuid, user_uuid, creation_date, invoice_number) include (id);
create index invoice_list_user_total on invoice (partner, company_uuid, user_uuid, total, invoice_number) include (id);
-- the filters: status (every list), buyerRole (the marketplace's); dates use the date orderings above
create index invoice_list_status on invoice (partner, status, invoice_number) include (id);
create index invoice_list_company_status on invoice (partner, company_uuid, status, invoice_number) include (id);
create index invoice_list_buyer_role on invoice (partner, buyer_role, invoice_number) include (id);
-- excludeFree: the invoices that cost something (free ones may be most of a marketplace's)
create index invoice_list_not_free on invoice (partner, invoice_number) include (id) where total <> 0;
create trigger invoice_list_counter after insert or delete or update of partner on invoice
    for each row execute function list_counter_track('invoices', 'partner');
create trigger invoice_company_list_counter after insert or delete or update of partner, company_uuid on invoice
    for each row execute function list_counter_track('company-invoices', 'company_scope');
create trigger invoice_buyer_list_counter after insert or delete or update of partner, company_uuid, user_uuid on invoice
    for each row execute function list_counter_track('user-invoices', 'buyer_scope');
insert into list_counter (list, scope, n) select 'invoices', partner, count(*) from invoice group by partner;
insert into list_counter (list, scope, n)
    select 'company-invoices', company_scope, count(*) from invoice group by company_scope;
insert into list_counter (list, scope, n) select 'user-invoices', buyer_scope, count(*) from invoice group by buyer_scope;

-- payments of an invoice, sortable by id, date and amount; filtered by method and result
create index payment_list_date on payment (invoice_id, date, id);
create index payment_list_amount on payment (invoice_id, amount, id);
create index payment_list_method on payment (invoice_id, method, id);
create index payment_list_result on payment (invoice_id, result, id);
create trigger payment_list_counter after insert or delete or update of invoice_id on payment
    for each row execute function list_counter_track('payments', 'invoice_id');
insert into list_counter (list, scope, n) select 'payments', invoice_id::text, count(*) from payment group by invoice_id;

-- exchange rates: the one order a counterCurrency filter lacked (by base currency)
create index exchange_rate_by_counter_base on exchange_rate (partner, counter_currency, base_currency, valid_from, uuid);
create trigger exchange_rate_list_counter after insert or delete or update of partner on exchange_rate
    for each row execute function list_counter_track('exchange-rates', 'partner');
insert into list_counter (list, scope, n) select 'exchange-rates', partner, count(*) from exchange_rate group by partner;

-- discounts: the list orders nulls first ascending (nulls last descending), which an index in the default order
-- (nulls last) cannot answer; CHANNEL orders by the partner, constant within a list, so by id. Deleted discounts are
-- kept but never listed: "live" is what the counter's trigger can test.
alter table discount add column live boolean generated always as (deleted_on is null) stored;
drop index discount_by_created;
drop index discount_by_code;
drop index discount_by_application;
drop index discount_by_end;
drop index discount_by_start;
drop index discount_by_redemptions;
create index discount_list on discount (partner, id) where deleted_on is null;
create index discount_list_created on discount (partner, created_on nulls first, id) where deleted_on is null;
create index discount_list_code on discount (partner, code nulls first, id) where deleted_on is null;
create index discount_list_application on discount (partner, application_id nulls first, id) where deleted_on is null;
create index discount_list_end on discount (partner, expiration_date nulls first, id) where deleted_on is null;
create index discount_list_start on discount (partner, start_date nulls first, id) where deleted_on is null;
create index discount_list_redemptions on discount (partner, redemptions nulls first, id) where deleted_on is null;
-- the code filter (upper(code) = upper(?)) is answered by the unique index discount_code; the planner sees that it
-- matches one row only with statistics on the expression (a partial index's own are not used for estimates)
create statistics discount_upper_code on (upper(code)) from discount;
create trigger discount_list_counter after insert or delete or update of partner, deleted_on on discount
    for each row execute function list_counter_track('discounts', 'partner', 'live', 'false');
insert into list_counter (list, scope, n)
    select 'discounts', partner, count(*) from discount where deleted_on is null group by partner;
