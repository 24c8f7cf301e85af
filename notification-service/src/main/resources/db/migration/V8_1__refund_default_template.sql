-- The default of REFUND: billing-service voided a PAID invoice and returned its card payment (billing README, "Voiding").
-- Parameters as for the payment emails: companyName, invoiceNumber, amount, currency.
-- Idempotent: a default added meanwhile for the same type and locale is kept.
insert into email_template (partner, type, locale, subject, content) values
(null, 'REFUND', 'en', $$Refund of {amount} {currency} for invoice {invoiceNumber}$$,
 $$<p>Hello,</p>
<p>Invoice <strong>{invoiceNumber}</strong> of {companyName} was voided: {amount} {currency}, the amount paid for it, was
refunded to the card it was paid with. Depending on your bank, the refund may take a few days to appear on your statement.</p>
<p>The {marketplaceName} team</p>$$)
on conflict do nothing;

insert into sms_template (partner, type, locale, content) values
(null, 'REFUND', 'en', $${marketplaceName}: {amount} {currency} refunded for invoice {invoiceNumber}$$)
on conflict do nothing;
