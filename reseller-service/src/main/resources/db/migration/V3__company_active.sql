-- A company is active when one of its memberships is listed, enabled and its user has activated their account (the
-- membership's copy of the user's status, kept by V2's triggers). The flag is kept on the company by the triggers
-- below, so that the companies list filters on it from an ordering index instead of probing every company walked
-- (1.3 s for a page of active=true at a million companies with one active, bench/lists).
alter table directory_company add column active boolean not null default false;

update directory_company c set active = true
    where exists (select 1 from directory_membership m
                  where m.company_id = c.id and m.listed and m.enabled and m.user_status = 'ACTIVE');

-- recompute company's flag after it may have lost its last active member. The company row is locked first, so that
-- concurrent changes of its memberships take their turn and each probe sees the others' committed changes; written
-- only when the value changes.
create function directory_company_active_recompute(company uuid) returns void language plpgsql as $$
declare
    now_active boolean;
begin
    perform 1 from directory_company where id = company for no key update;
    now_active := exists (select 1 from directory_membership m
                          where m.company_id = company and m.listed and m.enabled and m.user_status = 'ACTIVE');
    update directory_company set active = now_active where id = company and active <> now_active;
end $$;

-- a membership becoming active sets its company's flag (no probe needed); one ceasing to be active, or moving to another
-- company, recomputes its former company's. Nothing is done when the membership's activity does not change.
create function directory_membership_company_active() returns trigger language plpgsql as $$
declare
    was_active boolean := false;
    is_active boolean := false;
    moved boolean := false;
begin
    if TG_OP <> 'INSERT' then
        was_active := coalesce(OLD.listed and OLD.enabled and OLD.user_status = 'ACTIVE', false);
    end if;
    if TG_OP <> 'DELETE' then
        is_active := coalesce(NEW.listed and NEW.enabled and NEW.user_status = 'ACTIVE', false);
    end if;
    if TG_OP = 'UPDATE' then
        moved := OLD.company_id <> NEW.company_id;
    end if;
    if is_active and (not was_active or moved) then
        -- a share lock (gains do not wait for each other): a concurrent recompute waits for this gain and sees it,
        -- or this waits for the recompute and reads its result
        if not coalesce((select active from directory_company where id = NEW.company_id for share), true) then
            update directory_company set active = true where id = NEW.company_id and not active;
        end if;
    end if;
    if was_active and (not is_active or moved) then
        perform directory_company_active_recompute(OLD.company_id);
    end if;
    return null;
end $$;
-- user_id: a before trigger (directory_membership_copy) rewrites user_status when it changes
create trigger directory_membership_company_active
    after insert or delete or update of company_id, user_id, deleted, enabled, user_status on directory_membership
    for each row execute function directory_membership_company_active();

-- a company known after its memberships (events may arrive in any order) starts with their state
create function directory_company_active_on_insert() returns trigger language plpgsql as $$
begin
    NEW.active := exists (select 1 from directory_membership m
                          where m.company_id = NEW.id and m.listed and m.enabled and m.user_status = 'ACTIVE');
    return NEW;
end $$;
create trigger directory_company_active_on_insert before insert on directory_company
    for each row execute function directory_company_active_on_insert();

-- the program's companies by activity, in the list's orders (created_on and id, both directions)
create index directory_company_program_active_list on directory_company (partner, active, created_on, id)
    include (enabled, vendor, reseller, channel_admin) where (reseller or referral) and not deleted;
create index directory_company_program_active_list_id on directory_company (partner, active, id)
    include (enabled, vendor, reseller, channel_admin) where (reseller or referral) and not deleted;
