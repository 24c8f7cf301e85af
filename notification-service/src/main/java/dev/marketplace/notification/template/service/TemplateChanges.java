package dev.marketplace.notification.template.service;

import java.time.Instant;

import jakarta.enterprise.context.ApplicationScoped;

import dev.marketplace.common.error.ApiException;
import dev.marketplace.common.security.Caller;
import dev.marketplace.notification.template.domain.CommonElement;
import dev.marketplace.notification.template.domain.EmailTemplate;
import dev.marketplace.notification.template.domain.NotificationTemplateType;
import dev.marketplace.notification.template.domain.SmsTemplate;
import dev.marketplace.notification.template.domain.TemplateCatalog;
import dev.marketplace.notification.template.repository.CommonElementRepository;
import dev.marketplace.notification.template.repository.EmailTemplateRepository;
import dev.marketplace.notification.template.repository.SmsTemplateRepository;
import dev.marketplace.notification.template.service.TemplateInputs.CommonInput;
import dev.marketplace.notification.template.service.TemplateInputs.EmailInput;
import dev.marketplace.notification.template.service.TemplateInputs.SmsInput;
import dev.marketplace.notification.template.service.TemplateViews.CommonElementView;
import dev.marketplace.notification.template.service.TemplateViews.EmailTemplateView;
import dev.marketplace.notification.template.service.TemplateViews.SmsTemplateView;
import io.quarkus.hibernate.reactive.panache.common.WithTransaction;
import io.smallrye.mutiny.Uni;

/**
 * Create-or-update of the caller's templates and common elements, and of the default ones ({@code partner == null}):
 * by id (a template of the same owner only) or by type, locale and direct sales. Bodies are checked against the
 * renderer first; a required type is switched off only with a fallback.
 */
@ApplicationScoped
public class TemplateChanges {
    private final EmailTemplateRepository emails;
    private final SmsTemplateRepository sms;
    private final CommonElementRepository commons;
    private final TemplateRenderer renderer;
    private final Caller caller;

    public TemplateChanges(EmailTemplateRepository emails, SmsTemplateRepository sms, CommonElementRepository commons,
            TemplateRenderer renderer, Caller caller) {
        this.emails = emails;
        this.sms = sms;
        this.commons = commons;
        this.renderer = renderer;
        this.caller = caller;
    }

    @WithTransaction
    public Uni<EmailTemplateView> saveEmail(EmailInput body) {
        EmailInput in = body.checked(renderer);
        String partner = caller.partner();
        return saveEmail(in, partner).map(EmailTemplateView::of);
    }

    @WithTransaction
    public Uni<Void> saveDefaultEmail(EmailInput body) {
        EmailInput in = body.checked(renderer);
        return saveEmail(in, null).replaceWithVoid();
    }

    private Uni<EmailTemplate> saveEmail(EmailInput in, String partner) {
        requireEnableable(in);
        Uni<EmailTemplate> target = in.id() != null
                ? emails.ownedBy(partner, in.id()).map(found -> owned(found, in.id(), "Email template"))
                : emails.findByKey(partner, in.type(), in.locale(), in.forDirectSales());
        return target.call(existing -> checkFallback(in.fallbackEmailTemplateId(), partner, existing == null ? null : existing.id))
                .chain(existing -> {
                    Instant now = Instant.now();
                    EmailTemplate t = existing == null ? new EmailTemplate() : existing;
                    if (existing == null) {
                        t.partner = partner;
                        t.createdOn = now;
                    }
                    t.type = in.type();
                    t.locale = in.locale();
                    t.subject = in.subject();
                    t.content = in.content();
                    t.enabled = in.enabled() == null || in.enabled();
                    t.reminderPattern = in.reminderPattern();
                    t.directSales = in.forDirectSales();
                    t.fallbackEmailTemplateId = in.fallbackEmailTemplateId();
                    t.lastModified = now;
                    return (existing == null ? emails.persist(t) : Uni.createFrom().item(t)).call(emails::flush);
                });
    }

    /** A required type (an activation, an invitation...) may be switched off only when a fallback takes its place. */
    private static void requireEnableable(EmailInput in) {
        if (Boolean.FALSE.equals(in.enabled()) && in.fallbackEmailTemplateId() == null
                && TemplateCatalog.isRequired(NotificationTemplateType.valueOf(in.type()))) {
            throw ApiException.invalidField("enabled", in.type()
                    + " is a required notification: it can be disabled only with a fallbackEmailTemplateId");
        }
    }

    /** The fallback must exist and be visible to the owner: its own template or a default one (defaults: a default). */
    private Uni<Void> checkFallback(Long fallbackId, String partner, Long selfId) {
        if (fallbackId == null) {
            return Uni.createFrom().voidItem();
        }
        if (fallbackId.equals(selfId)) {
            return Uni.createFrom().failure(ApiException.invalidField("fallbackEmailTemplateId", "must not be the template itself"));
        }
        return emails.findById(fallbackId).map(fallback -> {
            boolean visible = fallback != null && (fallback.partner == null || fallback.partner.equals(partner));
            if (!visible) {
                throw ApiException.invalidField("fallbackEmailTemplateId", "must be the id of an existing email template");
            }
            return fallback;
        }).replaceWithVoid();
    }

    @WithTransaction
    public Uni<SmsTemplateView> saveSms(SmsInput body) {
        SmsInput in = body.checked(renderer);
        String partner = caller.partner();
        Uni<SmsTemplate> target = in.id() != null
                ? sms.ownedBy(partner, in.id()).map(found -> owned(found, in.id(), "SMS template"))
                : sms.findByKey(partner, in.type(), in.locale(), in.forDirectSales());
        return target.chain(existing -> {
            Instant now = Instant.now();
            SmsTemplate t = existing == null ? new SmsTemplate() : existing;
            if (existing == null) {
                t.partner = partner;
                t.createdOn = now;
            }
            t.type = in.type();
            t.locale = in.locale();
            t.content = in.content();
            t.enabled = in.enabled() == null || in.enabled();
            t.directSales = in.forDirectSales();
            t.lastModified = now;
            return (existing == null ? sms.persist(t) : Uni.createFrom().item(t)).call(sms::flush);
        }).map(SmsTemplateView::of);
    }

    @WithTransaction
    public Uni<CommonElementView> saveCommon(CommonInput body) {
        CommonInput in = body.checked(renderer);
        return saveCommon(in, caller.partner()).map(CommonElementView::of);
    }

    @WithTransaction
    public Uni<Void> saveDefaultCommon(CommonInput body) {
        CommonInput in = body.checked(renderer);
        return saveCommon(in, null).replaceWithVoid();
    }

    private Uni<CommonElement> saveCommon(CommonInput in, String partner) {
        Uni<CommonElement> target = in.id() != null
                ? commons.ownedBy(partner, in.id()).map(found -> owned(found, in.id(), "Common element"))
                : commons.findByKey(partner, in.type(), in.locale());
        return target.chain(existing -> {
            Instant now = Instant.now();
            CommonElement e = existing == null ? new CommonElement() : existing;
            if (existing == null) {
                e.partner = partner;
                e.createdOn = now;
            }
            e.type = in.type();
            e.locale = in.locale();
            e.content = in.content();
            e.enabled = in.enabled() == null || in.enabled();
            e.lastModified = now;
            return (existing == null ? commons.persist(e) : Uni.createFrom().item(e)).call(commons::flush);
        });
    }

    /**
     * An update by id touches only a template of the same owner, looked up with its owner: another partner's template,
     * and a partner template through the default API (or the reverse), is a 404 exactly as an id that does not exist
     * (template ids are one sequence for every marketplace: a 403 would tell which are taken elsewhere).
     */
    private static <T> T owned(T found, Long id, String what) {
        if (found == null) {
            throw ApiException.notFound(what, id);
        }
        return found;
    }
}
