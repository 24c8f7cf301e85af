package dev.marketplace.notification.template.service;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

import jakarta.enterprise.context.ApplicationScoped;

import dev.marketplace.notification.NotificationConfig;
import dev.marketplace.notification.template.domain.CommonElement;
import dev.marketplace.notification.template.domain.CommonElementType;
import dev.marketplace.notification.template.domain.EmailTemplate;
import dev.marketplace.notification.template.domain.SmsTemplate;
import dev.marketplace.notification.template.repository.CommonElementRepository;
import dev.marketplace.notification.template.repository.EmailTemplateRepository;
import dev.marketplace.notification.template.repository.SmsTemplateRepository;
import io.smallrye.mutiny.Uni;

/**
 * Picks the template a message is rendered with. For each locale of the chain (fr_CA → fr → marketplace default), the
 * partner's customised template wins over the default one; the first template found decides. A disabled template
 * hands over to its {@code fallbackEmailTemplateId} (followed until an enabled one, cycles stop); disabled without a
 * fallback means the message is not sent. Must run inside a reactive session.
 */
@ApplicationScoped
public class TemplateResolver {
    private static final int MAX_FALLBACK_HOPS = 5;

    private final EmailTemplateRepository emails;
    private final SmsTemplateRepository sms;
    private final CommonElementRepository commons;
    private final NotificationConfig config;

    public TemplateResolver(EmailTemplateRepository emails, SmsTemplateRepository sms, CommonElementRepository commons,
            NotificationConfig config) {
        this.emails = emails;
        this.sms = sms;
        this.commons = commons;
        this.config = config;
    }

    /** The outcome: the template to use, or why there is none. */
    public record Resolution<T>(T template, String problem, boolean disabled) {
        static <T> Resolution<T> of(T template) {
            return new Resolution<>(template, null, false);
        }

        static <T> Resolution<T> none(String problem) {
            return new Resolution<>(null, problem, false);
        }

        /** The partner switched the notification off: nothing is sent, and that is not an error. */
        static <T> Resolution<T> disabled(String problem) {
            return new Resolution<>(null, problem, true);
        }
    }

    public Uni<Resolution<EmailTemplate>> email(String partner, String type, String locale) {
        List<String> chain = Locales.chain(locale, config.defaultLocale());
        return Locales.firstInChain(chain, l -> emails.findByKey(partner, type, l, false)
                .chain(found -> found != null ? Uni.createFrom().item(found) : emails.findByKey(null, type, l, false)))
                .chain(found -> {
                    if (found == null) {
                        return Uni.createFrom().item(Resolution.<EmailTemplate> none(
                                "no email template for " + type + " in locales " + chain));
                    }
                    return followFallback(found, partner, new HashSet<>());
                });
    }

    private Uni<Resolution<EmailTemplate>> followFallback(EmailTemplate template, String partner, Set<Long> visited) {
        if (template.enabled) {
            return Uni.createFrom().item(Resolution.of(template));
        }
        visited.add(template.id);
        if (template.fallbackEmailTemplateId == null) {
            return Uni.createFrom().item(Resolution.disabled("email template " + template.id + " (" + template.type
                    + ", " + template.locale + ") is disabled and has no fallback"));
        }
        if (visited.contains(template.fallbackEmailTemplateId) || visited.size() > MAX_FALLBACK_HOPS) {
            return Uni.createFrom().item(Resolution.none("fallback templates of " + template.id + " form a cycle"));
        }
        return emails.findById(template.fallbackEmailTemplateId).chain(fallback -> {
            if (fallback == null || (fallback.partner != null && !fallback.partner.equals(partner))) {
                return Uni.createFrom().item(Resolution.<EmailTemplate> none(
                        "fallback email template " + template.fallbackEmailTemplateId + " does not exist"));
            }
            return followFallback(fallback, partner, visited);
        });
    }

    public Uni<Resolution<SmsTemplate>> sms(String partner, String type, String locale) {
        List<String> chain = Locales.chain(locale, config.defaultLocale());
        return Locales.firstInChain(chain, l -> sms.findByKey(partner, type, l, false)
                .chain(found -> found != null ? Uni.createFrom().item(found) : sms.findByKey(null, type, l, false)))
                .map(found -> {
                    if (found == null) {
                        // producers offer an SMS to every recipient with a phone number; the marketplace decides by
                        // having an enabled SMS template of the type (docs/notifications.md, "SMS")
                        return Resolution.disabled("no SMS template for " + type + " in locales " + chain
                                + ": nothing to send");
                    }
                    if (!found.enabled) {
                        return Resolution.disabled("SMS template " + found.id + " (" + type + ", " + found.locale + ") is disabled");
                    }
                    return Resolution.of(found);
                });
    }

    /** The first enabled UNSUBSCRIBE element: partner's then default, per locale of the chain; null when none. */
    public Uni<CommonElement> unsubscribe(String partner, String locale) {
        String type = CommonElementType.UNSUBSCRIBE.name();
        return Locales.firstInChain(Locales.chain(locale, config.defaultLocale()), l -> commons.findByKey(partner, type, l)
                .chain(own -> own != null && own.enabled ? Uni.createFrom().item(own) : commons.findByKey(null, type, l))
                .map(found -> found != null && found.enabled ? found : null));
    }
}
