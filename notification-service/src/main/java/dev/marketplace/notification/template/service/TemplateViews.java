package dev.marketplace.notification.template.service;

import java.util.List;

import dev.marketplace.notification.template.domain.CommonElement;
import dev.marketplace.notification.template.domain.EmailTemplate;
import dev.marketplace.notification.template.domain.SmsTemplate;

/** The JSON shapes of the templates API (AppDirect NotificationEmailTemplateWS and friends). */
public final class TemplateViews {
    private TemplateViews() {
    }

    public record EmailTemplateView(Long id, String type, String locale, String subject, String content, boolean enabled,
            String reminderPattern, boolean directSales, boolean defaultTemplate, String partner,
            Long fallbackEmailTemplateId) {
        public static EmailTemplateView of(EmailTemplate t) {
            return new EmailTemplateView(t.id, t.type, t.locale, t.subject, t.content, t.enabled, t.reminderPattern,
                    t.directSales, t.partner == null, t.partner, t.fallbackEmailTemplateId);
        }
    }

    public record SmsTemplateView(Long id, String type, String locale, String content, boolean enabled, boolean directSales) {
        public static SmsTemplateView of(SmsTemplate t) {
            return new SmsTemplateView(t.id, t.type, t.locale, t.content, t.enabled, t.directSales);
        }
    }

    public record CommonElementView(Long id, String type, String content, String locale, boolean enabled, String partner,
            boolean defaultCommonElement) {
        public static CommonElementView of(CommonElement e) {
            return new CommonElementView(e.id, e.type, e.content, e.locale, e.enabled, e.partner, e.partner == null);
        }
    }

    public record MethodView(String method, boolean enabled) {
    }

    public record TemplateDefinitionView(String type, String audience, String category, List<MethodView> methods,
            String reminder, boolean generated, boolean required) {
    }

    public record CommonElementDefinitionView(String type, String position, List<String> methods) {
    }

    public record ParameterView(String parameterName, String type, String valueType) {
    }
}
