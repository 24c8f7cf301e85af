-- account-service's user messages (issue 45): the email-change notice and the refused membership removals, English
-- defaults. Parameters as account-service sends them (TemplateCatalog): PRIMARY_EMAIL_CHANGED_NOTICE firstName,
-- oldEmail, email; FAILED_TO_REMOVE_USER* firstName (the administrator who asked), userName, userEmail, companyName, and
-- reason for the generic one (plus marketplaceName, partner). NEW_USER, WELCOME_USER and ACCOUNT_ACTIVATION had theirs
-- already (V2, V11). Idempotent: a default added meanwhile is kept.
insert into email_template (partner, type, locale, subject, content) values
(null, 'PRIMARY_EMAIL_CHANGED_NOTICE', 'en', $$Your {marketplaceName} email address was changed$$,
 $$<p>Hello {firstName},</p>
<p>The email address of your {marketplaceName} account was changed from <strong>{oldEmail}</strong> to <strong>{email}</strong>.</p>
<p>If you did not ask for this change, contact your company administrator at once.</p>
<p>The {marketplaceName} team</p>$$),
(null, 'FAILED_TO_REMOVE_USER', 'en', $${userName} could not be removed from {companyName}$$,
 $$<p>Hello {firstName},</p>
<p>{userName} ({userEmail}) could not be removed from <strong>{companyName}</strong> on {marketplaceName}: {reason}</p>
<p>The {marketplaceName} team</p>$$),
(null, 'FAILED_TO_REMOVE_USER_HAS_ACTIVE_OR_PENDING_APPS', 'en', $${userName} could not be removed from {companyName}$$,
 $$<p>Hello {firstName},</p>
<p>{userName} ({userEmail}) could not be removed from <strong>{companyName}</strong> on {marketplaceName}: they are still assigned applications, or assignments are pending.</p>
<p>Unassign their applications, then remove them again.</p>
<p>The {marketplaceName} team</p>$$),
(null, 'FAILED_TO_REMOVE_USER_OWNS_APPS', 'en', $${userName} could not be removed from {companyName}$$,
 $$<p>Hello {firstName},</p>
<p>{userName} ({userEmail}) could not be removed from <strong>{companyName}</strong> on {marketplaceName}: they own subscriptions of the company.</p>
<p>Cancel or transfer their subscriptions, then remove them again.</p>
<p>The {marketplaceName} team</p>$$)
on conflict do nothing;
