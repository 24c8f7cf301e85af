package dev.marketplace.notification.template.service;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import jakarta.enterprise.context.ApplicationScoped;

import dev.marketplace.common.error.ApiException;
import dev.marketplace.common.security.Caller;
import dev.marketplace.notification.NotificationConfig;
import dev.marketplace.notification.template.domain.CommonElementType;
import dev.marketplace.notification.template.domain.EmailTemplate;
import dev.marketplace.notification.template.domain.NotificationTemplateType;
import dev.marketplace.notification.template.domain.SmsTemplate;
import dev.marketplace.notification.template.domain.TemplateCatalog;
import dev.marketplace.notification.template.repository.CommonElementRepository;
import dev.marketplace.notification.template.repository.EmailTemplateRepository;
import dev.marketplace.notification.template.repository.SmsTemplateRepository;
import dev.marketplace.notification.template.service.TemplateViews.CommonElementDefinitionView;
import dev.marketplace.notification.template.service.TemplateViews.CommonElementView;
import dev.marketplace.notification.template.service.TemplateViews.EmailTemplateView;
import dev.marketplace.notification.template.service.TemplateViews.MethodView;
import dev.marketplace.notification.template.service.TemplateViews.ParameterView;
import dev.marketplace.notification.template.service.TemplateViews.SmsTemplateView;
import dev.marketplace.notification.template.service.TemplateViews.TemplateDefinitionView;
import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.smallrye.mutiny.Uni;

/**
 * The templates API's reads: the caller's customised template, else the default one, by locale fallback; the types and
 * their parameters; the default templates ({@code partner == null}). Changes are {@link TemplateChanges}'.
 */
@ApplicationScoped
public class TemplateService {
    private final EmailTemplateRepository emails;
    private final SmsTemplateRepository sms;
    private final CommonElementRepository commons;
    private final NotificationConfig config;
    private final Caller caller;

    public TemplateService(EmailTemplateRepository emails, SmsTemplateRepository sms, CommonElementRepository commons,
            NotificationConfig config, Caller caller) {
        this.emails = emails;
        this.sms = sms;
        this.commons = commons;
        this.config = config;
        this.caller = caller;
    }

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
        return Locales.firstInChain(chain(locale), l -> emails.findByKey(partner, t, l, directSales)
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
        return Locales.firstInChain(chain(locale), l -> sms.findByKey(partner, t, l, directSales)
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
        return Locales.firstInChain(chain(locale), l -> commons.findByKey(partner, t, l)
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
        return Locales.firstInChain(chain(locale), l -> commons.findByKey(null, t, l)).map(found -> {
            if (found == null) {
                throw ApiException.notFound("Default common element", t);
            }
            return CommonElementView.of(found);
        });
    }

    @WithSession
    public Uni<EmailTemplateView> defaultEmail(String type, String locale) {
        String t = TemplateInputs.templateType(type).name();
        return Locales.firstInChain(chain(locale), l -> emails.findByKey(null, t, l, false)).map(found -> {
            if (found == null) {
                throw ApiException.notFound("Default email template", t);
            }
            return EmailTemplateView.of(found);
        });
    }

    private List<String> chain(String locale) {
        return Locales.chain(locale, config.defaultLocale());
    }

    static String upperSnake(String camel) {
        return camel.replaceAll("([a-z0-9])([A-Z])", "$1_$2").toUpperCase(Locale.ROOT);
    }
}
