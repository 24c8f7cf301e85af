-- French defaults of account-service's user messages of V13 (issue 45), with the same placeholders.
insert into email_template (partner, type, locale, subject, content) values
(null, 'PRIMARY_EMAIL_CHANGED_NOTICE', 'fr', $$L'adresse email de votre compte {marketplaceName} a été modifiée$$,
 $$<p>Bonjour {firstName},</p>
<p>L'adresse email de votre compte {marketplaceName} est passée de <strong>{oldEmail}</strong> à <strong>{email}</strong>.</p>
<p>Si vous n'avez pas demandé ce changement, contactez sans attendre l'administrateur de votre entreprise.</p>
<p>L'équipe {marketplaceName}</p>$$),
(null, 'FAILED_TO_REMOVE_USER', 'fr', $${userName} n'a pas pu être retiré de {companyName}$$,
 $$<p>Bonjour {firstName},</p>
<p>{userName} ({userEmail}) n'a pas pu être retiré de <strong>{companyName}</strong> sur {marketplaceName} : {reason}</p>
<p>L'équipe {marketplaceName}</p>$$),
(null, 'FAILED_TO_REMOVE_USER_HAS_ACTIVE_OR_PENDING_APPS', 'fr', $${userName} n'a pas pu être retiré de {companyName}$$,
 $$<p>Bonjour {firstName},</p>
<p>{userName} ({userEmail}) n'a pas pu être retiré de <strong>{companyName}</strong> sur {marketplaceName} : des applications lui sont encore attribuées, ou des attributions sont en cours.</p>
<p>Retirez-lui ses applications, puis recommencez.</p>
<p>L'équipe {marketplaceName}</p>$$),
(null, 'FAILED_TO_REMOVE_USER_OWNS_APPS', 'fr', $${userName} n'a pas pu être retiré de {companyName}$$,
 $$<p>Bonjour {firstName},</p>
<p>{userName} ({userEmail}) n'a pas pu être retiré de <strong>{companyName}</strong> sur {marketplaceName} : il ou elle détient des abonnements de l'entreprise.</p>
<p>Résiliez ou transférez ses abonnements, puis recommencez.</p>
<p>L'équipe {marketplaceName}</p>$$)
on conflict do nothing;
