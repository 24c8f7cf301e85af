-- Add-on subscriptions (issue #45): an add-on edition is ordered against an ACTIVE subscription of the same company,
-- its parent. The parent's vendor account is copied when the add-on is ordered (it never changes once ACTIVE): every
-- vendor event of the add-on names it (payload.account.parentAccountIdentifier).
alter table subscription add column parent_subscription_id uuid references subscription (id);
alter table subscription add column parent_account_identifier text;
create index subscription_addons on subscription (parent_subscription_id) where parent_subscription_id is not null;
