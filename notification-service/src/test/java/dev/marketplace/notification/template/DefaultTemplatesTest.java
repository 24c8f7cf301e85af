package dev.marketplace.notification.template;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;

import jakarta.inject.Inject;

import org.junit.jupiter.api.Test;

import dev.marketplace.notification.Transactions;
import dev.marketplace.notification.template.domain.CommonElement;
import dev.marketplace.notification.template.domain.EmailTemplate;
import dev.marketplace.notification.template.domain.NotificationTemplateType;
import dev.marketplace.notification.template.domain.SmsTemplate;
import dev.marketplace.notification.template.domain.TemplateCatalog;
import dev.marketplace.notification.template.repository.CommonElementRepository;
import dev.marketplace.notification.template.repository.EmailTemplateRepository;
import dev.marketplace.notification.template.repository.SmsTemplateRepository;
import dev.marketplace.notification.template.service.TemplateRenderer;
import io.quarkus.test.junit.QuarkusTest;

/**
 * The build-time check of the default templates (issue 45): every default the migrations ship (every type, every
 * locale, email subject and body, SMS, common elements) renders with exactly the parameters its type declares in
 * {@link TemplateCatalog}, so a placeholder the type does not provide fails the build rather than a delivery; every
 * produced type has an English and a French default; docs/notifications.md accounts for every type once and calls
 * "produced" exactly the types {@link TemplateCatalog#produced()} lists.
 */
@QuarkusTest
class DefaultTemplatesTest {
    private static final Path DOC = Path.of("..", "docs", "notifications.md");

    @Inject
    EmailTemplateRepository emails;
    @Inject
    SmsTemplateRepository sms;
    @Inject
    CommonElementRepository commons;

    private final TemplateRenderer renderer = new TemplateRenderer();

    private List<EmailTemplate> defaultEmails() {
        return Transactions.inTransaction(() -> emails.find("partner is null").list());
    }

    private List<SmsTemplate> defaultSms() {
        return Transactions.inTransaction(() -> sms.find("partner is null").list());
    }

    private List<CommonElement> defaultCommons() {
        return Transactions.inTransaction(() -> commons.find("partner is null").list());
    }

    /** A sample value per parameter, so that a rendering shows where each one lands. */
    private static Map<String, String> samples(List<String> names) {
        Map<String, String> values = new LinkedHashMap<>();
        names.forEach(n -> values.put(n, "<" + n + "-sample>"));
        return values;
    }

    /** Problems of one template text: a placeholder outside the parameters, or one the sample rendering left empty. */
    private void check(List<String> problems, String what, String content, boolean html, List<String> parameters) {
        String problem = renderer.problem(content, parameters);
        if (problem != null) {
            problems.add(what + " " + problem);
            return;
        }
        TemplateRenderer.Rendered rendered = renderer.render(content, html, samples(parameters), what);
        if (!rendered.missing().isEmpty()) {
            problems.add(what + " left " + rendered.missing() + " empty");
        }
    }

    private static List<String> parametersOf(String type) {
        return NotificationTemplateType.parse(type).map(TemplateCatalog::parameters).orElse(null);
    }

    @Test
    void everyDefaultTemplateNamesOnlyTheParametersItsTypeProvides() {
        List<String> problems = new ArrayList<>();
        List<EmailTemplate> all = defaultEmails();
        for (EmailTemplate t : all) {
            String what = "email " + t.type + " (" + t.locale + ")";
            List<String> parameters = parametersOf(t.type);
            if (parameters == null) {
                problems.add(what + " is not a NotificationTemplateType");
                continue;
            }
            check(problems, what + " subject", t.subject, false, parameters);
            check(problems, what + " body", t.content, true, parameters);
        }
        for (SmsTemplate t : defaultSms()) {
            String what = "SMS " + t.type + " (" + t.locale + ")";
            List<String> parameters = parametersOf(t.type);
            if (parameters == null) {
                problems.add(what + " is not a NotificationTemplateType");
                continue;
            }
            check(problems, what, t.content, false, parameters);
        }
        // a common element is appended to messages of every marketing type: it may use only what every type has
        for (CommonElement c : defaultCommons()) {
            check(problems, "common element " + c.type + " (" + c.locale + ")", c.content, true,
                    TemplateCatalog.COMMON_PARAMETERS);
        }
        assertEquals(List.of(), problems);
        assertTrue(all.size() >= TemplateCatalog.produced().size(), "the defaults were read: " + all.size());
    }

    /** The check itself fails on a placeholder outside the type's parameters (what it guards against). */
    @Test
    void aPlaceholderTheTypeDoesNotProvideIsCaught() {
        List<String> problems = new ArrayList<>();
        check(problems, "RESELLER_UNLINKED", "{customerName} left {resellerName} ({companyName})", true,
                TemplateCatalog.parameters(NotificationTemplateType.RESELLER_UNLINKED));
        assertEquals(1, problems.size(), problems.toString());
        assertTrue(problems.get(0).contains("{companyName}"), problems.get(0));
    }

    @Test
    void everyProducedTypeHasAnEnglishAndAFrenchDefault() {
        Map<String, Set<String>> localesByType = new TreeMap<>();
        defaultEmails().stream().filter(t -> t.enabled && !t.directSales)
                .forEach(t -> localesByType.computeIfAbsent(t.type, k -> new TreeSet<>()).add(t.locale));
        List<String> missing = new ArrayList<>();
        for (NotificationTemplateType type : TemplateCatalog.produced()) {
            Set<String> locales = localesByType.getOrDefault(type.name(), Set.of());
            for (String locale : List.of("en", "fr")) {
                if (!locales.contains(locale)) {
                    missing.add(type + " has no default email template in " + locale);
                }
            }
        }
        assertEquals(List.of(), missing);
    }

    /** Every English default (email, SMS, common element) has its French counterpart, for the types the suite sends. */
    @Test
    void everyEnglishDefaultOfAProducedTypeHasItsFrenchCounterpart() {
        Set<String> produced = TemplateCatalog.produced().stream().map(Enum::name).collect(Collectors.toSet());
        List<String> missing = new ArrayList<>();
        missing.addAll(untranslated("email", produced, defaultEmails().stream().map(t -> t.type + "|" + t.locale).toList()));
        missing.addAll(untranslated("SMS", produced, defaultSms().stream().map(t -> t.type + "|" + t.locale).toList()));
        Set<String> commonTypes = defaultCommons().stream().map(c -> c.type).collect(Collectors.toSet());
        missing.addAll(untranslated("common element", commonTypes,
                defaultCommons().stream().map(c -> c.type + "|" + c.locale).toList()));
        assertEquals(List.of(), missing);
    }

    private static List<String> untranslated(String kind, Set<String> types, List<String> typeAndLocale) {
        Set<String> present = new TreeSet<>(typeAndLocale);
        return present.stream().filter(k -> k.endsWith("|en")).map(k -> k.substring(0, k.length() - 3))
                .filter(types::contains).filter(type -> !present.contains(type + "|fr"))
                .map(type -> kind + " " + type + " has English but no French default").toList();
    }

    /** docs/notifications.md: one row per type, and "produced" there means produced here. */
    @Test
    void theNotificationsDocumentAccountsForEveryTypeOnce() throws IOException {
        Map<String, List<String>> statusByType = new TreeMap<>();
        for (String line : Files.readAllLines(DOC)) {
            if (!line.startsWith("| `")) {
                continue;
            }
            String[] cells = Arrays.stream(line.split("\\|")).map(String::trim).toArray(String[]::new);
            String type = cells[1].replace("`", "");
            String status = cells[cells.length - 1];
            statusByType.computeIfAbsent(type, k -> new ArrayList<>()).add(status);
        }
        Set<String> problems = new TreeSet<>();
        for (NotificationTemplateType type : NotificationTemplateType.values()) {
            List<String> rows = statusByType.remove(type.name());
            if (rows == null) {
                problems.add(type + " has no row");
                continue;
            }
            if (rows.size() > 1) {
                problems.add(type + " has " + rows.size() + " rows");
            }
            String status = rows.get(0);
            boolean documentedProduced = status.startsWith("produced") && !status.startsWith("produced on merge");
            if (documentedProduced != TemplateCatalog.produced().contains(type)) {
                problems.add(type + " is \"" + status + "\" in the document but "
                        + (documentedProduced ? "not " : "") + "in TemplateCatalog.produced()");
            }
            if (!status.startsWith("produced") && !status.startsWith("to produce") && !status.startsWith("no such situation")) {
                problems.add(type + " has an unknown status \"" + status + "\"");
            }
        }
        statusByType.keySet().forEach(t -> problems.add(t + " is not a NotificationTemplateType"));
        assertEquals(Set.of(), problems);
        assertEquals(EnumSet.allOf(NotificationTemplateType.class).size(), NotificationTemplateType.values().length);
    }
}
