-- French (fr) defaults of every default template of V2, V3_25 and V5_5: email subject and body, SMS, the UNSUBSCRIBE
-- element. The same placeholders as the English ones; a recipient whose locale is fr or fr_CA gets them (fr_CA → fr →
-- marketplace default). Idempotent: a French default added meanwhile for the same type is kept.
insert into email_template (partner, type, locale, subject, content) values
(null, 'INVITE_USER', 'fr', $$Vous êtes invité à rejoindre {companyName} sur {marketplaceName}$$,
 $$<p>Bonjour,</p>
<p>{inviterName} vous invite ({email}) à rejoindre <strong>{companyName}</strong> sur {marketplaceName} en tant que {role}.</p>
<p><a href="{invitationUrl}">Accepter l'invitation</a></p>
<p>Si vous n'attendiez pas cette invitation, vous pouvez ignorer ce courriel.</p>
<p>L'équipe {marketplaceName}</p>$$),
(null, 'ACTIVE_USER_TEMP_PASSWORD', 'fr', $$Votre compte {marketplaceName} est prêt$$,
 $$<p>Bonjour {firstName} {lastName},</p>
<p>Un compte a été créé pour vous ({email}) au sein de <strong>{companyName}</strong> sur {marketplaceName}.</p>
<p>Votre mot de passe temporaire est : <strong>{temporaryPassword}</strong></p>
<p><a href="{loginUrl}">Connectez-vous</a> et choisissez un nouveau mot de passe.</p>
<p>L'équipe {marketplaceName}</p>$$),
(null, 'NEW_USER', 'fr', $$Bienvenue sur {marketplaceName}$$,
 $$<p>Bonjour {firstName} {lastName},</p>
<p>Votre compte ({email}) au sein de <strong>{companyName}</strong> sur {marketplaceName} a été créé.</p>
<p>L'équipe {marketplaceName}</p>$$),
(null, 'ACCOUNT_ACTIVATION', 'fr', $$Veuillez activer votre compte {marketplaceName}$$,
 $$<p>Bonjour {firstName},</p>
<p>Votre compte {marketplaceName} pour {companyName} a été créé avec l'identifiant {email}.</p>
<p><a href="{activationUrl}">Activer votre compte</a></p>
<p>L'équipe {marketplaceName}</p>$$),
(null, 'APPLICATION_PURCHASE_REQUEST_NOTICE', 'fr', $${requesterName} demande l'achat de {productName}$$,
 $$<p>Bonjour,</p>
<p>{requesterName} ({requesterEmail}) de <strong>{companyName}</strong> souhaite acheter <strong>{productName}</strong>.</p>
<p>Message : {message}</p>
<p>L'équipe {marketplaceName}</p>$$),
(null, 'SUBSCRIPTION_ORDER', 'fr', $$Votre commande de {productName} est confirmée$$,
 $$<p>Bonjour {firstName},</p>
<p>{companyName} est désormais abonnée à <strong>{productName}</strong> ({editionName}). Numéro de commande : {orderId}.</p>
<p>L'équipe {marketplaceName}</p>$$),
(null, 'SUBSCRIPTION_CANCEL', 'fr', $$Votre abonnement à {productName} a été résilié$$,
 $$<p>Bonjour {firstName},</p>
<p>L'abonnement de {companyName} à <strong>{productName}</strong> ({editionName}) a été résilié. Numéro de commande : {orderId}.</p>
<p>L'équipe {marketplaceName}</p>$$),
(null, 'INVOICE', 'fr', $$Facture {invoiceNumber} de {marketplaceName}$$,
 $$<p>Bonjour,</p>
<p>La facture <strong>{invoiceNumber}</strong> de {companyName} est disponible : {amount} {currency}, à régler au plus tard le {dueDate}.</p>
<p>L'équipe {marketplaceName}</p>$$),
(null, 'PAYMENT_SUCCESSFUL', 'fr', $$Paiement reçu pour la facture {invoiceNumber}$$,
 $$<p>Bonjour,</p>
<p>Nous avons bien reçu le paiement de {amount} {currency} de {companyName} pour la facture <strong>{invoiceNumber}</strong>. Merci.</p>
<p>L'équipe {marketplaceName}</p>$$),
(null, 'PAYMENT_FAILED', 'fr', $$Échec du paiement de la facture {invoiceNumber}$$,
 $$<p>Bonjour,</p>
<p>Le paiement de {amount} {currency} de {companyName} pour la facture <strong>{invoiceNumber}</strong> a échoué.
Veuillez mettre à jour votre moyen de paiement.</p>
<p>L'équipe {marketplaceName}</p>$$),
(null, 'SALES_LEAD_CREATED', 'fr', $$Nouveau prospect : {companyName}$$,
 $$<p>Bonjour,</p>
<p>Un nouveau prospect ({leadId}) a été créé pour <strong>{productName}</strong> : {contactName} ({contactEmail}) de {companyName}.</p>
<p>L'équipe {marketplaceName}</p>$$),
(null, 'SALES_LEAD_ASSIGNED', 'fr', $$Prospect attribué à {recipientName} : {companyName}$$,
 $$<p>Bonjour,</p>
<p>Le prospect {leadId} pour <strong>{productName}</strong> a été attribué à {recipientName} : {contactName} ({contactEmail})
de {companyName}.</p>
<p>L'équipe {marketplaceName}</p>$$),
(null, 'LEAD_CONVERTED_ADMIN', 'fr', $$Prospect converti : {companyName}$$,
 $$<p>Bonjour,</p>
<p>Le prospect {leadId} ({contactName}, {contactEmail}) est devenu l'entreprise <strong>{convertedCompanyName}</strong>
({convertedCompanyId}) sur {marketplaceName}.</p>
<p>L'équipe {marketplaceName}</p>$$),
(null, 'SALES_LEAD_DIGEST', 'fr', $${leadCount} nouveaux prospects sur {marketplaceName}$$,
 $$<p>Bonjour,</p>
<p>{leadCount} prospects sont arrivés par les formulaires de contact de {marketplaceName} depuis le dernier message envoyé à
cette adresse. Les formulaires de contact n'écrivent à une adresse qu'une fois par intervalle ; voici les prospects arrivés
entre-temps :</p>
<pre style="white-space: pre-wrap; font-family: inherit">{leads}</pre>
<p>L'équipe {marketplaceName}</p>$$),
(null, 'MANUAL_EVENT_RESOLUTION', 'fr', $$L'événement {eventId} doit être résolu manuellement$$,
 $$<p>Bonjour,</p>
<p>L'événement {eventType} <strong>{eventId}</strong> pour {productName} ({companyName}) n'a pas pu être transmis à l'éditeur
et doit être résolu manuellement.</p>
<p>Dernière erreur : {lastError}</p>
<p>L'équipe {marketplaceName}</p>$$),
(null, 'RESELLER_LINKED', 'fr', $${customerName} est désormais lié à {resellerName}$$,
 $$<p>Bonjour,</p>
<p><strong>{customerName}</strong> est désormais lié au revendeur <strong>{resellerName}</strong> sur {marketplaceName}.</p>
<p>L'équipe {marketplaceName}</p>$$),
(null, 'WELCOME_USER', 'fr', $$Bienvenue sur {marketplaceName}$$,
 $$<p>Bonjour,</p>
<p>Bienvenue sur {marketplaceName} ! Découvrez les applications proposées à votre entreprise.</p>
<p>L'équipe {marketplaceName}</p>$$),
(null, 'INACTIVE_USER_LOGIN_REMINDER', 'fr', $$Vous nous manquez sur {marketplaceName}$$,
 $$<p>Bonjour,</p>
<p>Vous ne vous êtes pas connecté à {marketplaceName} depuis un moment. De nouvelles applications vous attendent.</p>
<p>L'équipe {marketplaceName}</p>$$)
on conflict do nothing;

insert into sms_template (partner, type, locale, content) values
(null, 'INVITE_USER', 'fr', $${inviterName} vous invite à rejoindre {companyName} sur {marketplaceName} : {invitationUrl}$$),
(null, 'ACTIVE_USER_TEMP_PASSWORD', 'fr', $$Votre mot de passe temporaire {marketplaceName} : {temporaryPassword}$$),
(null, 'ACCOUNT_ACTIVATION', 'fr', $$Activez votre compte {marketplaceName} : {activationUrl}$$),
(null, 'PAYMENT_SUCCESSFUL', 'fr', $${marketplaceName} : paiement de {amount} {currency} reçu pour la facture {invoiceNumber}$$),
(null, 'PAYMENT_FAILED', 'fr', $${marketplaceName} : échec du paiement de {amount} {currency} pour la facture {invoiceNumber}$$)
on conflict do nothing;

insert into common_element (partner, type, locale, content) values
(null, 'UNSUBSCRIBE', 'fr', $$<hr/><p style="font-size:small">Vous recevez ce courriel parce que vous avez un compte sur {marketplaceName}.
Pour ne plus recevoir ces courriels, modifiez les préférences de notification de votre compte.</p>$$)
on conflict do nothing;
