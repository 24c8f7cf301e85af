-- French (fr) defaults of ACCOUNT_ACTIVATION_CREATED_BY_ASSISTED_SALES (V15): the same parameters.
insert into email_template (partner, type, locale, subject, content) values
(null, 'ACCOUNT_ACTIVATION_CREATED_BY_ASSISTED_SALES', 'fr', $${resellerName} a créé votre compte {marketplaceName}$$,
 $$<p>Bonjour {firstName},</p>
<p>{resellerName} a créé votre compte {marketplaceName} pour <strong>{companyName}</strong> avec l'identifiant {email}.</p>
<p><a href="{activationUrl}">Activez votre compte</a> pour choisir votre mot de passe.</p>
<p>L'équipe {marketplaceName}</p>$$)
on conflict do nothing;

insert into sms_template (partner, type, locale, content) values
(null, 'ACCOUNT_ACTIVATION_CREATED_BY_ASSISTED_SALES', 'fr', $${resellerName} a créé votre compte {marketplaceName} : {activationUrl}$$)
on conflict do nothing;
