-- One claim mechanism for both work queues (workqueue.WorkQueue): a claim holds until lease_until; a row still SENDING
-- after it was interrupted (the process stopped) and its queue decides: a message is failed, a vendor event resent.
alter table notification_delivery add column lease_until timestamptz;
drop index notification_delivery_sending;
create index notification_delivery_lapsed on notification_delivery (lease_until) where status = 'SENDING';

alter table vendor_event add column lease_until timestamptz;
drop index vendor_event_sending;
create index vendor_event_lapsed on vendor_event (lease_until) where status = 'SENDING';
-- rows claimed before this migration: their lease is the old rule's (last attempt + 75 s, 10 min for a message)
update vendor_event set lease_until = last_attempt_on + interval '75 seconds' where status = 'SENDING';
update notification_delivery set lease_until = last_attempt_on + interval '10 minutes' where status = 'SENDING';

-- Every vendor event reaches a final state in bounded time: a result overdue at result_due_at is re-notified (same
-- token), then parked. sends counts the times the event was handed to the vendor (the re-delivery marker).
alter table vendor_event add column sends integer not null default 0;
alter table vendor_event add column renotifications integer not null default 0;
alter table vendor_event add column result_due_at timestamptz;
update vendor_event set sends = attempts;
update vendor_event set result_due_at = coalesce(last_attempt_on, created_on) + interval '30 minutes'
    where status = 'AWAITING_RESULT';
create index vendor_event_overdue on vendor_event (result_due_at) where status = 'AWAITING_RESULT';
