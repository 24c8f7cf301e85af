-- Seeds notification-service's lists with :rows rows each in marketplace :partner (the event log, deliveries, vendor
-- events), plus a tenth as many in another marketplace beside them. Used by ListPlansTest and bench/lists. Triggers
-- are off while seeding (session_replication_role = replica), so the list counters are written here directly.
-- Names, emails and text come from the vocabularies QueryPlans defines first (libs/testkit, vocabulary.sql).
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
