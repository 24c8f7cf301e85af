-- Seeds notification-service's lists with :rows rows each in marketplace :partner (the event log, deliveries, vendor
-- events), plus a tenth as many in another marketplace beside them. Used by ListPlansTest and bench/lists. Triggers
-- are off while seeding (session_replication_role = replica), so the list counters are written here directly.
-- The searchable text (names, emails, descriptions) is drawn from vocabularies, as real data's is. The seeds once gave
-- every row the same words ('Bulk Company ' || md5(i)): each trigram of a realistic term then occurred in every row, and
-- a "contains" filter read trigram posting lists of a million entries (65-100 ms at 1,000,000 rows for 11 matches).
-- pg_temp.word(n) is a pronounceable six-letter word drawn from md5(n), consonants and vowels alternating; each
-- vocabulary is a range of n (bench/lists computes its terms with the same formulas, SeedNames.java): company names
-- (as account's seed names its companies) word(i % 4999) and word(5000 + i % 7993) (both primes: the two words are one
-- row's alone for i up to 39,956,007) and a suffix. A few words of a range coincide, as real names do.
-- (one expression, so that the planner inlines it: a function with a FROM is called row by row, several times slower)
create or replace function pg_temp.word(n int) returns text language sql immutable as $$
    select translate(substr(md5(n::text), 1, 1), '0123456789abcdef', 'bcdfghjklmnprstv')
        || translate(substr(md5(n::text), 2, 1), '0123456789abcdef', 'aeiouaeiouaeioua')
        || translate(substr(md5(n::text), 3, 1), '0123456789abcdef', 'bcdfghjklmnprstv')
        || translate(substr(md5(n::text), 4, 1), '0123456789abcdef', 'aeiouaeiouaeioua')
        || translate(substr(md5(n::text), 5, 1), '0123456789abcdef', 'bcdfghjklmnprstv')
        || translate(substr(md5(n::text), 6, 1), '0123456789abcdef', 'aeiouaeiouaeioua')
$$;
create or replace function pg_temp.company_name(i int) returns text language sql immutable as $$
    select initcap(pg_temp.word(i % 4999)) || ' ' || initcap(pg_temp.word(5000 + i % 7993)) || ' '
           || (array['Inc', 'LLC', 'Ltd', 'Corp', 'GmbH', 'Group', 'Labs', 'Systems'])[i % 8 + 1]
$$;
set session_replication_role = replica;

insert into event_log (id, type, partner, source, aggregate_type, aggregate_id, payload, order_id, occurred_on, received_on)
select md5(':partner-event-' || i)::uuid, (array['COMPANY_CREATED', 'MEMBERSHIP_CREATED', 'SUBSCRIPTION_ORDER'])[i % 3 + 1],
       ':partner', 'account-service', 'COMPANY', md5('aggregate-' || i),
       '{"uuid":"' || md5('aggregate-' || i) || '","name":"' || pg_temp.company_name(i) || '"}', i,
       now() - make_interval(secs => i), now() - make_interval(secs => i)
from generate_series(1, :rows) i;
insert into event_log (id, type, partner, source, payload, occurred_on, received_on)
select md5(':partner-other-event-' || i)::uuid, 'COMPANY_CREATED', ':partner-OTHER', 'account-service', '{}', now(), now()
from generate_series(1, :rows / 10) i;

insert into notification_delivery (event_id, notification_index, recipient, channel, type, partner, status, next_attempt_at,
                                   created_on)
select md5(':partner-event-' || i)::uuid, 0, 'user' || i || '@bulk.example', 'EMAIL', 'NEW_USER', ':partner',
       (array['SENT', 'SENT', 'FAILED', 'SKIPPED'])[i % 4 + 1], now(), now() - make_interval(secs => i)
from generate_series(1, :rows) i;

insert into vendor_event (id, token, partner, product_id, event_type, event_url, document, status, next_attempt_at,
                          created_on)
select md5(':partner-vendor-event-' || i)::uuid, md5(':partner-token-' || i), ':partner', 900000 + i % 100,
       'SUBSCRIPTION_ORDER', 'https://market.example/api/integration/v1/events/' || md5(':partner-token-' || i), '{}',
       -- parked events are the rare ones an operator looks for (1 in 50), failed ones 1 in 5
       case when i % 50 = 0 then 'PARKED' when i % 5 = 3 then 'FAILED' else 'SUCCEEDED' end, now(),
       now() - make_interval(secs => i)
from generate_series(1, :rows) i;

insert into list_counter (list, scope, n) values
    ('events', ':partner', :rows), ('events', ':partner-OTHER', :rows / 10),
    ('deliveries', ':partner', :rows), ('vendor-events', ':partner', :rows)
on conflict (list, scope) do update set n = excluded.n;

set session_replication_role = origin;
analyze event_log;
analyze notification_delivery;
analyze vendor_event;
