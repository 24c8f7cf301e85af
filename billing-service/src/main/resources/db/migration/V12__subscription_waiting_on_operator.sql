-- A subscription whose pending vendor event notification-service parked (VENDOR_EVENT_PARKED, issue #45) waits on an
-- operator, not on its vendor: which vendor event (its id in /api/notification/v1/vendor-events/{eventId} and type),
-- why it was parked, the last error and when. All null while it waits on nobody; cleared when the result is applied.
alter table subscription add column operator_wait_event_id varchar(64);
alter table subscription add column operator_wait_event_type varchar(32);
alter table subscription add column operator_wait_reason varchar(32);
alter table subscription add column operator_wait_last_error text;
alter table subscription add column operator_wait_since timestamptz;
