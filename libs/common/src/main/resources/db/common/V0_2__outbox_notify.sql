-- Wakes the outbox relay (LISTEN outbox_event) when rows are committed, so it need not poll. Once per statement; the
-- notification is delivered at commit, and PostgreSQL folds duplicates of one transaction into one.
create function outbox_event_notify() returns trigger language plpgsql as $$
begin
    perform pg_notify('outbox_event', '');
    return null;
end;
$$;

create trigger outbox_event_inserted after insert on outbox_event
    for each statement execute function outbox_event_notify();
