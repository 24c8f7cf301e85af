-- Cancelling a parent cancels its add-ons first: the parent waits (PENDING_REMOTE_CANCELLATION, this flag set) until
-- every add-on's ADDON_CANCEL is answered; only then is its own SUBSCRIPTION_CANCEL sent (billing-service README).
alter table subscription add column awaiting_addon_cancellations boolean not null default false;
