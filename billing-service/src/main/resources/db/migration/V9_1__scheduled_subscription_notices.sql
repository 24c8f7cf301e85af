-- Scheduled vendor notices. upcoming_notice_for: the billing date whose UPCOMING_INVOICE notice was sent (one per date).
-- cancelled_on: when the vendor accepted the cancellation; closed_on: when CLOSED was sent, some time after it.
-- Subscriptions cancelled before this migration have no cancelled_on and get no CLOSED notice.
alter table subscription add column upcoming_notice_for date;
alter table subscription add column cancelled_on timestamptz;
alter table subscription add column closed_on timestamptz;
create index subscription_to_close on subscription (cancelled_on) where status = 'CANCELLED' and closed_on is null;
