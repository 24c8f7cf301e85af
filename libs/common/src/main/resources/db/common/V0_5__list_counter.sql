-- Exact row counts of unfiltered lists, kept by triggers in the transaction that inserts, deletes or moves a row, so
-- that a list answers its total without counting (libs/common paging.Total). A service attaches the trigger to each
-- listed table:
--   create trigger company_list_counter after insert or update or delete on company
--       for each row execute function list_counter_track('companies', 'partner');
-- arguments: list name, the column that scopes the list (partner, company_uuid, ...), and optionally a column and a
-- value whose rows are not listed (for example 'status', 'DELETED'). Concurrent inserts into one scope serialise on
-- its counter row until they commit.
create table list_counter (
    list  text   not null,
    scope text   not null,
    n     bigint not null,
    primary key (list, scope)
);

create function list_counter_track() returns trigger language plpgsql as $$
declare
    list_name text := TG_ARGV[0];
    scope_column text := TG_ARGV[1];
    skip_column text := TG_ARGV[2];
    skip_value text := TG_ARGV[3];
    old_scope text;
    new_scope text;
    old_listed boolean := false;
    new_listed boolean := false;
begin
    if TG_OP in ('UPDATE', 'DELETE') then
        old_scope := to_jsonb(OLD) ->> scope_column;
        old_listed := skip_column is null or (to_jsonb(OLD) ->> skip_column) is distinct from skip_value;
    end if;
    if TG_OP in ('UPDATE', 'INSERT') then
        new_scope := to_jsonb(NEW) ->> scope_column;
        new_listed := skip_column is null or (to_jsonb(NEW) ->> skip_column) is distinct from skip_value;
    end if;
    if old_listed and (not new_listed or old_scope is distinct from new_scope) then
        update list_counter set n = n - 1 where list = list_name and scope = old_scope;
    end if;
    if new_listed and (not old_listed or old_scope is distinct from new_scope) then
        insert into list_counter (list, scope, n) values (list_name, new_scope, 1)
            on conflict (list, scope) do update set n = list_counter.n + 1;
    end if;
    return null;
end $$;
