package dev.marketplace.devstack;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Properties;

import jakarta.mail.Message;
import jakarta.mail.Session;
import jakarta.mail.Transport;
import jakarta.mail.internet.InternetAddress;
import jakarta.mail.internet.MimeBodyPart;
import jakarta.mail.internet.MimeMessage;
import jakarta.mail.internet.MimeMultipart;

import com.icegreen.greenmail.util.GreenMail;
import com.icegreen.greenmail.util.ServerSetup;

/**
 * An inbox of its own, without the rest of the devstack: an SMTP server, the SMS sandbox and the inbox server on free
 * ports, for the inbox's own tests; {@code gatewayUrl} is where its sign-up page posts registrations.
 */
final class InboxFixture implements AutoCloseable {
    final GreenMail mail = new GreenMail(new ServerSetup(0, "127.0.0.1", ServerSetup.PROTOCOL_SMTP));
    final SmsSandbox sms;
    final Inbox inbox;

    InboxFixture(String gatewayUrl) throws Exception {
        mail.start();
        sms = SmsSandbox.start();
        inbox = Inbox.start(0, mail, sms, gatewayUrl, DevStack.CONSUMER_KEY, DevStack.CONSUMER_SECRET);
    }

    /** Sends an email over SMTP with an HTML part and, when {@code text} is not null, a plain-text one. */
    void sendMail(String to, String subject, String html, String text) throws Exception {
        Properties props = new Properties();
        props.put("mail.smtp.host", "127.0.0.1");
        props.put("mail.smtp.port", String.valueOf(mail.getSmtp().getPort()));
        props.put("mail.smtp.localhost", "localhost");
        MimeMessage message = new MimeMessage(Session.getInstance(props));
        message.setFrom(new InternetAddress("marketplace@localhost"));
        message.setRecipients(Message.RecipientType.TO, to);
        message.setSubject(subject, "UTF-8");
        MimeMultipart alternative = new MimeMultipart("alternative");
        if (text != null) {
            MimeBodyPart plain = new MimeBodyPart();
            plain.setText(text, "UTF-8");
            alternative.addBodyPart(plain);
        }
        MimeBodyPart rich = new MimeBodyPart();
        rich.setContent(html, "text/html; charset=UTF-8");
        alternative.addBodyPart(rich);
        message.setContent(alternative);
        Transport.send(message);
    }

    /** Posts an SMS to the sandbox as notification-service does; answers the status. */
    int sendSms(String to, String text, String username, String password) throws Exception {
        String body = "{\"from\":\"Marketplace\",\"to\":\"" + to + "\",\"text\":\"" + text + "\",\"reference\":\"e:0:" + to + "\"}";
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(sms.url())).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body));
        if (username != null) {
            request.header("Authorization", "Basic " + Base64.getEncoder().encodeToString((username + ":" + password)
                    .getBytes(StandardCharsets.UTF_8)));
        }
        return HttpClient.newHttpClient().send(request.build(), HttpResponse.BodyHandlers.ofString()).statusCode();
    }

    int sendSms(String to, String text) throws Exception {
        return sendSms(to, text, SmsSandbox.USERNAME, SmsSandbox.PASSWORD);
    }

    @Override
    public void close() {
        inbox.close();
        sms.close();
        mail.stop();
    }
}
