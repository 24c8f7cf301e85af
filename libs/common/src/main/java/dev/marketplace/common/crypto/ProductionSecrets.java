package dev.marketplace.common.crypto;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import jakarta.annotation.Priority;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.interceptor.Interceptor;

import org.eclipse.microprofile.config.Config;
import org.eclipse.microprofile.config.ConfigValue;

import io.quarkus.runtime.StartupEvent;
import io.quarkus.runtime.configuration.ConfigUtils;

/**
 * Refuses a production start while a secret the service needs is unset or still the development default: every
 * property named in {@code marketplace.secrets.required} must, in the {@code prod} profile, hold a value that is not
 * blank, not the fallback written in application.properties ({@code ${ENV:fallback}}, or a plain value shipped there),
 * and not a well-known development value. The error names the environment variable to set. It runs before any other
 * start-up work (a bootstrap consumer, a generated key pair) can use the weak value.
 * <p>
 * Entries: a property name; {@code a|b} when either may be set (a key inline or as a file); {@code a|!flag} when the
 * secret is not needed while the boolean {@code flag} is false (for example a bootstrap consumer that is turned off).
 */
@ApplicationScoped
public class ProductionSecrets {
    /** Values that are development defaults wherever they appear. */
    private static final List<String> WELL_KNOWN = List.of("marketplace-admin-secret", "changeme", "change-me", "secret",
            "password", "postgres");
    private static final Pattern EXPRESSION = Pattern.compile("^\\$\\{([^:}]+)(?::(.*))?}$", Pattern.DOTALL);

    void check(@Observes @Priority(Interceptor.Priority.PLATFORM_BEFORE) StartupEvent event, SecretsConfig secrets,
            Config config) {
        if (!secrets.enforce() && !ConfigUtils.isProfileActive("prod")) {
            return;
        }
        if (config.getOptionalValue("quarkus.init-and-exit", Boolean.class).orElse(false)) {
            // a migration Job (deploy/kubernetes: QUARKUS_INIT_AND_EXIT) migrates and exits: it serves nothing and is
            // given only its database credentials
            return;
        }
        List<String> problems = problems(secrets.required().orElse(List.of()), config);
        if (!problems.isEmpty()) {
            throw new IllegalStateException("Refusing to start in the prod profile: " + String.join("; ", problems));
        }
    }

    /** One sentence per required entry that no real secret satisfies, naming the variable to set. */
    static List<String> problems(List<String> required, Config config) {
        List<String> problems = new ArrayList<>();
        for (String entry : required) {
            String trimmed = entry.trim();
            if (trimmed.isEmpty()) {
                continue;
            }
            List<String> weak = new ArrayList<>();
            boolean satisfied = false;
            for (String alternative : trimmed.split("\\|")) {
                String name = alternative.trim();
                if (name.startsWith("!")) {
                    satisfied |= !config.getOptionalValue(name.substring(1), Boolean.class).orElse(true);
                    continue;
                }
                String problem = problem(name, config);
                if (problem == null) {
                    satisfied = true;
                } else {
                    weak.add(problem);
                }
            }
            if (!satisfied) {
                problems.add(String.join(" or ", weak));
            }
        }
        return problems;
    }

    /** Null when {@code property} holds a real secret, else what is wrong, naming the variable. */
    private static String problem(String property, Config config) {
        ConfigValue value = config.getConfigValue(property);
        String variable = variableOf(property, config);
        String resolved = value.getValue();
        if (resolved == null || resolved.isBlank()) {
            return variable + " (" + property + ") is not set";
        }
        if (isShippedDefault(property, config, resolved) || isWellKnown(resolved)) {
            return variable + " (" + property + ") is still the development default";
        }
        return null;
    }

    /** The environment variable an operator sets: the one the property's {@code ${VAR:...}} names, followed through. */
    static String variableOf(String property, Config config) {
        String raw = config.getConfigValue(property).getRawValue();
        for (int depth = 0; raw != null && depth < 5; depth++) {
            Matcher m = EXPRESSION.matcher(raw.trim());
            if (!m.matches()) {
                break;
            }
            String inner = m.group(1).trim();
            if (inner.equals(inner.toUpperCase(Locale.ROOT))) {
                return inner;
            }
            // ${other.property}: that property's variable
            property = inner;
            raw = config.getConfigValue(inner).getRawValue();
        }
        return property.toUpperCase(Locale.ROOT).replaceAll("[^A-Z0-9]", "_");
    }

    /**
     * Whether the value is what application.properties ships: the fallback of its {@code ${VAR:fallback}}, or a plain
     * value written there (a variable set in the environment comes from another, higher source).
     */
    private static boolean isShippedDefault(String property, Config config, String resolved) {
        ConfigValue value = config.getConfigValue(property);
        String raw = value.getRawValue();
        for (int depth = 0; raw != null && depth < 5; depth++) {
            Matcher m = EXPRESSION.matcher(raw.trim());
            if (!m.matches()) {
                // a plain value: shipped when it comes from an application.properties file
                return isApplicationProperties(value.getSourceName());
            }
            String inner = m.group(1).trim();
            String fallback = m.group(2);
            if (config.getConfigValue(inner).getValue() == null) {
                // the variable (or property) is unset: the fallback is in use
                return fallback != null && fallback.equals(resolved);
            }
            if (inner.equals(inner.toUpperCase(Locale.ROOT))) {
                return false;
            }
            value = config.getConfigValue(inner);
            raw = value.getRawValue();
        }
        return false;
    }

    private static boolean isApplicationProperties(String sourceName) {
        return sourceName != null && sourceName.contains("application.properties");
    }

    private static boolean isWellKnown(String value) {
        String lower = value.toLowerCase(Locale.ROOT);
        return lower.contains("dev-only") || lower.contains("change-me") || WELL_KNOWN.contains(lower);
    }
}
