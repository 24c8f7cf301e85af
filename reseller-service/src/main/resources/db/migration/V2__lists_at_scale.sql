-- Lists at marketplace scale (issue #29): every list orders by an index that ends with a unique tie-breaker and answers
-- its page alone (deep pages included), "contains" filters use trigram indexes, and an unfiltered list reads its total
-- from list_counter (db/common V0_5) instead of counting.

-- companies (GET /companies, a manager's view): the reseller program, not removed. The ordering indexes carry the
-- flags the list filters on, so a filtered page is still chosen from the index alone.
drop index directory_company_program_created;
drop index directory_company_program_id;
create index directory_company_program_list on directory_company (partner, created_on, id)
    include (enabled, vendor, reseller, channel_admin) where (reseller or referral) and not deleted;
create index directory_company_program_list_id on directory_company (partner, id)
    include (enabled, vendor, reseller, channel_admin) where (reseller or referral) and not deleted;

-- users (GET /users, one row per membership): a membership carries a copy of its user's sort keys, search text,
-- status and creation time, and whether its company is in the reseller program (kept by triggers below), so that a
-- company or a marketplace with a million members is listed in any order from one index, without a join.
alter table directory_membership add column user_status varchar(16);
alter table directory_membership add column user_sort_email text;
alter table directory_membership add column user_sort_first_name text;
alter table directory_membership add column user_search text;
alter table directory_membership add column user_created_on timestamptz;
alter table directory_membership add column company_program boolean not null default false;
-- listed: not removed, and its user known and not removed
alter table directory_membership add column listed boolean
    generated always as (not deleted and coalesce(user_status, 'DELETED') <> 'DELETED') stored;
alter table directory_membership add column program_listed boolean
    generated always as (not deleted and coalesce(user_status, 'DELETED') <> 'DELETED' and company_program) stored;

-- what searchText matches: email, first or last name (a newline between them: no term spans two of them)
create function directory_user_search(u directory_user) returns text language sql immutable as $$
    select lower(coalesce(u.email, '') || E'\n' || coalesce(u.first_name, '') || E'\n' || coalesce(u.last_name, ''))
$$;

create function directory_membership_copy() returns trigger language plpgsql as $$
begin
    select u.status, lower(u.email), lower(u.first_name), directory_user_search(u), u.created_on
        into NEW.user_status, NEW.user_sort_email, NEW.user_sort_first_name, NEW.user_search, NEW.user_created_on
        from directory_user u where u.id = NEW.user_id;
    NEW.company_program := coalesce((select (c.reseller or c.referral) and not c.deleted from directory_company c
        where c.id = NEW.company_id), false);
    return NEW;
end $$;
create trigger directory_membership_copy before insert or update of user_id, company_id on directory_membership
    for each row execute function directory_membership_copy();

create function directory_user_copy_to_memberships() returns trigger language plpgsql as $$
begin
    update directory_membership set user_status = NEW.status, user_sort_email = lower(NEW.email),
        user_sort_first_name = lower(NEW.first_name), user_search = directory_user_search(NEW),
        user_created_on = NEW.created_on
        where user_id = NEW.id;
    return null;
end $$;
create trigger directory_user_copy_to_memberships
    after insert or update of status, email, first_name, last_name, created_on on directory_user
    for each row execute function directory_user_copy_to_memberships();

create function directory_company_copy_to_memberships() returns trigger language plpgsql as $$
begin
    update directory_membership set company_program = (NEW.reseller or NEW.referral) and not NEW.deleted
        where company_id = NEW.id and company_program <> ((NEW.reseller or NEW.referral) and not NEW.deleted);
    return null;
end $$;
create trigger directory_company_copy_to_memberships
    after insert or update of reseller, referral, deleted on directory_company
    for each row execute function directory_company_copy_to_memberships();

update directory_membership m set user_status = u.status, user_sort_email = lower(u.email),
    user_sort_first_name = lower(u.first_name), user_search = directory_user_search(u), user_created_on = u.created_on
    from directory_user u where u.id = m.user_id;
update directory_membership m set company_program = (c.reseller or c.referral) and not c.deleted
    from directory_company c where c.id = m.company_id;

-- a company's members (companyId), in each order (partner included: the list checks it, index-only)
create index directory_membership_company_email on directory_membership (company_id, user_sort_email, user_id)
    include (partner) where listed;
create index directory_membership_company_first_name on directory_membership (company_id, user_sort_first_name, user_id)
    include (partner) where listed;
-- names are optional and members without one come last in both directions
create index directory_membership_company_first_name_desc
    on directory_membership (company_id, user_sort_first_name desc nulls last, user_id desc) include (partner)
    where listed;
create index directory_membership_company_user on directory_membership (company_id, user_id) include (partner)
    where listed;
-- the reseller program's members (a manager's view), in each order
create index directory_membership_program_email
    on directory_membership (partner, user_sort_email, user_id, company_id) where program_listed;
create index directory_membership_program_first_name
    on directory_membership (partner, user_sort_first_name, user_id, company_id) where program_listed;
create index directory_membership_program_first_name_desc
    on directory_membership (partner, user_sort_first_name desc nulls last, user_id desc, company_id desc)
    where program_listed;
create index directory_membership_program_company
    on directory_membership (partner, company_id, user_id) where program_listed;
-- not partial: both scopes' predicates (listed, program_listed) use it
create index directory_membership_search_trgm on directory_membership using gin (user_search gin_trgm_ops);
-- the status filter (active) and the creation-date filter, in both scopes
create index directory_membership_company_status
    on directory_membership (company_id, user_status, user_sort_email, user_id) include (partner) where listed;
create index directory_membership_program_status
    on directory_membership (partner, user_status, user_sort_email, user_id, company_id) where program_listed;
create index directory_membership_company_created
    on directory_membership (company_id, user_created_on, user_id) include (partner) where listed;
create index directory_membership_program_created
    on directory_membership (partner, user_created_on, user_id, company_id) where program_listed;

create trigger directory_membership_company_counter
    after insert or delete or update of company_id, deleted, user_status on directory_membership
    for each row execute function list_counter_track('company-users', 'company_id', 'listed', 'false');
create trigger directory_membership_program_counter
    after insert or delete or update of partner, deleted, user_status, company_program on directory_membership
    for each row execute function list_counter_track('program-users', 'partner', 'program_listed', 'false');
insert into list_counter (list, scope, n)
    select 'company-users', company_id::text, count(*) from directory_membership where listed group by company_id
    on conflict (list, scope) do update set n = excluded.n;
insert into list_counter (list, scope, n)
    select 'program-users', partner, count(*) from directory_membership where program_listed group by partner
    on conflict (list, scope) do update set n = excluded.n;

-- associations of a company (the list names the reseller or the customer); partner first, as the list's predicate
drop index company_association_reseller_created;
drop index company_association_customer_created;
drop index company_association_reseller_id;
drop index company_association_customer_id;
create index company_association_reseller_created
    on company_association (partner, reseller_company_id, created_on, id) include (customer_company_id);
create index company_association_customer_created
    on company_association (partner, customer_company_id, created_on, id) include (reseller_company_id);
create index company_association_reseller_id on company_association (partner, reseller_company_id, id);
create index company_association_customer_id on company_association (partner, customer_company_id, id);
create trigger company_association_reseller_counter
    after insert or delete or update of reseller_company_id on company_association
    for each row execute function list_counter_track('reseller-associations', 'reseller_company_id');
create trigger company_association_customer_counter
    after insert or delete or update of customer_company_id on company_association
    for each row execute function list_counter_track('customer-associations', 'customer_company_id');
insert into list_counter (list, scope, n)
    select 'reseller-associations', reseller_company_id::text, count(*) from company_association
    group by reseller_company_id
    on conflict (list, scope) do update set n = excluded.n;
insert into list_counter (list, scope, n)
    select 'customer-associations', customer_company_id::text, count(*) from company_association
    group by customer_company_id
    on conflict (list, scope) do update set n = excluded.n;
