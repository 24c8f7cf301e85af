package dev.marketplace.devstack;

import java.io.IOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

import jakarta.mail.Address;
import jakarta.mail.MessagingException;
import jakarta.mail.Multipart;
import jakarta.mail.Part;
import jakarta.mail.internet.MimeMessage;

import com.icegreen.greenmail.store.StoredMessage;
import com.icegreen.greenmail.util.GreenMail;

/**
 * Every email the SMTP server received and every SMS the SMS sandbox kept, each read once into an
 * {@link InboxMessage} with an id of its own ({@code m<n>} for mail, {@code s<n>} for SMS, in order of arrival).
 * Every read takes in what arrived first, so a message sent a moment ago is there.
 */
public final class InboxMessages {
    private final GreenMail mail;
    private final SmsSandbox sms;
    private final List<InboxMessage> messages = new ArrayList<>();
    private int mailSeen;
    private int mailCount;
    private final Set<String> messageIds = new HashSet<>();
    private int smsSeen;
    private int announced;

    InboxMessages(GreenMail mail, SmsSandbox sms) {
        this.mail = mail;
        this.sms = sms;
    }

    /** Takes in what arrived since the last call, in order of arrival. */
    private void collect() {
        List<InboxMessage> added = new ArrayList<>();
        // the store's messages in order of arrival (what getReceivedMessages() reads), with the time each arrived
        List<StoredMessage> received = mail.getManagers().getImapHostManager().getAllMessages();
        for (; mailSeen < received.size(); mailSeen++) {
            StoredMessage stored = received.get(mailSeen);
            // a message to several recipients is stored once per mailbox: the inbox shows it once
            if (firstCopy(stored.getMimeMessage())) {
                added.add(email("m" + (++mailCount), stored.getMimeMessage(), stored.getReceivedDate().toInstant()));
            }
        }
        List<SmsSandbox.Sms> kept = sms.kept();
        for (; smsSeen < kept.size(); smsSeen++) {
            SmsSandbox.Sms s = kept.get(smsSeen);
            added.add(new InboxMessage("s" + (smsSeen + 1), InboxMessage.Kind.SMS, s.from(), List.of(s.to()), null,
                    s.receivedAt(), s.text(), null, InboxMessage.linksIn(s.text(), null)));
        }
        messages.addAll(added);
    }

    /** The messages not handed out by this method before, oldest first: what the console has yet to print. */
    public synchronized List<InboxMessage> unannounced() {
        collect();
        List<InboxMessage> fresh = List.copyOf(messages.subList(announced, messages.size()));
        announced = messages.size();
        return fresh;
    }

    /** Newest first; {@code to} (an address or phone number, null for all) keeps those sent to it. */
    public synchronized List<InboxMessage> list(String to) {
        collect();
        return messages.stream()
                .filter(m -> to == null || to.isBlank() || m.to().stream().anyMatch(r -> r.equalsIgnoreCase(to.trim())))
                .sorted(Comparator.comparing(InboxMessage::receivedAt).thenComparingInt(messages::indexOf).reversed())
                .toList();
    }

    public synchronized Optional<InboxMessage> find(String id) {
        collect();
        return messages.stream().filter(m -> m.id().equals(id)).findFirst();
    }

    private boolean firstCopy(MimeMessage message) {
        try {
            String messageId = message.getMessageID();
            return messageId == null || messageIds.add(messageId);
        } catch (MessagingException e) {
            return true;
        }
    }

    private static InboxMessage email(String id, MimeMessage message, Instant receivedAt) {
        try {
            Body body = new Body();
            body.read(message);
            String text = body.text != null ? body.text.strip() : body.html != null ? InboxMessage.textOf(body.html) : "";
            return new InboxMessage(id, InboxMessage.Kind.EMAIL, addresses(message.getFrom()).stream().findFirst().orElse(null),
                    addresses(message.getAllRecipients()), message.getSubject(), receivedAt, text, body.html,
                    InboxMessage.linksIn(text, body.html));
        } catch (MessagingException | IOException e) {
            return new InboxMessage(id, InboxMessage.Kind.EMAIL, null, List.of(), "(unreadable message)", receivedAt,
                    "The devstack could not read this message: " + e.getMessage(), null, List.of());
        }
    }

    private static List<String> addresses(Address[] addresses) {
        if (addresses == null) {
            return List.of();
        }
        return Arrays.stream(addresses).map(a -> a instanceof jakarta.mail.internet.InternetAddress ia ? ia.getAddress()
                : a.toString()).toList();
    }

    /** The first text/plain and text/html parts of a message, however deep in its multiparts. */
    private static final class Body {
        String text;
        String html;

        void read(Part part) throws MessagingException, IOException {
            if (part.isMimeType("text/plain") && text == null && !Part.ATTACHMENT.equalsIgnoreCase(part.getDisposition())) {
                text = String.valueOf(part.getContent());
            } else if (part.isMimeType("text/html") && html == null) {
                html = String.valueOf(part.getContent());
            } else if (part.isMimeType("multipart/*")) {
                Multipart parts = (Multipart) part.getContent();
                for (int i = 0; i < parts.getCount(); i++) {
                    read(parts.getBodyPart(i));
                }
            }
        }
    }
}
