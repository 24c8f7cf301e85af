-- Seeds every list of account-service with :rows rows of its kind in marketplace :partner (companies and users across
-- the marketplace; memberships, groups, invitations and activities in its company :company), plus a tenth as many
-- companies and users in another marketplace beside them. Used by ListPlansTest and bench/lists. Triggers are off
-- while seeding (session_replication_role = replica), so the list counters and the memberships' copies of their
-- users' sort keys are written here directly.
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

insert into company (uuid, partner, name, vendor, created_on, last_modified)
select md5(':partner-company-' || i)::uuid, ':partner', pg_temp.company_name(i), i % 10 = 0,
       now() - make_interval(secs => i), now() - make_interval(secs => i)
from generate_series(1, :rows) i;
insert into company (uuid, partner, name, created_on, last_modified)
select md5(':partner-other-company-' || i)::uuid, ':partner-OTHER', 'Bulk Company ' || md5(i::text), now(), now()
from generate_series(1, :rows / 10) i;
insert into company (uuid, partner, name, created_on, last_modified)
values (':company'::uuid, ':partner', 'Bulk Members Inc', now(), now());

insert into app_user (uuid, partner, email, first_name, last_name, status, created_on, last_modified)
select md5(':partner-user-' || i)::uuid, ':partner', pg_temp.email(i), pg_temp.first_name(i), pg_temp.last_name(i), 'ACTIVE',
       now() - make_interval(secs => i), now() - make_interval(secs => i)
from generate_series(1, :rows) i;
insert into app_user (uuid, partner, email, status, created_on, last_modified)
select md5(':partner-other-user-' || i)::uuid, ':partner-OTHER', 'other' || i || '@bulk.example', 'ACTIVE', now(), now()
from generate_series(1, :rows / 10) i;

insert into membership (uuid, company_uuid, user_uuid, roles, enabled, status, created_on, user_status,
                        user_sort_first_name, user_sort_last_name, user_search)
select md5(':partner-membership-' || i)::uuid, ':company'::uuid, u.uuid, 'ROLE_USER', true, 'ACTIVE',
       now() - make_interval(secs => i), u.status, u.sort_first_name, u.sort_last_name, u.search_name || ' ' || u.sort_email
from generate_series(1, :rows) i join app_user u on u.uuid = md5(':partner-user-' || i)::uuid;

insert into company_group (uuid, company_uuid, name, description, created_on, last_modified)
-- a group is named by a word and a department (the pair recurs every 39,992 rows: 25 groups of a million share it) and
-- its number (a company's group names are unique)
select md5(':partner-group-' || i)::uuid, ':company'::uuid,
       initcap(pg_temp.word(400000 + i % 4999)) || ' ' ||
       (array['Sales', 'Support', 'Engineering', 'Partners', 'Admins', 'Finance', 'Operations', 'Marketing'])[i % 8 + 1]
           || ' ' || i,
       (array['Regional team', 'Project group', 'Approvers', 'Buyers', 'Managers'])[i % 5 + 1],
       now() - make_interval(secs => i), now()
from generate_series(1, :rows) i;

insert into invitation (uuid, company_uuid, email, role, token, status, created_on, last_modified, expires_on)
-- invitees are people too, further along the vocabularies than the users
select md5(':partner-invitation-' || i)::uuid, ':company'::uuid, pg_temp.email(5000000 + i),
       'USER', md5(':partner-token-' || i), 'PENDING', now() - make_interval(secs => i), now(), now() + interval '30 days'
from generate_series(1, :rows) i;

insert into activity (uuid, company_uuid, verb, actor_uuid, actor_name, origin, created_on)
select md5(':partner-activity-' || i)::uuid, ':company'::uuid, 'USER_ADDED', md5(':partner-user-' || (i % 1000 + 1))::uuid,
       'Bulk Actor', 'API', now() - make_interval(secs => i)
from generate_series(1, :rows) i;

insert into list_counter (list, scope, n) values
    ('companies', ':partner', :rows + 1), ('companies', ':partner-OTHER', :rows / 10),
    ('users', ':partner', :rows), ('users', ':partner-OTHER', :rows / 10),
    ('memberships', ':company', :rows), ('groups', ':company', :rows),
    ('invitations', ':company', :rows), ('activities', ':company', :rows)
on conflict (list, scope) do update set n = excluded.n;

set session_replication_role = origin;
analyze company;
analyze app_user;
analyze membership;
analyze company_group;
analyze invitation;
analyze activity;
