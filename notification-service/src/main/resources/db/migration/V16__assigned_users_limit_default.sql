-- English (en) default of ASSIGNED_USERS_LIMIT (issue 45): billing-service tells a subscription's buyer that a user could
-- not be assigned because every USER seat it bought is taken. Its parameters are TemplateCatalog's (DefaultTemplatesTest).
insert into email_template (partner, type, locale, subject, content) values
(null, 'ASSIGNED_USERS_LIMIT', 'en', $$All {usersLimit} seats of {productName} are assigned$$,
 $$<p>Hello {firstName},</p>
<p>{userEmail} could not be assigned <strong>{productName}</strong> ({editionName}): all {usersLimit} seats {companyName}
bought are assigned. Add seats to the subscription, or unassign a user, then assign them again.</p>
<p>The {marketplaceName} team</p>$$)
on conflict do nothing;
