package dev.marketplace.devstack;

import jakarta.mail.Address;
import jakarta.mail.MessagingException;
import jakarta.mail.internet.MimeMessage;

import com.icegreen.greenmail.util.GreenMail;

/** Prints each email the local SMTP server receives, so a developer sees what the marketplace sent. */
final class MailPrinter {
    private MailPrinter() {
    }

    static void follow(GreenMail mail) throws InterruptedException {
        int seen = 0;
        while (true) {
            MimeMessage[] received = mail.getReceivedMessages();
            for (; seen < received.length; seen++) {
                try {
                    StringBuilder to = new StringBuilder();
                    for (Address a : received[seen].getAllRecipients()) {
                        to.append(a).append(' ');
                    }
                    System.out.println("mail: to " + to + "| " + received[seen].getSubject());
                } catch (MessagingException e) {
                    System.out.println("mail: unreadable message (" + e.getMessage() + ")");
                }
            }
            Thread.sleep(1000);
        }
    }
}
