-- Seeds every list of reseller-service with :rows rows of its kind in marketplace :partner, plus a tenth as many
-- companies beside them in another marketplace: the reseller program's companies (every one reseller or referral, 1 in
-- 10 a vendor, 1 in 20 disabled), :rows users who are all members of reseller company :company (so both the company's
-- and the program's users lists hold :rows rows), and :rows customers associated with :company. Used by ListPlansTest
-- and bench/lists. Triggers are off while seeding (session_replication_role = replica), so the memberships' copies of
-- their users, the companies' active flags and the list counters are written here directly.
-- Names, emails and text come from the vocabularies QueryPlans defines first (libs/testkit, vocabulary.sql).
set session_replication_role = replica;

insert into directory_company (id, partner, external_id, name, enabled, vendor, reseller, referral, channel_admin,
                               created_on, source_version)
select md5(':partner-company-' || i)::uuid, ':partner', 'ext-' || i, pg_temp.company_name(i), i % 20 <> 0,
       i % 10 = 0, i % 2 = 0, i % 2 = 1, i % 100 = 0, now() - make_interval(secs => i), now()
from generate_series(1, :rows) i;
insert into directory_company (id, partner, name, reseller, created_on, source_version)
select md5(':partner-other-company-' || i)::uuid, ':partner-OTHER', 'Bulk Company ' || md5(i::text), true, now(), now()
from generate_series(1, :rows / 10) i;
insert into directory_company (id, partner, name, reseller, created_on, source_version)
values (':company'::uuid, ':partner', 'Bulk Reseller Inc', true, now(), now());

insert into directory_user (id, partner, email, first_name, last_name, status, created_on, source_version)
select md5(':partner-user-' || i)::uuid, ':partner', pg_temp.email(i),
       case when i % 10 <> 0 then pg_temp.first_name(i) end, pg_temp.last_name(i),
       case when i % 5 = 0 then 'PENDING' else 'ACTIVE' end, now() - make_interval(secs => i), now()
from generate_series(1, :rows) i;

insert into directory_membership (company_id, user_id, partner, roles, enabled, status, created_on, source_version,
                                  user_status, user_sort_email, user_sort_first_name, user_search, user_created_on,
                                  company_program)
select ':company'::uuid, u.id, ':partner', ',ROLE_USER,', true, 'ACTIVE', u.created_on, now(), u.status, lower(u.email),
       lower(u.first_name), directory_user_search(u), u.created_on, true
from directory_user u where u.partner = ':partner';
-- a company is active when one of its listed, enabled memberships has an active user (V3's triggers keep it)
update directory_company c set active = true
where c.partner = ':partner' and exists (select 1 from directory_membership m
                                         where m.company_id = c.id and m.listed and m.enabled and m.user_status = 'ACTIVE');

insert into company_association (id, partner, reseller_company_id, customer_company_id, origin, created_on)
select md5(':partner-association-' || i)::uuid, ':partner', ':company'::uuid, md5(':partner-company-' || i)::uuid,
       'ASSOCIATED', now() - make_interval(secs => i)
from generate_series(1, :rows) i;

insert into list_counter (list, scope, n)
    select 'company-users', company_id::text, count(*) from directory_membership where partner = ':partner' and listed
    group by company_id
on conflict (list, scope) do update set n = excluded.n;
insert into list_counter (list, scope, n)
    select 'program-users', partner, count(*) from directory_membership where partner = ':partner' and program_listed
    group by partner
on conflict (list, scope) do update set n = excluded.n;
insert into list_counter (list, scope, n)
    select 'reseller-associations', reseller_company_id::text, count(*) from company_association
    where partner = ':partner' group by reseller_company_id
on conflict (list, scope) do update set n = excluded.n;
insert into list_counter (list, scope, n)
    select 'customer-associations', customer_company_id::text, count(*) from company_association
    where partner = ':partner' group by customer_company_id
on conflict (list, scope) do update set n = excluded.n;

set session_replication_role = origin;
analyze directory_company;
analyze directory_user;
analyze directory_membership;
analyze company_association;
