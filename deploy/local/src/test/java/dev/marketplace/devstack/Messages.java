package dev.marketplace.devstack;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import jakarta.mail.Message;
import jakarta.mail.Multipart;
import jakarta.mail.Part;
import jakarta.mail.internet.MimeMessage;

import dev.marketplace.testkit.Eventually;

/**
 * The messages notification-service sent through the devstack, as their recipients get them: emails at the SMTP
 * server (GreenMail), identified by the template type notification-service names in {@code X-Marketplace-Template},
 * and SMS at the SMS sandbox. Each check waits for the message, then asserts that it is written in the expected
 * language ({@code Content-Language}), that the values given appear in it, and that no placeholder was left unfilled.
 */
final class Messages {
    static final Duration WAIT = Duration.ofSeconds(120);
    /** A placeholder of the templates' syntax, {@code {name}}, left in a rendered message. */
    private static final Pattern PLACEHOLDER = Pattern.compile("\\{[A-Za-z][A-Za-z0-9]*\\}");
    private static final Pattern LINK = Pattern.compile("https?://[^\\s\"'<>]+");

    private Messages() {
    }

    /** One email as received: its subject, its decoded text (every text part), its template type and language. */
    record Email(String to, String subject, String text, String type, String language) {
        /** Asserts the language (its primary tag: {@code fr} for fr-FR), the values and that nothing is left unfilled. */
        Email assertRendered(String expectedLanguage, String... values) {
            String all = subject + "\n" + text;
            assertEquals(expectedLanguage, language == null ? null : language.split("-")[0],
                    type + " to " + to + " is written in " + language + ": " + subject);
            for (String value : values) {
                assertTrue(all.contains(value), type + " to " + to + " names \"" + value + "\": " + all);
            }
            Matcher left = PLACEHOLDER.matcher(all);
            assertFalse(left.find(), type + " to " + to + " has an unfilled placeholder " + (left.hitEnd() ? "" : left.group())
                    + ": " + all);
            assertFalse(all.contains("sealed:"), type + " to " + to + " carries a sealed value unopened: " + all);
            return this;
        }

        /** The links the message carries, in order. */
        List<String> links() {
            List<String> links = new ArrayList<>();
            Matcher m = LINK.matcher(text);
            while (m.find()) {
                links.add(m.group());
            }
            return links;
        }
    }

    /** The email of {@code type} to {@code recipient}, waiting for it. */
    static Email email(String recipient, String type) {
        return await("the " + type + " email to " + recipient, () -> emails(recipient, type).stream().findFirst().orElse(null));
    }

    /** The email of {@code type} to {@code recipient} whose subject or text contains {@code mentioning}, waiting for it. */
    static Email email(String recipient, String type, String mentioning) {
        return await("the " + type + " email to " + recipient + " about " + mentioning,
                () -> mentioning(recipient, type, mentioning).stream().findFirst().orElse(null));
    }

    /** Every email of {@code type} to {@code recipient} so far whose subject or text contains {@code value}. */
    static List<Email> mentioning(String recipient, String type, String value) {
        return emails(recipient, type).stream().filter(m -> m.subject().contains(value) || m.text().contains(value)).toList();
    }

    /** Waits until exactly {@code count} emails of {@code type} reached {@code recipient}; answers them, oldest first. */
    static List<Email> emails(String recipient, String type, int count) {
        List<Email> found = await(count + " " + type + " emails to " + recipient, () -> {
            List<Email> now = emails(recipient, type);
            return now.size() >= count ? now : null;
        });
        assertEquals(count, found.size(), found.toString());
        return found;
    }

    /** Every email of {@code type} to {@code recipient} received so far, oldest first. */
    static List<Email> emails(String recipient, String type) {
        List<Email> found = new ArrayList<>();
        try {
            for (MimeMessage m : Suite.stack().mail().getReceivedMessages()) {
                if (type.equals(header(m, "X-Marketplace-Template")) && m.getRecipients(Message.RecipientType.TO) != null
                        && Arrays.stream(m.getRecipients(Message.RecipientType.TO))
                                .anyMatch(a -> a.toString().equalsIgnoreCase(recipient))) {
                    found.add(new Email(recipient, m.getSubject(), text(m), type, header(m, "Content-Language")));
                }
            }
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
        return found;
    }

    /** The SMS to {@code phone} whose text contains {@code part}, waiting for it; asserts the values appear in it. */
    static String sms(String phone, String part, String... values) {
        String text = await("an SMS to " + phone + " with \"" + part + "\"", () -> Suite.stack().sms().kept().stream()
                .filter(s -> s.to().equals(phone) && s.text().contains(part)).map(s -> s.text()).findFirst().orElse(null));
        for (String value : values) {
            assertTrue(text.contains(value), "the SMS to " + phone + " names \"" + value + "\": " + text);
        }
        assertFalse(PLACEHOLDER.matcher(text).find(), "the SMS to " + phone + " has an unfilled placeholder: " + text);
        return text;
    }

    interface Probe<T> {
        T get() throws Exception;
    }

    /** Polls {@code probe} until it answers something, for up to {@link #WAIT} (testkit's {@link Eventually}). */
    static <T> T await(String what, Probe<T> probe) {
        return Eventually.found(() -> {
            try {
                return java.util.Optional.ofNullable(probe.get());
            } catch (RuntimeException e) {
                throw e;
            } catch (Exception e) {
                throw new IllegalStateException(what, e);
            }
        }, what, WAIT);
    }

    private static String header(MimeMessage m, String name) throws Exception {
        String[] values = m.getHeader(name);
        return values == null ? null : values[0];
    }

    private static String text(Part part) throws Exception {
        if (part.isMimeType("text/*")) {
            return String.valueOf(part.getContent());
        }
        if (part.getContent() instanceof Multipart multipart) {
            StringBuilder all = new StringBuilder();
            for (int i = 0; i < multipart.getCount(); i++) {
                all.append(text(multipart.getBodyPart(i)));
            }
            return all.toString();
        }
        return "";
    }
}
