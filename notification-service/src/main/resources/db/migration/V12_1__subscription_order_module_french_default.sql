-- French (fr) default of SUBSCRIPTION_ORDER_MODULE (V12): the same placeholders as the English one.
insert into email_template (partner, type, locale, subject, content) values
(null, 'SUBSCRIPTION_ORDER_MODULE', 'fr', $$Votre module {productName} pour {parentProductName}$$,
 $$<p>Bonjour {firstName},</p>
<p>{companyName} a commandé le module <strong>{productName}</strong> ({editionName}) pour son abonnement à
{parentProductName}. Numéro de commande : {orderId}.</p>
<p>Le module est prêt dès que son fournisseur l'a mis en place.</p>
<p>L'équipe {marketplaceName}</p>$$)
on conflict do nothing;
