-- Lists at marketplace scale (issue #29): every list orders by an index that ends with the id as tie-breaker and that
-- answers its page alone (deep pages included), "contains" filters use the trigram index of V1 (lead_search_text), and
-- an unfiltered list reads its total from list_counter (db/common V0_5) instead of counting.

-- leads: the marketplace's view (PARTNER, CHANNEL_ADMIN, RESELLER_MANAGER) lists every lead that is neither deleted nor
-- manual, plus the caller's own manual leads. The ordering indexes carry what that predicate reads, so that a page is
-- chosen by an index-only scan; the company name is sorted on a stored lower-case copy for the same reason.
alter table lead add column sort_company_name text generated always as (lower(customer_company_name)) stored;
alter table lead add column marketplace_listed boolean
    generated always as (status <> 'DELETED' and lead_type <> 'MANUAL') stored;
drop index lead_partner_created;
drop index lead_partner_company_name;
create index lead_list_created on lead (partner, created_on, id) include (lead_type, creator_company, creator_user)
    where status <> 'DELETED';
create index lead_list_company_name on lead (partner, sort_company_name, id)
    include (lead_type, creator_company, creator_user) where status <> 'DELETED';
-- the status filter in both orders (V1's lead_partner_status_created serves the date order)
create index lead_list_status_company_name on lead (partner, status, sort_company_name, id);
-- the marketplace's count: leads neither deleted nor manual (the caller's own manual leads are counted beside it)
create trigger lead_list_counter after insert or delete or update of partner, status, lead_type on lead
    for each row execute function list_counter_track('leads', 'partner', 'marketplace_listed', 'false');
insert into list_counter (list, scope, n)
    select 'leads', partner, count(*) from lead where marketplace_listed group by partner
    on conflict (list, scope) do update set n = excluded.n;

-- a lead's activities (index lead_activity_lead_created of V1 orders them)
create trigger lead_activity_list_counter after insert or delete or update of lead_id on lead_activity
    for each row execute function list_counter_track('lead-activities', 'lead_id');
insert into list_counter (list, scope, n)
    select 'lead-activities', lead_id::text, count(*) from lead_activity group by lead_id
    on conflict (list, scope) do update set n = excluded.n;
