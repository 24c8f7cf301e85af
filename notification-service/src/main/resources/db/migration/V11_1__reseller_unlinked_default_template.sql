-- RESELLER_UNLINKED is produced by reseller-service (a customer's association with its reseller removed) but had no
-- default, so every such delivery failed. Parameters as the producer sends them: resellerName, customerName (and the
-- common marketplaceName, partner). English and French. Idempotent: a default added meanwhile is kept.
insert into email_template (partner, type, locale, subject, content) values
(null, 'RESELLER_UNLINKED', 'en', $${customerName} is no longer linked to {resellerName}$$,
 $$<p>Hello,</p>
<p><strong>{customerName}</strong> is no longer linked to the reseller <strong>{resellerName}</strong> on {marketplaceName}.</p>
<p>The {marketplaceName} team</p>$$),
(null, 'RESELLER_UNLINKED', 'fr', $${customerName} n'est plus lié à {resellerName}$$,
 $$<p>Bonjour,</p>
<p><strong>{customerName}</strong> n'est plus lié au revendeur <strong>{resellerName}</strong> sur {marketplaceName}.</p>
<p>L'équipe {marketplaceName}</p>$$)
on conflict do nothing;
