-- Add-on subscriptions (billing's ADDON_ORDER / ADDON_CHANGE / ADDON_CANCEL) are projected like any subscription; their
-- rows also record the subscription they were ordered against, once a result of billing's names it
-- (subscription.parentSubscriptionId). Null for every other subscription and for rows written before.
alter table user_assignment add column parent_subscription_id uuid;
