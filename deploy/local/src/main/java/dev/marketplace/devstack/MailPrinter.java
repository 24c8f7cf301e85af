package dev.marketplace.devstack;

/**
 * Prints each email and SMS the devstack receives, with the inbox page where it can be read, so a developer sees what
 * the marketplace sent: {@code mail: to <rcpt> | <subject> | <link>}, {@code sms: to <phone> | <text start> | <link>}.
 */
final class MailPrinter {
    private MailPrinter() {
    }

    static void follow(Inbox inbox) throws InterruptedException {
        while (true) {
            for (InboxMessage m : inbox.unannounced()) {
                System.out.println(line(inbox, m));
            }
            Thread.sleep(1000);
        }
    }

    static String line(Inbox inbox, InboxMessage m) {
        return (m.kind() == InboxMessage.Kind.SMS ? "sms" : "mail") + ": to " + String.join(" ", m.to()) + " | "
                + m.summary() + " | " + inbox.messageUrl(m);
    }
}
