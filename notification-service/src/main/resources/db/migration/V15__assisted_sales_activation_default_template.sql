-- ACCOUNT_ACTIVATION_CREATED_BY_ASSISTED_SALES (issue 45), English defaults: account-service sends it instead of
-- ACCOUNT_ACTIVATION to a user a reseller created in a customer company (onboarding.service.AssistedOnboarding).
-- Parameters as account-service sends them (TemplateCatalog): firstName, email, companyName, resellerName (the reseller
-- company's name), activationUrl (sealed; the same link as ACCOUNT_ACTIVATION), plus marketplaceName and partner.
-- An SMS default too, as ACCOUNT_ACTIVATION has one. Idempotent: a default added meanwhile is kept.
insert into email_template (partner, type, locale, subject, content) values
(null, 'ACCOUNT_ACTIVATION_CREATED_BY_ASSISTED_SALES', 'en', $${resellerName} created your {marketplaceName} account$$,
 $$<p>Hello {firstName},</p>
<p>{resellerName} created your {marketplaceName} account for <strong>{companyName}</strong> with the username {email}.</p>
<p><a href="{activationUrl}">Activate your account</a> to choose your password.</p>
<p>The {marketplaceName} team</p>$$)
on conflict do nothing;

insert into sms_template (partner, type, locale, content) values
(null, 'ACCOUNT_ACTIVATION_CREATED_BY_ASSISTED_SALES', 'en', $${resellerName} created your {marketplaceName} account: {activationUrl}$$)
on conflict do nothing;
