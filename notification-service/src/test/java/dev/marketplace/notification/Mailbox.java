package dev.marketplace.notification;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import jakarta.mail.Address;
import jakarta.mail.Message;
import jakarta.mail.Multipart;
import jakarta.mail.Part;
import jakarta.mail.internet.MimeMessage;

import dev.marketplace.testkit.SmtpResource;

/** What the real SMTP server (GreenMail) received for one address, decoded. */
public final class Mailbox {
    private Mailbox() {
    }

    /** {@code template}: the X-Marketplace-Template header; {@code language}: the Content-Language header. */
    public record Received(String subject, String html, String from, String eventHeader, String template, String language) {
    }

    public static List<Received> of(String recipient) {
        List<Received> result = new ArrayList<>();
        try {
            for (MimeMessage message : SmtpResource.greenMail().getReceivedMessages()) {
                Address[] to = message.getRecipients(Message.RecipientType.TO);
                if (to != null && Arrays.stream(to).anyMatch(a -> a.toString().equalsIgnoreCase(recipient))) {
                    result.add(new Received(message.getSubject(), html(message), message.getFrom()[0].toString(),
                            header(message, "X-Marketplace-Event"), header(message, "X-Marketplace-Template"),
                            header(message, "Content-Language")));
                }
            }
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
        return result;
    }

    private static String header(MimeMessage message, String name) throws Exception {
        String[] values = message.getHeader(name);
        return values == null ? null : values[0];
    }

    private static String html(Part part) throws Exception {
        if (part.isMimeType("text/*")) {
            return part.getContent().toString();
        }
        if (part.getContent() instanceof Multipart multipart) {
            StringBuilder b = new StringBuilder();
            for (int i = 0; i < multipart.getCount(); i++) {
                b.append(html(multipart.getBodyPart(i)));
            }
            return b.toString();
        }
        return "";
    }
}
