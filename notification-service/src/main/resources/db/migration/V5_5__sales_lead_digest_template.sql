-- The default of SALES_LEAD_DIGEST: the anonymous leads lead-service held for one address during its interval (lead-service
-- README, "Anonymous leads: one message per interval"). {leads} is one lead per line, kept as lines by <pre>.
-- Idempotent: a default added meanwhile for the same type and locale is kept.
insert into email_template (partner, type, locale, subject, content) values
(null, 'SALES_LEAD_DIGEST', 'en', $${leadCount} new sales leads on {marketplaceName}$$,
 $$<p>Hello,</p>
<p>{leadCount} sales leads came from contact forms on {marketplaceName} since the last message to this address. Contact
forms write to an address at most once in a while; the leads that came meanwhile are listed here:</p>
<pre style="white-space: pre-wrap; font-family: inherit">{leads}</pre>
<p>The {marketplaceName} team</p>$$)
on conflict do nothing;
