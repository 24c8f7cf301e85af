package dev.marketplace.notification.template.service;

import java.util.List;

import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Positive;
import jakarta.validation.constraints.Size;

import com.fasterxml.jackson.annotation.JsonProperty;

import dev.marketplace.common.error.ApiException;
import dev.marketplace.common.input.Violations;
import dev.marketplace.notification.template.domain.CommonElementType;
import dev.marketplace.notification.template.domain.NotificationTemplateType;
import dev.marketplace.notification.template.domain.TemplateCatalog;

/**
 * The bodies of the create-or-update operations: typed records checked by Bean Validation (annotations) and, for the
 * rules an annotation cannot express (a known template type, a well-formed locale, content that parses as a Qute
 * template), by {@link Violations}; every violated field is named in one 400. {@code partner},
 * {@code defaultTemplate} and {@code defaultCommonElement} are accepted but decided by the path and the caller, never by
 * the body.
 */
public final class TemplateInputs {
    static final String REQUIRED = "is required";
    static final String POSITIVE = "must be a positive integer";

    private TemplateInputs() {
    }

    public record EmailInput(@Positive(message = POSITIVE) Long id, @NotBlank(message = REQUIRED) String type,
            @NotBlank(message = REQUIRED) @Size(max = 16, message = "must be at most {max} characters") String locale,
            @NotBlank(message = REQUIRED) @Size(max = 998, message = "must be at most {max} characters") String subject,
            @NotBlank(message = REQUIRED) @Size(max = 200_000, message = "must be at most {max} characters") String content,
            Boolean enabled, @Size(max = 255, message = "must be at most {max} characters") String reminderPattern,
            Boolean directSales, @Positive(message = POSITIVE) Long fallbackEmailTemplateId, Boolean defaultTemplate,
            @Size(max = 64, message = "must be at most {max} characters") String partner) {

        /** The input with its locale normalised, once the rules across fields hold (400 otherwise). */
        public EmailInput checked(TemplateRenderer renderer) {
            List<String> parameters = parametersOf(type);
            Violations.start()
                    .when(NotificationTemplateType.parse(type).isEmpty(), "type", "must be a NotificationTemplateType")
                    .when(!Locales.isValid(locale), "locale", LOCALE_RULE)
                    .when(renderer.problem(subject, parameters) != null, "subject", renderer.problem(subject, parameters))
                    .when(renderer.problem(content, parameters) != null, "content", renderer.problem(content, parameters))
                    .throwIfAny();
            return new EmailInput(id, type, Locales.normalize(locale), subject, content, enabled, reminderPattern,
                    Boolean.TRUE.equals(directSales), fallbackEmailTemplateId, defaultTemplate, partner);
        }

        public boolean forDirectSales() {
            return Boolean.TRUE.equals(directSales);
        }
    }

    /** {@code Subject} / {@code subject}: sent by some clients for SMS, accepted and ignored. */
    public record SmsInput(@Positive(message = POSITIVE) Long id, @NotBlank(message = REQUIRED) String type,
            @NotBlank(message = REQUIRED) @Size(max = 16, message = "must be at most {max} characters") String locale,
            @NotBlank(message = REQUIRED) @Size(max = 1_600, message = "must be at most {max} characters") String content,
            Boolean enabled, Boolean directSales,
            @JsonProperty("Subject") @Size(max = 998, message = "must be at most {max} characters") String capitalSubject,
            @Size(max = 998, message = "must be at most {max} characters") String subject) {

        public SmsInput checked(TemplateRenderer renderer) {
            List<String> parameters = parametersOf(type);
            Violations.start()
                    .when(NotificationTemplateType.parse(type).isEmpty(), "type", "must be a NotificationTemplateType")
                    .when(!Locales.isValid(locale), "locale", LOCALE_RULE)
                    .when(renderer.problem(content, parameters) != null, "content", renderer.problem(content, parameters))
                    .throwIfAny();
            return new SmsInput(id, type, Locales.normalize(locale), content, enabled, Boolean.TRUE.equals(directSales),
                    capitalSubject, subject);
        }

        public boolean forDirectSales() {
            return Boolean.TRUE.equals(directSales);
        }
    }

    public record CommonInput(@Positive(message = POSITIVE) Long id, @NotBlank(message = REQUIRED) String type,
            @NotBlank(message = REQUIRED) @Size(max = 16, message = "must be at most {max} characters") String locale,
            @NotBlank(message = REQUIRED) @Size(max = 200_000, message = "must be at most {max} characters") String content,
            Boolean enabled, @Size(max = 64, message = "must be at most {max} characters") String partner,
            Boolean defaultCommonElement) {

        public CommonInput checked(TemplateRenderer renderer) {
            Violations.start()
                    .when(!CommonElementType.UNSUBSCRIBE.name().equals(type), "type", "must be UNSUBSCRIBE")
                    .when(!Locales.isValid(locale), "locale", LOCALE_RULE)
                    .when(renderer.problem(content) != null, "content", renderer.problem(content))
                    .throwIfAny();
            return new CommonInput(id, type, Locales.normalize(locale), content, enabled, partner, defaultCommonElement);
        }
    }

    static final String LOCALE_RULE = "must be a locale such as en or fr_CA";

    /** The names a message of {@code type} fills ({@code /templates/parameters/{type}}); an unknown type fills none. */
    private static List<String> parametersOf(String type) {
        return NotificationTemplateType.parse(type).map(TemplateCatalog::parameters).orElse(List.of());
    }

    /** Path parameter {@code type} of the template reads. */
    public static NotificationTemplateType templateType(String type) {
        return NotificationTemplateType.parse(type)
                .orElseThrow(() -> ApiException.invalidField("type", "must be a NotificationTemplateType"));
    }

    public static CommonElementType commonType(String type) {
        if (!CommonElementType.UNSUBSCRIBE.name().equals(type)) {
            throw ApiException.invalidField("type", "must be UNSUBSCRIBE");
        }
        return CommonElementType.UNSUBSCRIBE;
    }

    /** Optional {@code locale} query parameter of the reads. */
    public static String localeParam(String locale) {
        if (locale == null || locale.isBlank()) {
            return null;
        }
        if (!Locales.isValid(locale)) {
            throw ApiException.invalidField("locale", LOCALE_RULE);
        }
        return Locales.normalize(locale);
    }
}
