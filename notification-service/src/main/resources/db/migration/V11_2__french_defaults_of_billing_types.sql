-- French (fr) defaults of the types billing-service sends with only an English default so far: CREDIT_CARD_REQUIRED
-- (V6_1), SUBSCRIPTION_SUSPENDED and SUBSCRIPTION_SUSPENDED_OVERDUE_INVOICE (V6), REFUND (V8_1, email and SMS) and
-- EXPIRED_CREDIT_CARD (V10_1). The same placeholders as the English ones; a recipient whose locale is fr or fr_CA gets
-- them (fr_CA → fr → marketplace default). Idempotent: a French default added meanwhile for the same type is kept.
insert into email_template (partner, type, locale, subject, content) values
(null, 'CREDIT_CARD_REQUIRED', 'fr', $$Une carte est nécessaire pour régler la facture {invoiceNumber}$$,
 $$<p>Bonjour,</p>
<p>La facture <strong>{invoiceNumber}</strong> de {companyName} ({amount} {currency}) doit être réglée par carte, mais aucune
carte n'est enregistrée. Veuillez ajouter une carte à votre compte : {paymentMethodsUrl}</p>
<p>L'équipe {marketplaceName}</p>$$),
(null, 'SUBSCRIPTION_SUSPENDED', 'fr', $$Votre abonnement à {productName} est suspendu$$,
 $$<p>Bonjour {firstName},</p>
<p>L'abonnement de {companyName} à <strong>{productName}</strong> ({editionName}) a été suspendu par {marketplaceName}.
Numéro de commande : {orderId}.</p>
<p>Tant qu'il est suspendu, l'abonnement ne peut pas être modifié et aucun utilisateur ne peut y être affecté. Veuillez
contacter {marketplaceName} pour le faire réactiver.</p>
<p>L'équipe {marketplaceName}</p>$$),
(null, 'SUBSCRIPTION_SUSPENDED_OVERDUE_INVOICE', 'fr', $$Votre abonnement à {productName} est suspendu : une facture est en retard de paiement$$,
 $$<p>Bonjour {firstName},</p>
<p>L'abonnement de {companyName} à <strong>{productName}</strong> ({editionName}) a été suspendu, car l'une de ses
factures est en retard de paiement. Numéro de commande : {orderId}.</p>
<p>Le règlement de la facture en retard réactive l'abonnement.</p>
<p>L'équipe {marketplaceName}</p>$$),
(null, 'REFUND', 'fr', $$Remboursement de {amount} {currency} pour la facture {invoiceNumber}$$,
 $$<p>Bonjour,</p>
<p>La facture <strong>{invoiceNumber}</strong> de {companyName} a été annulée : le montant payé, {amount} {currency}, a été
remboursé sur la carte ayant servi au paiement. Selon votre banque, le remboursement peut mettre quelques jours à
apparaître sur votre relevé.</p>
<p>L'équipe {marketplaceName}</p>$$),
(null, 'EXPIRED_CREDIT_CARD', 'fr', $$Votre carte {brand} se terminant par {last4} expire bientôt$$,
 $$<p>Bonjour {firstName},</p>
<p>La carte {brand} se terminant par <strong>{last4}</strong> avec laquelle {companyName} paie expire à la fin du mois
{expirationMonth}/{expirationYear}. Veuillez ajouter une nouvelle carte d'ici là, afin que vos prochaines factures soient
réglées : {paymentMethodsUrl}</p>
<p>L'équipe {marketplaceName}</p>$$)
on conflict do nothing;

insert into sms_template (partner, type, locale, content) values
(null, 'REFUND', 'fr', $${marketplaceName} : remboursement de {amount} {currency} pour la facture {invoiceNumber}$$)
on conflict do nothing;
