package dev.marketplace.catalog.integration.service;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import java.net.URI;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import jakarta.validation.Constraint;
import jakarta.validation.ConstraintValidator;
import jakarta.validation.ConstraintValidatorContext;
import jakarta.validation.Payload;

import dev.marketplace.catalog.integration.domain.VendorEventType;
import dev.marketplace.common.net.OutboundUrlGuard;

/**
 * Event URL templates by event type: each key a {@link VendorEventType}, each value an absolute http(s) URL of at most
 * 2048 characters containing {@code {eventUrl}} (null removes the URL). A bad entry is reported under its own name
 * ({@code eventUrls.SUBSCRIPTION_ORDER}). Whether the URL may be called at all is the outbound-URL guard's decision.
 */
@Documented
@Constraint(validatedBy = EventUrlTemplates.Validator.class)
@Target({ ElementType.FIELD, ElementType.METHOD, ElementType.PARAMETER, ElementType.RECORD_COMPONENT })
@Retention(RetentionPolicy.RUNTIME)
public @interface EventUrlTemplates {
    String PLACEHOLDER = "{eventUrl}";

    String message() default "must map event types to URL templates";

    Class<?>[] groups() default {};

    Class<? extends Payload>[] payload() default {};

    class Validator implements ConstraintValidator<EventUrlTemplates, Map<String, String>> {
        @Override
        public boolean isValid(Map<String, String> urls, ConstraintValidatorContext context) {
            if (urls == null) {
                return true;
            }
            boolean valid = true;
            context.disableDefaultConstraintViolation();
            for (Map.Entry<String, String> e : urls.entrySet()) {
                String rule = rule(e.getKey(), e.getValue());
                if (rule != null) {
                    valid = false;
                    // the message is a literal: escape what Bean Validation would interpolate
                    context.buildConstraintViolationWithTemplate(rule.replace("{", "\\{").replace("}", "\\}"))
                            .addPropertyNode(e.getKey()).addConstraintViolation();
                }
            }
            return valid;
        }

        private static String rule(String type, String url) {
            if (!isEventType(type)) {
                return "is not an event type (" + List.of(VendorEventType.values()) + ")";
            }
            if (url == null) {
                return null;
            }
            if (url.length() > 2048) {
                return "must be at most 2048 characters";
            }
            if (!url.contains(PLACEHOLDER) || !isHttpUrl(url.replace(PLACEHOLDER, "x"))) {
                return "must be an absolute http(s) URL containing " + PLACEHOLDER;
            }
            return null;
        }

        private static boolean isEventType(String type) {
            for (VendorEventType t : VendorEventType.values()) {
                if (t.name().equals(type)) {
                    return true;
                }
            }
            return false;
        }

        private static boolean isHttpUrl(String value) {
            try {
                URI uri = new URI(value);
                String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
                // the guard's reading of the host: a numeric spelling (127.1) is judged by it, not refused as hostless
                return uri.isAbsolute() && (scheme.equals("http") || scheme.equals("https")) && OutboundUrlGuard.hostOf(uri) != null;
            } catch (Exception e) {
                return false;
            }
        }
    }
}
