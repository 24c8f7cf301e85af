-- Seeds every list of account-service with :rows rows of its kind in marketplace :partner (companies and users across
-- the marketplace; memberships, groups, invitations and activities in its company :company), plus a tenth as many
-- companies and users in another marketplace beside them. Used by ListPlansTest and bench/lists. Triggers are off
-- while seeding (session_replication_role = replica), so the list counters and the memberships' copies of their
-- users' sort keys are written here directly.
-- Names, emails and text come from the vocabularies QueryPlans defines first (libs/testkit, vocabulary.sql).
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
