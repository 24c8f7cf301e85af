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

    public record Received(String subject, String html, String from, String eventHeader) {
    }

    public static List<Received> of(String recipient) {
        List<Received> result = new ArrayList<>();
        try {
            for (MimeMessage message : SmtpResource.greenMail().getReceivedMessages()) {
                Address[] to = message.getRecipients(Message.RecipientType.TO);
                if (to != null && Arrays.stream(to).anyMatch(a -> a.toString().equalsIgnoreCase(recipient))) {
                    String[] event = message.getHeader("X-Marketplace-Event");
                    result.add(new Received(message.getSubject(), html(message), message.getFrom()[0].toString(),
                            event == null ? null : event[0]));
                }
            }
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
        return result;
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
