-- Nonces are now checked in memory by one gateway replica, the nonce leader (NonceLeadership.java); the tables
-- oauth_nonce_0..2 become its journal, written behind in batches so that the next leader can pick up the nonces still
-- in their window. Only the leader writes them and it writes each nonce once, so they need no primary key: dropping it
-- spares every batch the index upkeep. Loading scans them whole anyway. V4's function (a statement per signed call)
-- cost PostgreSQL more CPU than the gateway's whole request, and goes.
drop function oauth_nonce_remember(varchar, varchar, timestamptz, integer);

do $$
declare
    t text;
    pk text;
begin
    foreach t in array array['oauth_nonce_0', 'oauth_nonce_1', 'oauth_nonce_2'] loop
        select conname into pk from pg_constraint where conrelid = t::regclass and contype = 'p';
        if pk is not null then
            execute format('alter table %I drop constraint %I', t, pk);
        end if;
    end loop;
end $$;

-- Who leads: one row, written by the replica that holds the advisory lock (NonceLeadership.LOCK_KEY). A leader that
-- steps down cleanly sets released, so that its successor knows every nonce it accepted is in the journal and need not
-- wait for a stalled predecessor to notice it lost the lock.
create table nonce_leader (
    id         smallint     primary key default 1 check (id = 1),
    instance   varchar(64)  not null,
    address    varchar(300) not null,
    term       bigint       not null,
    released   boolean      not null default false,
    changed_at timestamptz  not null default now()
);

-- The journal must outlive a PostgreSQL crash and a fail-over to a standby, or the next leader would start blind and a
-- request of the last minutes could be replayed: unlogged tables are emptied after a crash and never replicated. At one
-- batch insert every few milliseconds, the write-ahead log costs little.
alter table oauth_nonce_0 set logged;
alter table oauth_nonce_1 set logged;
alter table oauth_nonce_2 set logged;
