-- English (en) defaults of the types billing-service and lead-service start sending with issue 45 (docs/notifications.md):
-- assignment notices, an edition change, a failed order, the reseller variants of an order and a change, a discount
-- used up; a lead accepted, denied, won, lost, created by hand by a reseller or a developer, referred to a reseller.
-- Each uses exactly the parameters TemplateCatalog declares for its type (DefaultTemplatesTest). SMS defaults where a
-- short text fits: FAILED_ORDER, SUBSCRIPTION_UPGRADE, SALES_LEAD_ACCEPTED, SALES_LEAD_WON. Idempotent.
insert into email_template (partner, type, locale, subject, content) values
(null, 'ASSIGNMENT_NOTICE', 'en', $$You now have access to {productName}$$,
 $$<p>Hello {firstName},</p>
<p>{companyName} assigned you <strong>{productName}</strong> ({editionName}). You can start using it now.</p>
<p>The {marketplaceName} team</p>$$),
(null, 'UNASSIGNMENT_NOTICE', 'en', $$Your access to {productName} was removed$$,
 $$<p>Hello {firstName},</p>
<p>{companyName} removed your access to <strong>{productName}</strong> ({editionName}).</p>
<p>The {marketplaceName} team</p>$$),
(null, 'FAILED_ORDER', 'en', $$Your order of {productName} could not be completed$$,
 $$<p>Hello {firstName},</p>
<p>The order of <strong>{productName}</strong> ({editionName}) for {companyName} could not be completed by its vendor.
Order number: {orderId}.</p>
<p>The vendor's answer: {errorMessage}</p>
<p>The {marketplaceName} team</p>$$),
(null, 'SUBSCRIPTION_UPGRADE', 'en', $$Your subscription to {productName} was changed$$,
 $$<p>Hello {firstName},</p>
<p>The subscription of {companyName} to <strong>{productName}</strong> moved from {previousEditionName} to
<strong>{editionName}</strong>. Order number: {orderId}.</p>
<p>The {marketplaceName} team</p>$$),
(null, 'SUBSCRIPTION_ORDER_RESELLER', 'en', $$Your order of {productName} for {companyName} is confirmed$$,
 $$<p>Hello {firstName},</p>
<p>As their reseller, you subscribed {companyName} to <strong>{productName}</strong> ({editionName}).
Order number: {orderId}.</p>
<p>The {marketplaceName} team</p>$$),
(null, 'SUBSCRIPTION_CHANGE_RESELLER', 'en', $$The subscription of {companyName} to {productName} was changed$$,
 $$<p>Hello {firstName},</p>
<p>As their reseller, you changed the subscription of {companyName} to <strong>{productName}</strong> from
{previousEditionName} to <strong>{editionName}</strong>. Order number: {orderId}.</p>
<p>The {marketplaceName} team</p>$$),
(null, 'DISCOUNT_DEACTIVATED', 'en', $$Discount {discountCode} no longer applies$$,
 $$<p>Hello,</p>
<p>The discount <strong>{discountCode}</strong> ({description}) no longer applies to new orders: {reason}.</p>
<p>The {marketplaceName} team</p>$$),
(null, 'SALES_LEAD_ACCEPTED', 'en', $$Conversion approved: {companyName}$$,
 $$<p>Hello,</p>
<p>{marketplaceName} accepted the request of {recipientName} to convert the lead {leadId}: {contactName}
({contactEmail}) of <strong>{companyName}</strong>, for {productName}. You may now convert it into a customer.</p>
<p>The {marketplaceName} team</p>$$),
(null, 'SALES_LEAD_DENIED', 'en', $$Conversion denied: {companyName}$$,
 $$<p>Hello,</p>
<p>{marketplaceName} denied the request of {recipientName} to convert the lead {leadId}: {contactName}
({contactEmail}) of <strong>{companyName}</strong>, for {productName}. The lead is disqualified.</p>
<p>The {marketplaceName} team</p>$$),
(null, 'SALES_LEAD_WON', 'en', $$Lead won: {companyName}$$,
 $$<p>Hello,</p>
<p>The lead {leadId} assigned to {recipientName} was won: <strong>{companyName}</strong> ({contactName},
{contactEmail}) is now a customer, for {productName}.</p>
<p>The {marketplaceName} team</p>$$),
(null, 'SALES_LEAD_LOST', 'en', $$Lead lost: {companyName}$$,
 $$<p>Hello,</p>
<p>The lead {leadId} assigned to {recipientName} was lost: <strong>{companyName}</strong> ({contactName},
{contactEmail}), for {productName}, was disqualified.</p>
<p>The {marketplaceName} team</p>$$),
(null, 'LEAD_MANUAL_CREATED_RESELLER', 'en', $$New lead from the reseller {creatorName}: {companyName}$$,
 $$<p>Hello,</p>
<p>The reseller {creatorName} created the lead {leadId}: {contactName} ({contactEmail}) of
<strong>{companyName}</strong>, for {productName}.</p>
<p>The {marketplaceName} team</p>$$),
(null, 'LEAD_MANUAL_CREATED_DEVELOPER', 'en', $$New lead from the developer {creatorName}: {companyName}$$,
 $$<p>Hello,</p>
<p>The developer {creatorName} created the lead {leadId}: {contactName} ({contactEmail}) of
<strong>{companyName}</strong>, for {productName}.</p>
<p>The {marketplaceName} team</p>$$),
(null, 'LEAD_REFERRED_COMPANY_RESELLER', 'en', $$A customer contacted you: {companyName}$$,
 $$<p>Hello,</p>
<p>{contactName} ({contactEmail}) of <strong>{companyName}</strong> contacted {productName} through your company's
profile on {marketplaceName}. The lead {leadId} is assigned to you.</p>
<p>The {marketplaceName} team</p>$$)
on conflict do nothing;

insert into sms_template (partner, type, locale, content) values
(null, 'FAILED_ORDER', 'en', $${marketplaceName}: your order {orderId} of {productName} could not be completed$$),
(null, 'SUBSCRIPTION_UPGRADE', 'en', $${marketplaceName}: {productName} changed from {previousEditionName} to {editionName}$$),
(null, 'SALES_LEAD_ACCEPTED', 'en', $${marketplaceName}: conversion of the lead {companyName} approved$$),
(null, 'SALES_LEAD_WON', 'en', $${marketplaceName}: lead won, {companyName} is now a customer$$)
on conflict do nothing;
