-- Billing asks the buyer to put a card on file when an invoice is paid (or collected) by card and they have none
insert into email_template (partner, type, locale, subject, content) values
(null, 'CREDIT_CARD_REQUIRED', 'en', $$A card is needed to pay invoice {invoiceNumber}$$,
 $$<p>Hello,</p>
<p>Invoice <strong>{invoiceNumber}</strong> of {companyName} ({amount} {currency}) is to be paid by card, but no card is on
file. Please add a card to your account: {paymentMethodsUrl}</p>
<p>The {marketplaceName} team</p>$$);
