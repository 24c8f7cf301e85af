-- Seeds every list of lead-service with :rows rows of its kind in marketplace :partner, plus a tenth as many beside them
-- in another marketplace: leads (mostly product and company-profile leads, 1 in 50 manual, 1 in 100 deleted, 1 in 7
-- assigned; company-profile leads spread over 100 reseller companies), and the activities of lead :company (the seed
-- takes account's parameters: partner, company, rows). Used by ListPlansTest and bench/lists. Triggers are off while
-- seeding (session_replication_role = replica), so the list counters are written here directly.
-- Names, emails and text come from the vocabularies QueryPlans defines first (libs/testkit, vocabulary.sql).
set session_replication_role = replica;

insert into lead (id, partner, lead_type, status, customer_company_name, contact_first_name, contact_last_name,
                  contact_email, creator_context, creator_user, creator_company, referrer_type, recipient_type,
                  recipient_company, profile_company, created_on, last_modified)
select md5(':partner-lead-' || i)::uuid, ':partner',
       case when i % 50 = 0 then 'MANUAL' when i % 3 = 0 then 'COMPANY' else 'PRODUCT' end,
       case when i % 100 = 0 then 'DELETED' when i % 7 = 0 then 'ASSIGNED' else 'SUBMITTED' end,
       pg_temp.company_name(i), pg_temp.first_name(i), pg_temp.last_name(i), pg_temp.email(i), 'RESELLER',
       md5(':partner-user-' || (i % 1000 + 1))::uuid,
       md5(':partner-reseller-' || (i % 100 + 1))::uuid, 'CUSTOMER',
       case when i % 3 = 0 and i % 50 <> 0 then 'COMPANY' else 'CHANNEL' end,
       case when i % 3 = 0 and i % 50 <> 0 then md5(':partner-reseller-' || (i % 100 + 1))::uuid end,
       case when i % 3 = 0 and i % 50 <> 0 then md5(':partner-reseller-' || (i % 100 + 1))::uuid end,
       now() - make_interval(secs => i), now() - make_interval(secs => i)
from generate_series(1, :rows) i;
insert into lead (id, partner, lead_type, status, customer_company_name, contact_email, creator_context, referrer_type,
                  recipient_type, created_on, last_modified)
select md5(':partner-other-lead-' || i)::uuid, ':partner-OTHER', 'PRODUCT', 'SUBMITTED', 'Bulk Company ' || md5(i::text),
       'other' || i || '@bulk.example', 'ANONYMOUS', 'CUSTOMER', 'CHANNEL', now(), now()
from generate_series(1, :rows / 10) i;
insert into lead (id, partner, lead_type, status, customer_company_name, contact_email, creator_context, referrer_type,
                  recipient_type, created_on, last_modified)
values (':company'::uuid, ':partner', 'PRODUCT', 'SUBMITTED', 'Bulk Activities Inc', 'busy@bulk.example', 'ANONYMOUS',
        'CUSTOMER', 'CHANNEL', now(), now());

insert into lead_activity (id, lead_id, partner, verb, verb_context, actor_context, actor_user, created_on)
select md5(':partner-activity-' || i)::uuid, ':company'::uuid, ':partner', 'LEAD_UPDATED', 'MARKETPLACE', 'PARTNER',
       md5(':partner-user-' || (i % 1000 + 1))::uuid, now() - make_interval(secs => i)
from generate_series(1, :rows) i;
insert into lead_activity (id, lead_id, partner, verb, verb_context, actor_context, created_on)
select md5(':partner-other-activity-' || i)::uuid, md5(':partner-lead-' || (i % 1000 + 1))::uuid, ':partner',
       'LEAD_CREATED', 'MARKETPLACE', 'PARTNER', now() - make_interval(secs => i)
from generate_series(1, :rows / 10) i;

insert into list_counter (list, scope, n)
    select 'leads', partner, count(*) from lead where partner in (':partner', ':partner-OTHER') and marketplace_listed
    group by partner
on conflict (list, scope) do update set n = excluded.n;
insert into list_counter (list, scope, n)
    select 'lead-activities', lead_id::text, count(*) from lead_activity where partner = ':partner' group by lead_id
on conflict (list, scope) do update set n = excluded.n;

set session_replication_role = origin;
analyze lead;
analyze lead_activity;
