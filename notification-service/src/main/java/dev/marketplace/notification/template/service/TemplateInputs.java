package dev.marketplace.notification.template.service;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Set;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.marketplace.common.error.ApiException;
import dev.marketplace.notification.template.domain.CommonElementType;
import dev.marketplace.notification.template.domain.NotificationTemplateType;

/**
 * Reads and checks the bodies of the create-or-update operations, collecting every violated field into one 400.
 * {@code partner}, {@code defaultTemplate} and {@code defaultCommonElement} are accepted but decided by the path and
 * the caller, never by the body.
 */
public final class TemplateInputs {
    static final int MAX_SUBJECT = 998;
    static final int MAX_CONTENT = 200_000;
    static final int MAX_SMS = 1_600;

    private TemplateInputs() {
    }

    public record EmailInput(Long id, String type, String locale, String subject, String content, Boolean enabled,
            String reminderPattern, boolean directSales, Long fallbackEmailTemplateId) {
    }

    public record SmsInput(Long id, String type, String locale, String content, Boolean enabled, boolean directSales) {
    }

    public record CommonInput(Long id, String type, String locale, String content, Boolean enabled) {
    }

    public static EmailInput email(JsonNode body, TemplateRenderer renderer) {
        Reader r = new Reader(body, Set.of("id", "type", "locale", "subject", "content", "enabled", "reminderPattern",
                "directSales", "defaultTemplate", "partner", "fallbackEmailTemplateId"));
        EmailInput input = new EmailInput(r.id("id"), r.templateType(), r.locale(), r.requiredText("subject", MAX_SUBJECT),
                r.template("content", MAX_CONTENT, renderer), r.bool("enabled"), r.text("reminderPattern", 255),
                Boolean.TRUE.equals(r.bool("directSales")), r.id("fallbackEmailTemplateId"));
        r.bool("defaultTemplate");
        r.text("partner", 64);
        r.done();
        return input;
    }

    public static SmsInput sms(JsonNode body, TemplateRenderer renderer) {
        Reader r = new Reader(body, Set.of("id", "type", "locale", "content", "enabled", "directSales", "Subject", "subject"));
        SmsInput input = new SmsInput(r.id("id"), r.templateType(), r.locale(), r.template("content", MAX_SMS, renderer),
                r.bool("enabled"), Boolean.TRUE.equals(r.bool("directSales")));
        r.text("Subject", MAX_SUBJECT);
        r.text("subject", MAX_SUBJECT);
        r.done();
        return input;
    }

    public static CommonInput common(JsonNode body, TemplateRenderer renderer) {
        Reader r = new Reader(body, Set.of("id", "type", "locale", "content", "enabled", "partner", "defaultCommonElement"));
        CommonInput input = new CommonInput(r.id("id"), r.commonType(), r.locale(), r.template("content", MAX_CONTENT, renderer),
                r.bool("enabled"));
        r.bool("defaultCommonElement");
        r.text("partner", 64);
        r.done();
        return input;
    }

    /** Path parameter {@code type} of the template reads. */
    public static NotificationTemplateType templateType(String type) {
        return NotificationTemplateType.parse(type)
                .orElseThrow(() -> ApiException.invalidField("type", "must be a NotificationTemplateType"));
    }

    public static CommonElementType commonType(String type) {
        if (!"UNSUBSCRIBE".equals(type)) {
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
            throw ApiException.invalidField("locale", "must be a locale such as en or fr_CA");
        }
        return Locales.normalize(locale);
    }

    private static final class Reader {
        private final JsonNode body;
        private final List<String> errors = new ArrayList<>();

        Reader(JsonNode body, Set<String> known) {
            if (body == null || !body.isObject()) {
                throw ApiException.badRequest("INVALID_BODY", "body: must be a JSON object");
            }
            this.body = body;
            for (Iterator<String> names = ((ObjectNode) body).fieldNames(); names.hasNext();) {
                String name = names.next();
                if (!known.contains(name)) {
                    errors.add(name + ": is not a known property");
                }
            }
        }

        private JsonNode value(String field) {
            JsonNode node = body.get(field);
            return node == null || node.isNull() ? null : node;
        }

        Long id(String field) {
            JsonNode node = value(field);
            if (node == null) {
                return null;
            }
            if (!node.canConvertToLong() || !node.isIntegralNumber() || node.asLong() < 1) {
                errors.add(field + ": must be a positive integer");
                return null;
            }
            return node.asLong();
        }

        Boolean bool(String field) {
            JsonNode node = value(field);
            if (node == null) {
                return null;
            }
            if (!node.isBoolean()) {
                errors.add(field + ": must be a boolean");
                return null;
            }
            return node.asBoolean();
        }

        String text(String field, int max) {
            JsonNode node = value(field);
            if (node == null) {
                return null;
            }
            if (!node.isTextual()) {
                errors.add(field + ": must be a string");
                return null;
            }
            if (node.asText().length() > max) {
                errors.add(field + ": must be at most " + max + " characters");
                return null;
            }
            return node.asText();
        }

        String requiredText(String field, int max) {
            JsonNode node = value(field);
            if (node == null || (node.isTextual() && node.asText().isBlank())) {
                errors.add(field + ": is required");
                return null;
            }
            return text(field, max);
        }

        String template(String field, int max, TemplateRenderer renderer) {
            String content = requiredText(field, max);
            if (content != null) {
                try {
                    renderer.validate(field, content);
                } catch (ApiException e) {
                    errors.add(e.getMessage());
                }
            }
            return content;
        }

        String locale() {
            String locale = requiredText("locale", 16);
            if (locale == null) {
                return null;
            }
            if (!Locales.isValid(locale)) {
                errors.add("locale: must be a locale such as en or fr_CA");
                return null;
            }
            return Locales.normalize(locale);
        }

        String templateType() {
            JsonNode node = value("type");
            if (node == null) {
                errors.add("type: is required");
                return null;
            }
            if (!node.isTextual() || NotificationTemplateType.parse(node.asText()).isEmpty()) {
                errors.add("type: must be a NotificationTemplateType");
                return null;
            }
            return node.asText();
        }

        String commonType() {
            JsonNode node = value("type");
            if (node == null) {
                errors.add("type: is required");
                return null;
            }
            if (!node.isTextual() || !"UNSUBSCRIBE".equals(node.asText())) {
                errors.add("type: must be UNSUBSCRIBE");
                return null;
            }
            return node.asText();
        }

        void done() {
            if (!errors.isEmpty()) {
                throw new ApiException(400, "INVALID_FIELD", String.join("; ", errors.stream().sorted().toList()));
            }
        }
    }
}
