-- Default templates of the buyer's emails when billing-service suspends a subscription: by the marketplace's operator
-- (SUBSCRIPTION_SUSPENDED) or for an overdue invoice (SUBSCRIPTION_SUSPENDED_OVERDUE_INVOICE). Parameters as for
-- SUBSCRIPTION_CANCEL. Idempotent: a default added meanwhile for the same type and locale is kept.
insert into email_template (partner, type, locale, subject, content) values
(null, 'SUBSCRIPTION_SUSPENDED', 'en', $$Your subscription to {productName} is suspended$$,
 $$<p>Hello {firstName},</p>
<p>The subscription of {companyName} to <strong>{productName}</strong> ({editionName}) was suspended by {marketplaceName}.
Order number: {orderId}.</p>
<p>While it is suspended, the subscription cannot be changed and no users can be assigned to it. Please contact
{marketplaceName} to have it reactivated.</p>
<p>The {marketplaceName} team</p>$$),
(null, 'SUBSCRIPTION_SUSPENDED_OVERDUE_INVOICE', 'en', $$Your subscription to {productName} is suspended: an invoice is overdue$$,
 $$<p>Hello {firstName},</p>
<p>The subscription of {companyName} to <strong>{productName}</strong> ({editionName}) was suspended because one of its
invoices is overdue. Order number: {orderId}.</p>
<p>Paying the overdue invoice reactivates the subscription.</p>
<p>The {marketplaceName} team</p>$$)
on conflict do nothing;
