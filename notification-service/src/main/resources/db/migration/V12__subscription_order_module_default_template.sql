-- SUBSCRIPTION_ORDER_MODULE: billing-service's email to the buyer of an add-on (an edition ordered against an ACTIVE
-- parent subscription, issue #45). Parameters as the producer sends them: firstName, companyName, productName,
-- editionName, orderId, parentProductName (and the common marketplaceName, partner). English default; French in V12_1.
-- Idempotent: a default added meanwhile is kept.
insert into email_template (partner, type, locale, subject, content) values
(null, 'SUBSCRIPTION_ORDER_MODULE', 'en', $$Your add-on {productName} for {parentProductName}$$,
 $$<p>Hello {firstName},</p>
<p>{companyName} ordered the add-on <strong>{productName}</strong> ({editionName}) for its subscription to
{parentProductName}. Order number: {orderId}.</p>
<p>The add-on is ready as soon as its vendor has set it up.</p>
<p>The {marketplaceName} team</p>$$)
on conflict do nothing;
