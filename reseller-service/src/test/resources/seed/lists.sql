-- Seeds every list of reseller-service with :rows rows of its kind in marketplace :partner, plus a tenth as many
-- companies beside them in another marketplace: the reseller program's companies (every one reseller or referral, 1 in
-- 10 a vendor, 1 in 20 disabled), :rows users who are all members of reseller company :company (so both the company's
-- and the program's users lists hold :rows rows), and :rows customers associated with :company. Used by ListPlansTest
-- and bench/lists. Triggers are off while seeding (session_replication_role = replica), so the memberships' copies of
-- their users and the list counters are written here directly.
-- The searchable text (names, emails, descriptions) is drawn from vocabularies, as real data's is. The seeds once gave
-- every row the same words ('Bulk Company ' || md5(i)): each trigram of a realistic term then occurred in every row, and
-- a "contains" filter read trigram posting lists of a million entries (65-100 ms at 1,000,000 rows for 11 matches).
-- pg_temp.word(n) is a pronounceable six-letter word drawn from md5(n), consonants and vowels alternating; each
-- vocabulary is a range of n (bench/lists computes its terms with the same formulas, SeedNames.java): company names
-- word(i % 4999) and word(5000 + i % 7993) (both primes: the two words are one row's alone for i up to 39,956,007),
-- first names word(100000 + i % 1999), last names word(200000 + i % 9973) (the pair one row's alone up to 19,936,027),
-- email domains word(300000 + i % 499). A few words of a range coincide, as real names do.
-- (one expression, so that the planner inlines it: a function with a FROM is called row by row, several times slower)
create or replace function pg_temp.word(n int) returns text language sql immutable as $$
    select translate(substr(md5(n::text), 1, 1), '0123456789abcdef', 'bcdfghjklmnprstv')
        || translate(substr(md5(n::text), 2, 1), '0123456789abcdef', 'aeiouaeiouaeioua')
        || translate(substr(md5(n::text), 3, 1), '0123456789abcdef', 'bcdfghjklmnprstv')
        || translate(substr(md5(n::text), 4, 1), '0123456789abcdef', 'aeiouaeiouaeioua')
        || translate(substr(md5(n::text), 5, 1), '0123456789abcdef', 'bcdfghjklmnprstv')
        || translate(substr(md5(n::text), 6, 1), '0123456789abcdef', 'aeiouaeiouaeioua')
$$;
create or replace function pg_temp.company_name(i int) returns text language sql immutable as $$
    select initcap(pg_temp.word(i % 4999)) || ' ' || initcap(pg_temp.word(5000 + i % 7993)) || ' '
           || (array['Inc', 'LLC', 'Ltd', 'Corp', 'GmbH', 'Group', 'Labs', 'Systems'])[i % 8 + 1]
$$;
create or replace function pg_temp.first_name(i int) returns text language sql immutable as $$
    select initcap(pg_temp.word(100000 + i % 1999))
$$;
create or replace function pg_temp.last_name(i int) returns text language sql immutable as $$
    select initcap(pg_temp.word(200000 + i % 9973))
$$;
-- first.last<i>@<domain>.example
create or replace function pg_temp.email(i int) returns text language sql immutable as $$
    select pg_temp.word(100000 + i % 1999) || '.' || pg_temp.word(200000 + i % 9973) || i || '@'
           || pg_temp.word(300000 + i % 499) || '.example'
$$;
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
