-- Default templates of the marketplace (partner null), English. Placeholders are Qute expressions {name}; the names a
-- type can use are listed by GET /api/notification/v1/templates/parameters/{type}.
insert into email_template (partner, type, locale, subject, content) values
(null, 'INVITE_USER', 'en', $$You're invited to join {companyName} on {marketplaceName}$$,
 $$<p>Hello,</p>
<p>{inviterName} invited you ({email}) to join <strong>{companyName}</strong> on {marketplaceName} as {role}.</p>
<p><a href="{invitationUrl}">Accept the invitation</a></p>
<p>If you were not expecting this invitation, you can ignore this email.</p>
<p>The {marketplaceName} team</p>$$),
(null, 'ACTIVE_USER_TEMP_PASSWORD', 'en', $$Your {marketplaceName} account is ready$$,
 $$<p>Hello {firstName} {lastName},</p>
<p>An account was created for you ({email}) in <strong>{companyName}</strong> on {marketplaceName}.</p>
<p>Your temporary password is: <strong>{temporaryPassword}</strong></p>
<p><a href="{loginUrl}">Log in</a> and choose a new password.</p>
<p>The {marketplaceName} team</p>$$),
(null, 'NEW_USER', 'en', $$Welcome to {marketplaceName}$$,
 $$<p>Hello {firstName} {lastName},</p>
<p>Your account ({email}) in <strong>{companyName}</strong> on {marketplaceName} has been created.</p>
<p>The {marketplaceName} team</p>$$),
(null, 'ACCOUNT_ACTIVATION', 'en', $$Please activate your {marketplaceName} account$$,
 $$<p>Hello {firstName},</p>
<p>Your {marketplaceName} account for {companyName} was created with the username {email}.</p>
<p><a href="{activationUrl}">Activate your account</a></p>
<p>The {marketplaceName} team</p>$$),
(null, 'APPLICATION_PURCHASE_REQUEST_NOTICE', 'en', $${requesterName} asks to purchase {productName}$$,
 $$<p>Hello,</p>
<p>{requesterName} ({requesterEmail}) of <strong>{companyName}</strong> would like to purchase <strong>{productName}</strong>.</p>
<p>Message: {message}</p>
<p>The {marketplaceName} team</p>$$),
(null, 'SUBSCRIPTION_ORDER', 'en', $$Your order of {productName} is confirmed$$,
 $$<p>Hello {firstName},</p>
<p>{companyName} is now subscribed to <strong>{productName}</strong> ({editionName}). Order number: {orderId}.</p>
<p>The {marketplaceName} team</p>$$),
(null, 'SUBSCRIPTION_CANCEL', 'en', $$Your subscription to {productName} was cancelled$$,
 $$<p>Hello {firstName},</p>
<p>The subscription of {companyName} to <strong>{productName}</strong> ({editionName}) was cancelled. Order number: {orderId}.</p>
<p>The {marketplaceName} team</p>$$),
(null, 'INVOICE', 'en', $$Invoice {invoiceNumber} from {marketplaceName}$$,
 $$<p>Hello,</p>
<p>Invoice <strong>{invoiceNumber}</strong> for {companyName} is available: {amount} {currency}, due on {dueDate}.</p>
<p>The {marketplaceName} team</p>$$),
(null, 'PAYMENT_SUCCESSFUL', 'en', $$Payment received for invoice {invoiceNumber}$$,
 $$<p>Hello,</p>
<p>We received the payment of {amount} {currency} from {companyName} for invoice <strong>{invoiceNumber}</strong>. Thank you.</p>
<p>The {marketplaceName} team</p>$$),
(null, 'PAYMENT_FAILED', 'en', $$Payment failed for invoice {invoiceNumber}$$,
 $$<p>Hello,</p>
<p>The payment of {amount} {currency} from {companyName} for invoice <strong>{invoiceNumber}</strong> failed.
Please update your payment method.</p>
<p>The {marketplaceName} team</p>$$),
(null, 'SALES_LEAD_CREATED', 'en', $$New sales lead: {companyName}$$,
 $$<p>Hello,</p>
<p>A new lead ({leadId}) was created for <strong>{productName}</strong>: {contactName} ({contactEmail}) of {companyName}.</p>
<p>The {marketplaceName} team</p>$$),
(null, 'MANUAL_EVENT_RESOLUTION', 'en', $$Event {eventId} needs manual resolution$$,
 $$<p>Hello,</p>
<p>The {eventType} event <strong>{eventId}</strong> for {productName} ({companyName}) could not be delivered to the vendor
and needs manual resolution.</p>
<p>Last error: {lastError}</p>
<p>The {marketplaceName} team</p>$$),
(null, 'RESELLER_LINKED', 'en', $${customerName} is now linked to {resellerName}$$,
 $$<p>Hello,</p>
<p><strong>{customerName}</strong> is now linked to the reseller <strong>{resellerName}</strong> on {marketplaceName}.</p>
<p>The {marketplaceName} team</p>$$),
(null, 'WELCOME_USER', 'en', $$Welcome to {marketplaceName}$$,
 $$<p>Hello,</p>
<p>Welcome to {marketplaceName}! Discover the applications available to your company.</p>
<p>The {marketplaceName} team</p>$$),
(null, 'INACTIVE_USER_LOGIN_REMINDER', 'en', $$We miss you on {marketplaceName}$$,
 $$<p>Hello,</p>
<p>You have not logged in to {marketplaceName} for a while. New applications are waiting for you.</p>
<p>The {marketplaceName} team</p>$$);

insert into sms_template (partner, type, locale, content) values
(null, 'INVITE_USER', 'en', $${inviterName} invited you to join {companyName} on {marketplaceName}: {invitationUrl}$$),
(null, 'ACTIVE_USER_TEMP_PASSWORD', 'en', $$Your {marketplaceName} temporary password: {temporaryPassword}$$),
(null, 'ACCOUNT_ACTIVATION', 'en', $$Activate your {marketplaceName} account: {activationUrl}$$),
(null, 'PAYMENT_SUCCESSFUL', 'en', $${marketplaceName}: payment of {amount} {currency} received for invoice {invoiceNumber}$$),
(null, 'PAYMENT_FAILED', 'en', $${marketplaceName}: payment of {amount} {currency} failed for invoice {invoiceNumber}$$);

insert into common_element (partner, type, locale, content) values
(null, 'UNSUBSCRIBE', 'en', $$<hr/><p style="font-size:small">You receive this email because you have an account on {marketplaceName}.
To stop receiving such emails, change the notification preferences of your account.</p>$$);
