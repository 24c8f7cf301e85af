-- The nonce check runs on every signed call: one PL/pgSQL call instead of three nested ones (same rules as V3).
create or replace function oauth_nonce_remember(p_key varchar, p_nonce varchar, p_expires timestamptz, p_generation_seconds integer)
returns boolean language plpgsql as $$
declare
    epoch      double precision := extract(epoch from now());
    generation bigint := floor(epoch / p_generation_seconds)::bigint;
    current    integer := (generation % 3)::integer;
    previous   integer := ((generation + 2) % 3)::integer;
    -- first seconds of a generation: also write into the previous table (see V3)
    straddling boolean := epoch - generation * p_generation_seconds < least(10, p_generation_seconds / 10.0);
    inserted   integer;
begin
    if previous = 0 then
        if straddling then
            insert into oauth_nonce_0 as t values (p_key, p_nonce, p_expires)
                on conflict (consumer_key, nonce) do update set expires_at = excluded.expires_at where t.expires_at < now();
            get diagnostics inserted = row_count;
            if inserted = 0 then return false; end if;
        elsif exists (select 1 from oauth_nonce_0 where consumer_key = p_key and nonce = p_nonce and expires_at >= now()) then
            return false;
        end if;
    elsif previous = 1 then
        if straddling then
            insert into oauth_nonce_1 as t values (p_key, p_nonce, p_expires)
                on conflict (consumer_key, nonce) do update set expires_at = excluded.expires_at where t.expires_at < now();
            get diagnostics inserted = row_count;
            if inserted = 0 then return false; end if;
        elsif exists (select 1 from oauth_nonce_1 where consumer_key = p_key and nonce = p_nonce and expires_at >= now()) then
            return false;
        end if;
    else
        if straddling then
            insert into oauth_nonce_2 as t values (p_key, p_nonce, p_expires)
                on conflict (consumer_key, nonce) do update set expires_at = excluded.expires_at where t.expires_at < now();
            get diagnostics inserted = row_count;
            if inserted = 0 then return false; end if;
        elsif exists (select 1 from oauth_nonce_2 where consumer_key = p_key and nonce = p_nonce and expires_at >= now()) then
            return false;
        end if;
    end if;

    if current = 0 then
        insert into oauth_nonce_0 as t values (p_key, p_nonce, p_expires)
            on conflict (consumer_key, nonce) do update set expires_at = excluded.expires_at where t.expires_at < now();
    elsif current = 1 then
        insert into oauth_nonce_1 as t values (p_key, p_nonce, p_expires)
            on conflict (consumer_key, nonce) do update set expires_at = excluded.expires_at where t.expires_at < now();
    else
        insert into oauth_nonce_2 as t values (p_key, p_nonce, p_expires)
            on conflict (consumer_key, nonce) do update set expires_at = excluded.expires_at where t.expires_at < now();
    end if;
    get diagnostics inserted = row_count;
    return inserted = 1;
end $$;

drop function oauth_nonce_insert(integer, varchar, varchar, timestamptz);
drop function oauth_nonce_live(integer, varchar, varchar);
