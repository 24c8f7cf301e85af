package dev.marketplace.notification.template.service;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;

import jakarta.enterprise.context.ApplicationScoped;

import com.fasterxml.jackson.databind.JsonNode;

import dev.marketplace.common.error.ApiException;
import dev.marketplace.common.security.Caller;
import dev.marketplace.notification.NotificationConfig;
import dev.marketplace.notification.template.domain.CommonElement;
import dev.marketplace.notification.template.domain.CommonElementType;
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
import dev.marketplace.notification.template.service.TemplateViews.CommonElementDefinitionView;
import dev.marketplace.notification.template.service.TemplateViews.CommonElementView;
import dev.marketplace.notification.template.service.TemplateViews.EmailTemplateView;
import dev.marketplace.notification.template.service.TemplateViews.MethodView;
import dev.marketplace.notification.template.service.TemplateViews.ParameterView;
import dev.marketplace.notification.template.service.TemplateViews.SmsTemplateView;
import dev.marketplace.notification.template.service.TemplateViews.TemplateDefinitionView;
import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.quarkus.hibernate.reactive.panache.common.WithTransaction;
import io.smallrye.mutiny.Uni;

/**
 * The templates API: reads of the caller's partner (its customised template, else the default one, by locale fallback)
 * and create-or-update of channel and default templates. Default templates have {@code partner == null}.
 */
@ApplicationScoped
public class TemplateService {
    private final EmailTemplateRepository emails;
    private final SmsTemplateRepository sms;
    private final CommonElementRepository commons;
    private final TemplateRenderer renderer;
    private final NotificationConfig config;
    private final Caller caller;

    public TemplateService(EmailTemplateRepository emails, SmsTemplateRepository sms, CommonElementRepository commons,
            TemplateRenderer renderer, NotificationConfig config, Caller caller) {
        this.emails = emails;
        this.sms = sms;
        this.commons = commons;
        this.renderer = renderer;
        this.config = config;
        this.caller = caller;
    }

    // ---------------------------------------------------------------- reads

    @WithSession
    public Uni<List<TemplateDefinitionView>> definitions(boolean directSales) {
        String partner = caller.partner();
        return emails.visibleTo(partner).chain(emailList -> sms.visibleTo(partner).map(smsList -> {
            List<TemplateDefinitionView> result = new ArrayList<>();
            for (NotificationTemplateType type : NotificationTemplateType.values()) {
                List<EmailTemplate> typeEmails = emailList.stream()
                        .filter(t -> t.type.equals(type.name()) && t.directSales == directSales).toList();
                List<SmsTemplate> typeSms = smsList.stream()
                        .filter(t -> t.type.equals(type.name()) && t.directSales == directSales).toList();
                boolean ownEmail = typeEmails.stream().anyMatch(t -> t.partner != null);
                boolean ownSms = typeSms.stream().anyMatch(t -> t.partner != null);
                if (directSales && !ownEmail && !ownSms) {
                    continue;
                }
                List<MethodView> methods = new ArrayList<>(2);
                methods.add(new MethodView("EMAIL", ownEmail
                        ? typeEmails.stream().anyMatch(t -> t.partner != null && t.enabled)
                        : !typeEmails.isEmpty()));
                if (!typeSms.isEmpty()) {
                    methods.add(new MethodView("SMS", ownSms
                            ? typeSms.stream().anyMatch(t -> t.partner != null && t.enabled)
                            : true));
                }
                result.add(definition(type, methods));
            }
            return result;
        }));
    }

    /** Types that have a default email template (reserved for super support). */
    @WithSession
    public Uni<List<TemplateDefinitionView>> defaultDefinitions() {
        return emails.defaults().map(defaults -> {
            List<TemplateDefinitionView> result = new ArrayList<>();
            for (NotificationTemplateType type : NotificationTemplateType.values()) {
                List<EmailTemplate> typeEmails = defaults.stream().filter(t -> t.type.equals(type.name())).toList();
                if (!typeEmails.isEmpty()) {
                    result.add(definition(type, List.of(new MethodView("EMAIL", typeEmails.stream().anyMatch(t -> t.enabled)))));
                }
            }
            return result;
        });
    }

    private static TemplateDefinitionView definition(NotificationTemplateType type, List<MethodView> methods) {
        return new TemplateDefinitionView(type.name(), TemplateCatalog.audience(type), TemplateCatalog.category(type), methods,
                TemplateCatalog.reminder(type), false, TemplateCatalog.isRequired(type));
    }

    /** The caller's customised template for the type, else the default one, trying fr_CA → fr → default locale. */
    @WithSession
    public Uni<EmailTemplateView> email(String type, boolean directSales, String locale) {
        String t = TemplateInputs.templateType(type).name();
        String partner = caller.partner();
        return firstInChain(chain(locale), l -> emails.findByKey(partner, t, l, directSales)
                .chain(found -> found != null ? Uni.createFrom().item(found) : emails.findByKey(null, t, l, directSales)))
                .map(found -> {
                    if (found == null) {
                        throw ApiException.notFound("Email template", t);
                    }
                    return EmailTemplateView.of(found);
                });
    }

    @WithSession
    public Uni<SmsTemplateView> sms(String type, boolean directSales, String locale) {
        String t = TemplateInputs.templateType(type).name();
        String partner = caller.partner();
        return firstInChain(chain(locale), l -> sms.findByKey(partner, t, l, directSales)
                .chain(found -> found != null ? Uni.createFrom().item(found) : sms.findByKey(null, t, l, directSales)))
                .map(found -> {
                    if (found == null) {
                        throw ApiException.notFound("SMS template", t);
                    }
                    return SmsTemplateView.of(found);
                });
    }

    /** Exactly the placeholders rendering of the type fills. */
    public List<ParameterView> parameters(String type) {
        NotificationTemplateType t = TemplateInputs.templateType(type);
        return TemplateCatalog.parameters(t).stream()
                .map(name -> new ParameterView("{" + name + "}", upperSnake(name), "SINGLE")).toList();
    }

    public List<CommonElementDefinitionView> commonDefinitions() {
        return List.of(new CommonElementDefinitionView(CommonElementType.UNSUBSCRIBE.name(), "BOTTOM", List.of("EMAIL")));
    }

    @WithSession
    public Uni<CommonElementView> common(String type, String locale) {
        String t = TemplateInputs.commonType(type).name();
        String partner = caller.partner();
        return firstInChain(chain(locale), l -> commons.findByKey(partner, t, l)
                .chain(found -> found != null ? Uni.createFrom().item(found) : commons.findByKey(null, t, l)))
                .map(found -> {
                    if (found == null) {
                        throw ApiException.notFound("Common element", t);
                    }
                    return CommonElementView.of(found);
                });
    }

    @WithSession
    public Uni<CommonElementView> defaultCommon(String type, String locale) {
        String t = TemplateInputs.commonType(type).name();
        return firstInChain(chain(locale), l -> commons.findByKey(null, t, l)).map(found -> {
            if (found == null) {
                throw ApiException.notFound("Default common element", t);
            }
            return CommonElementView.of(found);
        });
    }

    @WithSession
    public Uni<EmailTemplateView> defaultEmail(String type, String locale) {
        String t = TemplateInputs.templateType(type).name();
        return firstInChain(chain(locale), l -> emails.findByKey(null, t, l, false)).map(found -> {
            if (found == null) {
                throw ApiException.notFound("Default email template", t);
            }
            return EmailTemplateView.of(found);
        });
    }

    // ---------------------------------------------------------------- writes

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
                ? emails.findById(in.id()).map(found -> owned(found, partner, in.id(), "Email template"))
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
                ? sms.findById(in.id()).map(found -> owned(found, partner, in.id(), "SMS template"))
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
                ? commons.findById(in.id()).map(found -> owned(found, partner, in.id(), "Common element"))
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

    // ---------------------------------------------------------------- helpers

    /**
     * An update by id touches only a template of the same owner: another partner's → 403; a partner template through
     * the default API (or the reverse) → 404, it is not a template of that API.
     */
    private static <T> T owned(T found, String partner, Long id, String what) {
        if (found == null) {
            throw ApiException.notFound(what, id);
        }
        String owner = ownerOf(found);
        if (partner == null) {
            if (owner != null) {
                throw ApiException.notFound(what, id);
            }
        } else if (owner == null) {
            throw ApiException.notFound(what, id);
        } else if (!owner.equals(partner)) {
            throw ApiException.forbidden();
        }
        return found;
    }

    private static String ownerOf(Object template) {
        if (template instanceof EmailTemplate t) {
            return t.partner;
        }
        if (template instanceof SmsTemplate t) {
            return t.partner;
        }
        return ((CommonElement) template).partner;
    }

    private List<String> chain(String locale) {
        return Locales.chain(locale, config.defaultLocale());
    }

    /** Tries {@code lookup} for each locale of the chain in order and emits the first non-null result (or null). */
    static <T> Uni<T> firstInChain(List<String> chain, Function<String, Uni<T>> lookup) {
        Uni<T> result = Uni.createFrom().nullItem();
        for (String locale : chain) {
            result = result.chain(found -> found != null ? Uni.createFrom().item(found) : lookup.apply(locale));
        }
        return result;
    }

    static String upperSnake(String camel) {
        return camel.replaceAll("([a-z0-9])([A-Z])", "$1_$2").toUpperCase(Locale.ROOT);
    }
}
