-- The language the assignee company is written to in (issue 45: the recipient's locale, else the marketplace
-- default): its `locale` as account-service had it when the lead was assigned to it, kept beside its address and phone
-- number (V4) since a change asks no other service in its transaction. Null: no locale is sent and notification-service
-- uses the marketplace default (so for every lead assigned before this migration).
alter table lead add column recipient_locale varchar(16);
