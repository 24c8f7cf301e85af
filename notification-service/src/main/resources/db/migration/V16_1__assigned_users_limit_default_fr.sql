-- French (fr) default of ASSIGNED_USERS_LIMIT (issue 45), as V16 in English.
insert into email_template (partner, type, locale, subject, content) values
(null, 'ASSIGNED_USERS_LIMIT', 'fr', $$Les {usersLimit} places de {productName} sont toutes attribuées$$,
 $$<p>Bonjour {firstName},</p>
<p>{userEmail} n'a pas pu recevoir <strong>{productName}</strong> ({editionName}) : les {usersLimit} places achetées par
{companyName} sont toutes attribuées. Ajoutez des places à l'abonnement, ou retirez l'accès d'un utilisateur, puis
attribuez-le à nouveau.</p>
<p>L'équipe {marketplaceName}</p>$$)
on conflict do nothing;
