-- Invitations expire (marketplace.account.invitation.lifetime, fixed when the invitation is sent). Invitations sent
-- before expiry existed get the default lifetime of 14 days.
alter table invitation add column expires_on timestamptz;
update invitation set expires_on = created_on + interval '14 days';
alter table invitation alter column expires_on set not null;
