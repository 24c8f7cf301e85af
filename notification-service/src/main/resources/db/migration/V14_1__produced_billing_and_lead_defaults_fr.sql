-- French (fr) defaults of the types of V14, with the same placeholders (fr_CA → fr → marketplace default). Idempotent.
insert into email_template (partner, type, locale, subject, content) values
(null, 'ASSIGNMENT_NOTICE', 'fr', $$Vous avez désormais accès à {productName}$$,
 $$<p>Bonjour {firstName},</p>
<p>{companyName} vous a attribué <strong>{productName}</strong> ({editionName}). Vous pouvez l'utiliser dès maintenant.</p>
<p>L'équipe {marketplaceName}</p>$$),
(null, 'UNASSIGNMENT_NOTICE', 'fr', $$Votre accès à {productName} a été retiré$$,
 $$<p>Bonjour {firstName},</p>
<p>{companyName} vous a retiré l'accès à <strong>{productName}</strong> ({editionName}).</p>
<p>L'équipe {marketplaceName}</p>$$),
(null, 'FAILED_ORDER', 'fr', $$Votre commande de {productName} n'a pas pu aboutir$$,
 $$<p>Bonjour {firstName},</p>
<p>La commande de <strong>{productName}</strong> ({editionName}) pour {companyName} n'a pas pu être menée à bien par
son éditeur. Numéro de commande : {orderId}.</p>
<p>Réponse de l'éditeur : {errorMessage}</p>
<p>L'équipe {marketplaceName}</p>$$),
(null, 'SUBSCRIPTION_UPGRADE', 'fr', $$Votre abonnement à {productName} a été modifié$$,
 $$<p>Bonjour {firstName},</p>
<p>L'abonnement de {companyName} à <strong>{productName}</strong> est passé de {previousEditionName} à
<strong>{editionName}</strong>. Numéro de commande : {orderId}.</p>
<p>L'équipe {marketplaceName}</p>$$),
(null, 'SUBSCRIPTION_ORDER_RESELLER', 'fr', $$Votre commande de {productName} pour {companyName} est confirmée$$,
 $$<p>Bonjour {firstName},</p>
<p>En tant que revendeur, vous avez abonné {companyName} à <strong>{productName}</strong> ({editionName}).
Numéro de commande : {orderId}.</p>
<p>L'équipe {marketplaceName}</p>$$),
(null, 'SUBSCRIPTION_CHANGE_RESELLER', 'fr', $$L'abonnement de {companyName} à {productName} a été modifié$$,
 $$<p>Bonjour {firstName},</p>
<p>En tant que revendeur, vous avez fait passer l'abonnement de {companyName} à <strong>{productName}</strong> de
{previousEditionName} à <strong>{editionName}</strong>. Numéro de commande : {orderId}.</p>
<p>L'équipe {marketplaceName}</p>$$),
(null, 'DISCOUNT_DEACTIVATED', 'fr', $$La remise {discountCode} ne s'applique plus$$,
 $$<p>Bonjour,</p>
<p>La remise <strong>{discountCode}</strong> ({description}) ne s'applique plus aux nouvelles commandes : {reason}.</p>
<p>L'équipe {marketplaceName}</p>$$),
(null, 'SALES_LEAD_ACCEPTED', 'fr', $$Conversion approuvée : {companyName}$$,
 $$<p>Bonjour,</p>
<p>{marketplaceName} a accepté la demande de {recipientName} de convertir la piste {leadId} : {contactName}
({contactEmail}) de <strong>{companyName}</strong>, pour {productName}. Vous pouvez maintenant la convertir en client.</p>
<p>L'équipe {marketplaceName}</p>$$),
(null, 'SALES_LEAD_DENIED', 'fr', $$Conversion refusée : {companyName}$$,
 $$<p>Bonjour,</p>
<p>{marketplaceName} a refusé la demande de {recipientName} de convertir la piste {leadId} : {contactName}
({contactEmail}) de <strong>{companyName}</strong>, pour {productName}. La piste est disqualifiée.</p>
<p>L'équipe {marketplaceName}</p>$$),
(null, 'SALES_LEAD_WON', 'fr', $$Piste gagnée : {companyName}$$,
 $$<p>Bonjour,</p>
<p>La piste {leadId} confiée à {recipientName} a été gagnée : <strong>{companyName}</strong> ({contactName},
{contactEmail}) est désormais client, pour {productName}.</p>
<p>L'équipe {marketplaceName}</p>$$),
(null, 'SALES_LEAD_LOST', 'fr', $$Piste perdue : {companyName}$$,
 $$<p>Bonjour,</p>
<p>La piste {leadId} confiée à {recipientName} a été perdue : <strong>{companyName}</strong> ({contactName},
{contactEmail}), pour {productName}, a été disqualifiée.</p>
<p>L'équipe {marketplaceName}</p>$$),
(null, 'LEAD_MANUAL_CREATED_RESELLER', 'fr', $$Nouvelle piste du revendeur {creatorName} : {companyName}$$,
 $$<p>Bonjour,</p>
<p>Le revendeur {creatorName} a créé la piste {leadId} : {contactName} ({contactEmail}) de
<strong>{companyName}</strong>, pour {productName}.</p>
<p>L'équipe {marketplaceName}</p>$$),
(null, 'LEAD_MANUAL_CREATED_DEVELOPER', 'fr', $$Nouvelle piste du développeur {creatorName} : {companyName}$$,
 $$<p>Bonjour,</p>
<p>Le développeur {creatorName} a créé la piste {leadId} : {contactName} ({contactEmail}) de
<strong>{companyName}</strong>, pour {productName}.</p>
<p>L'équipe {marketplaceName}</p>$$),
(null, 'LEAD_REFERRED_COMPANY_RESELLER', 'fr', $$Un client vous a contacté : {companyName}$$,
 $$<p>Bonjour,</p>
<p>{contactName} ({contactEmail}) de <strong>{companyName}</strong> a contacté {productName} depuis le profil de votre
entreprise sur {marketplaceName}. La piste {leadId} vous est confiée.</p>
<p>L'équipe {marketplaceName}</p>$$)
on conflict do nothing;

insert into sms_template (partner, type, locale, content) values
(null, 'FAILED_ORDER', 'fr', $${marketplaceName} : votre commande {orderId} de {productName} n'a pas pu aboutir$$),
(null, 'SUBSCRIPTION_UPGRADE', 'fr', $${marketplaceName} : {productName} est passé de {previousEditionName} à {editionName}$$),
(null, 'SALES_LEAD_ACCEPTED', 'fr', $${marketplaceName} : conversion de la piste {companyName} approuvée$$),
(null, 'SALES_LEAD_WON', 'fr', $${marketplaceName} : piste gagnée, {companyName} est désormais client$$)
on conflict do nothing;
