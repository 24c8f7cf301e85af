-- Billing tells a card's user that it expires soon (EXPIRED_CREDIT_CARD, once per card on file, some time before the
-- end of its expiry month), so that the next collection does not fail
insert into email_template (partner, type, locale, subject, content) values
(null, 'EXPIRED_CREDIT_CARD', 'en', $$Your {brand} card ending in {last4} expires soon$$,
 $$<p>Hello {firstName},</p>
<p>The {brand} card ending in <strong>{last4}</strong> that {companyName} pays with expires at the end of
{expirationMonth}/{expirationYear}. Please add a new card before then, so that your next invoices are paid: {paymentMethodsUrl}</p>
<p>The {marketplaceName} team</p>$$);
