-- Issue 45 (users): what the user messages and USER_UPDATED need.
-- A company's locale: the language of messages to its members who have none of their own (user, then company, then
-- the marketplace default).
alter table company add column locale varchar(16);

-- Account activation of a user created without a password: the SHA-256 of the secret token sent in the
-- ACCOUNT_ACTIVATION link (never the token itself), until it is used or expires.
alter table app_user
    add column activation_token_hash varchar(64),
    add column activation_expires_on timestamptz;
create unique index app_user_activation_token on app_user (activation_token_hash) where activation_token_hash is not null;

-- The vendor's account behind an assignment (billing's accountIdentifier), sent to the vendor with USER_UPDATED.
alter table user_assignment add column account_identifier varchar(255);
-- The assignments of a user in every company, read on every change of their name, email or locale.
create index user_assignment_any_company on user_assignment (user_uuid);
