-- Lists at marketplace scale: every list orders by an index that ends with a unique tie-breaker, reads deep pages
-- through an index-only inner select, answers "contains" filters from trigram indexes, and reads the total of an
-- unfiltered list from list_counter (db/common V0_5) instead of counting.
create extension if not exists pg_trgm;

-- companies: ordered by lower(name); a stored copy of it lets the index answer the order without the row
alter table company add column sort_name text generated always as (lower(name)) stored;
drop index company_partner_name;
create index company_list on company (partner, sort_name, uuid);
create index company_name_trgm on company using gin (sort_name gin_trgm_ops);
create index company_partner_vendor on company (partner, vendor, sort_name, uuid);
create index company_custom_attribute_company on company_custom_attribute (company_uuid, name, value);
create trigger company_list_counter after insert or delete or update of partner on company
    for each row execute function list_counter_track('companies', 'partner');
insert into list_counter (list, scope, n) select 'companies', partner, count(*) from company group by partner;

-- users (REST and GraphQL): every sort field, deleted users never listed
alter table app_user add column sort_email text generated always as (lower(email)) stored;
alter table app_user add column sort_first_name text generated always as (lower(first_name)) stored;
alter table app_user add column sort_last_name text generated always as (lower(last_name)) stored;
alter table app_user add column search_name text
    generated always as (lower(coalesce(first_name, '') || ' ' || coalesce(last_name, ''))) stored;
drop index app_user_partner_modified;
create index app_user_list_created on app_user (partner, created_on, uuid) where status <> 'DELETED';
create index app_user_list_modified on app_user (partner, last_modified, uuid) where status <> 'DELETED';
create index app_user_list_email on app_user (partner, sort_email, uuid) where status <> 'DELETED';
create index app_user_list_first_name on app_user (partner, sort_first_name, uuid) where status <> 'DELETED';
create index app_user_list_last_name on app_user (partner, sort_last_name, uuid) where status <> 'DELETED';
-- names are optional and users without one come last in both directions, so descending orders have their own index
create index app_user_list_first_name_desc on app_user (partner, sort_first_name desc nulls last, uuid desc)
    where status <> 'DELETED';
create index app_user_list_last_name_desc on app_user (partner, sort_last_name desc nulls last, uuid desc)
    where status <> 'DELETED';
create index app_user_username on app_user (partner, coalesce(username, email));
create index app_user_name_trgm on app_user using gin (search_name gin_trgm_ops);
create index app_user_email_trgm on app_user using gin (sort_email gin_trgm_ops);
create trigger app_user_list_counter after insert or delete or update of partner, status on app_user
    for each row execute function list_counter_track('users', 'partner', 'status', 'DELETED');
insert into list_counter (list, scope, n)
    select 'users', partner, count(*) from app_user where status <> 'DELETED' group by partner;

-- memberships of a company: the user's sort keys and status are copied onto the membership (kept by triggers), so
-- that a company with a million members is listed from one index in any order
alter table membership add column user_status varchar(16);
alter table membership add column user_sort_first_name text;
alter table membership add column user_sort_last_name text;
alter table membership add column user_search text;
update membership m set user_status = u.status, user_sort_first_name = u.sort_first_name,
    user_sort_last_name = u.sort_last_name, user_search = u.search_name || ' ' || u.sort_email
    from app_user u where u.uuid = m.user_uuid;

create function membership_copy_user() returns trigger language plpgsql as $$
begin
    select u.status, u.sort_first_name, u.sort_last_name, u.search_name || ' ' || u.sort_email
        into NEW.user_status, NEW.user_sort_first_name, NEW.user_sort_last_name, NEW.user_search
        from app_user u where u.uuid = NEW.user_uuid;
    return NEW;
end $$;
create trigger membership_copy_user before insert or update of user_uuid on membership
    for each row execute function membership_copy_user();

create function app_user_copy_to_memberships() returns trigger language plpgsql as $$
begin
    update membership set user_status = NEW.status, user_sort_first_name = NEW.sort_first_name,
        user_sort_last_name = NEW.sort_last_name, user_search = NEW.search_name || ' ' || NEW.sort_email
        where user_uuid = NEW.uuid;
    return null;
end $$;
create trigger app_user_copy_to_memberships after update of status, first_name, last_name, email on app_user
    for each row execute function app_user_copy_to_memberships();

create index membership_list_created on membership (company_uuid, created_on, uuid);
create index membership_list_first_name on membership (company_uuid, user_sort_first_name, uuid);
create index membership_list_last_name on membership (company_uuid, user_sort_last_name, uuid);
create index membership_list_first_name_desc on membership (company_uuid, user_sort_first_name desc nulls last, uuid desc);
create index membership_list_last_name_desc on membership (company_uuid, user_sort_last_name desc nulls last, uuid desc);
create index membership_search_trgm on membership using gin (user_search gin_trgm_ops);
create trigger membership_list_counter after insert or delete or update of company_uuid on membership
    for each row execute function list_counter_track('memberships', 'company_uuid');
insert into list_counter (list, scope, n) select 'memberships', company_uuid, count(*) from membership group by company_uuid;

-- groups of a company
alter table company_group add column sort_name text generated always as (lower(name)) stored;
alter table company_group add column search_text text
    generated always as (lower(name || ' ' || coalesce(description, ''))) stored;
create index company_group_list_created on company_group (company_uuid, created_on, uuid);
create index company_group_list_name on company_group (company_uuid, sort_name, uuid);
create index company_group_search_trgm on company_group using gin (search_text gin_trgm_ops);
create trigger company_group_list_counter after insert or delete or update of company_uuid on company_group
    for each row execute function list_counter_track('groups', 'company_uuid');
insert into list_counter (list, scope, n) select 'groups', company_uuid, count(*) from company_group group by company_uuid;

-- invitations of a company (revoked ones are not listed)
alter table invitation add column sort_email text generated always as (lower(email)) stored;
create index invitation_list on invitation (company_uuid, created_on, uuid) where status <> 'REVOKED';
create index invitation_list_inviter on invitation (company_uuid, inviter_uuid, created_on, uuid) where status <> 'REVOKED';
create index invitation_email_trgm on invitation using gin (sort_email gin_trgm_ops);
create trigger invitation_list_counter after insert or delete or update of company_uuid, status on invitation
    for each row execute function list_counter_track('invitations', 'company_uuid', 'status', 'REVOKED');
insert into list_counter (list, scope, n)
    select 'invitations', company_uuid, count(*) from invitation where status <> 'REVOKED' group by company_uuid;

-- activities of a company (the "everyone" list; ONLY_ME filters by the acting user)
drop index activity_company;
create index activity_list on activity (company_uuid, created_on, uuid);
create index activity_list_actor on activity (company_uuid, actor_uuid, created_on, uuid);
create index activity_list_subject on activity (company_uuid, subject_uuid, created_on, uuid);
create trigger activity_list_counter after insert or delete or update of company_uuid on activity
    for each row execute function list_counter_track('activities', 'company_uuid');
insert into list_counter (list, scope, n) select 'activities', company_uuid, count(*) from activity group by company_uuid;
