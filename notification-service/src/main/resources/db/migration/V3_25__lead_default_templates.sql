-- Default templates of the lead notifications lead-service sends besides SALES_LEAD_CREATED (V2). Idempotent: a default
-- added meanwhile for the same type and locale is kept.
insert into email_template (partner, type, locale, subject, content) values
(null, 'SALES_LEAD_ASSIGNED', 'en', $$Sales lead assigned to {recipientName}: {companyName}$$,
 $$<p>Hello,</p>
<p>The lead {leadId} for <strong>{productName}</strong> was assigned to {recipientName}: {contactName} ({contactEmail})
of {companyName}.</p>
<p>The {marketplaceName} team</p>$$),
(null, 'LEAD_CONVERTED_ADMIN', 'en', $$Lead converted: {companyName}$$,
 $$<p>Hello,</p>
<p>The lead {leadId} ({contactName}, {contactEmail}) was converted into the company <strong>{convertedCompanyName}</strong>
({convertedCompanyId}) on {marketplaceName}.</p>
<p>The {marketplaceName} team</p>$$)
on conflict do nothing;
