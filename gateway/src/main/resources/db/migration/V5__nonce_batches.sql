-- The nonce tables only ever receive inserts and are emptied by TRUNCATE, so autovacuum has nothing to reclaim; left
-- on, its insert-triggered vacuums and analyzes scanned the growing table every few thousand signed calls, in bursts
-- that stalled signed calls on a busy machine.
alter table oauth_nonce_0 set (autovacuum_enabled = false);
alter table oauth_nonce_1 set (autovacuum_enabled = false);
alter table oauth_nonce_2 set (autovacuum_enabled = false);

-- The nonces of several signed calls in one statement (same rules as oauth_nonce_remember, V3/V4): returns the
-- (consumer, nonce) pairs used for the first time within their window; the others are replays. The caller sends each
-- pair at most once per call (an insert cannot touch the same row twice in one statement).
create function oauth_nonce_remember_all(p_keys varchar[], p_nonces varchar[], p_expires timestamptz[],
                                         p_generation_seconds integer)
returns table (recorded_key varchar, recorded_nonce varchar) language plpgsql as $$
declare
    epoch      double precision := extract(epoch from now());
    generation bigint := floor(epoch / p_generation_seconds)::bigint;
    previous   integer := ((generation + 2) % 3)::integer;
    -- first seconds of a generation: also write into the previous table (see V3)
    straddling boolean := epoch - generation * p_generation_seconds < least(10, p_generation_seconds / 10.0);
begin
    if straddling then
        if previous = 0 then
            return query
            with earlier as (
                insert into oauth_nonce_0 as t select * from unnest(p_keys, p_nonces, p_expires)
                on conflict (consumer_key, nonce) do update set expires_at = excluded.expires_at where t.expires_at < now()
                returning t.consumer_key, t.nonce, t.expires_at)
            insert into oauth_nonce_1 as t select * from earlier
            on conflict (consumer_key, nonce) do update set expires_at = excluded.expires_at where t.expires_at < now()
            returning t.consumer_key, t.nonce;
        elsif previous = 1 then
            return query
            with earlier as (
                insert into oauth_nonce_1 as t select * from unnest(p_keys, p_nonces, p_expires)
                on conflict (consumer_key, nonce) do update set expires_at = excluded.expires_at where t.expires_at < now()
                returning t.consumer_key, t.nonce, t.expires_at)
            insert into oauth_nonce_2 as t select * from earlier
            on conflict (consumer_key, nonce) do update set expires_at = excluded.expires_at where t.expires_at < now()
            returning t.consumer_key, t.nonce;
        else
            return query
            with earlier as (
                insert into oauth_nonce_2 as t select * from unnest(p_keys, p_nonces, p_expires)
                on conflict (consumer_key, nonce) do update set expires_at = excluded.expires_at where t.expires_at < now()
                returning t.consumer_key, t.nonce, t.expires_at)
            insert into oauth_nonce_0 as t select * from earlier
            on conflict (consumer_key, nonce) do update set expires_at = excluded.expires_at where t.expires_at < now()
            returning t.consumer_key, t.nonce;
        end if;
    elsif previous = 0 then
        return query
        insert into oauth_nonce_1 as t select * from unnest(p_keys, p_nonces, p_expires) as n(k, v, e)
        where not exists (select 1 from oauth_nonce_0 p where p.consumer_key = n.k and p.nonce = n.v and p.expires_at >= now())
        on conflict (consumer_key, nonce) do update set expires_at = excluded.expires_at where t.expires_at < now()
        returning t.consumer_key, t.nonce;
    elsif previous = 1 then
        return query
        insert into oauth_nonce_2 as t select * from unnest(p_keys, p_nonces, p_expires) as n(k, v, e)
        where not exists (select 1 from oauth_nonce_1 p where p.consumer_key = n.k and p.nonce = n.v and p.expires_at >= now())
        on conflict (consumer_key, nonce) do update set expires_at = excluded.expires_at where t.expires_at < now()
        returning t.consumer_key, t.nonce;
    else
        return query
        insert into oauth_nonce_0 as t select * from unnest(p_keys, p_nonces, p_expires) as n(k, v, e)
        where not exists (select 1 from oauth_nonce_2 p where p.consumer_key = n.k and p.nonce = n.v and p.expires_at >= now())
        on conflict (consumer_key, nonce) do update set expires_at = excluded.expires_at where t.expires_at < now()
        returning t.consumer_key, t.nonce;
    end if;
end $$;

drop function oauth_nonce_remember(varchar, varchar, timestamptz, integer);
