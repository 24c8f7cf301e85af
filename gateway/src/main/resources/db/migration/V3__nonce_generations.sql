-- Nonces in three tables that take turns, instead of one table whose expired rows are deleted one by one: deleting
-- and vacuuming every nonce again cost PostgreSQL as much CPU as inserting it. A generation lasts
-- 2 x timestamp window + 1 s (on PostgreSQL's clock, the same for every replica). A nonce goes into the current
-- generation's table and is looked up in the previous one; the table after the current one only holds nonces that
-- expired before the current generation began, so it is truncated (no row-by-row work, nothing left to vacuum).
create unlogged table oauth_nonce_0 (
    consumer_key varchar(128) not null,
    nonce        varchar(255) not null,
    expires_at   timestamptz  not null,
    primary key (consumer_key, nonce)
);
create unlogged table oauth_nonce_1 (like oauth_nonce_0 including all);
create unlogged table oauth_nonce_2 (like oauth_nonce_0 including all);

-- nonces still in their window when this runs go into every table, so they count whichever generation is current
insert into oauth_nonce_0 select consumer_key, nonce, expires_at from oauth_nonce where expires_at >= now();
insert into oauth_nonce_1 select consumer_key, nonce, expires_at from oauth_nonce where expires_at >= now();
insert into oauth_nonce_2 select consumer_key, nonce, expires_at from oauth_nonce where expires_at >= now();
drop table oauth_nonce;

-- Records a nonce in table 0, 1 or 2: true on first use (or when the row there had expired), false if it is live.
create function oauth_nonce_insert(p_table integer, p_key varchar, p_nonce varchar, p_expires timestamptz)
returns boolean language plpgsql as $$
declare
    inserted integer;
begin
    if p_table = 0 then
        insert into oauth_nonce_0 as t values (p_key, p_nonce, p_expires)
            on conflict (consumer_key, nonce) do update set expires_at = excluded.expires_at where t.expires_at < now();
    elsif p_table = 1 then
        insert into oauth_nonce_1 as t values (p_key, p_nonce, p_expires)
            on conflict (consumer_key, nonce) do update set expires_at = excluded.expires_at where t.expires_at < now();
    else
        insert into oauth_nonce_2 as t values (p_key, p_nonce, p_expires)
            on conflict (consumer_key, nonce) do update set expires_at = excluded.expires_at where t.expires_at < now();
    end if;
    get diagnostics inserted = row_count;
    return inserted = 1;
end $$;

create function oauth_nonce_live(p_table integer, p_key varchar, p_nonce varchar)
returns boolean language plpgsql stable as $$
begin
    if p_table = 0 then
        return exists (select 1 from oauth_nonce_0 where consumer_key = p_key and nonce = p_nonce and expires_at >= now());
    elsif p_table = 1 then
        return exists (select 1 from oauth_nonce_1 where consumer_key = p_key and nonce = p_nonce and expires_at >= now());
    end if;
    return exists (select 1 from oauth_nonce_2 where consumer_key = p_key and nonce = p_nonce and expires_at >= now());
end $$;

-- True when the nonce is used for the first time within its window. In the first 10 s of a generation (a tenth of it
-- when shorter, in tests) the nonce is also written into the previous generation's table: a copy of the same request
-- still being recorded there by another replica (whose statement began under the previous generation) then collides
-- on the primary key instead of slipping past a lookup that cannot see uncommitted rows.
create function oauth_nonce_remember(p_key varchar, p_nonce varchar, p_expires timestamptz, p_generation_seconds integer)
returns boolean language plpgsql as $$
declare
    epoch      double precision := extract(epoch from now());
    generation bigint := floor(epoch / p_generation_seconds)::bigint;
    current    integer := (generation % 3)::integer;
    previous   integer := ((generation + 2) % 3)::integer;
begin
    if epoch - generation * p_generation_seconds < least(10, p_generation_seconds / 10.0) then
        if not oauth_nonce_insert(previous, p_key, p_nonce, p_expires) then
            return false;
        end if;
    elsif oauth_nonce_live(previous, p_key, p_nonce) then
        return false;
    end if;
    return oauth_nonce_insert(current, p_key, p_nonce, p_expires);
end $$;

-- Empties the table that the next generation will use; returns its number, or -1 when it was already empty.
create function oauth_nonce_truncate_next(p_generation_seconds integer)
returns integer language plpgsql as $$
declare
    upcoming integer := ((floor(extract(epoch from now()) / p_generation_seconds)::bigint + 1) % 3)::integer;
begin
    -- a statement still reading that table (begun under an older generation) must not stall signed calls for long
    perform set_config('lock_timeout', '2s', true);
    if upcoming = 0 and exists (select 1 from oauth_nonce_0) then
        truncate oauth_nonce_0;
    elsif upcoming = 1 and exists (select 1 from oauth_nonce_1) then
        truncate oauth_nonce_1;
    elsif upcoming = 2 and exists (select 1 from oauth_nonce_2) then
        truncate oauth_nonce_2;
    else
        return -1;
    end if;
    return upcoming;
end $$;
