package dev.marketplace.notification.delivery.service;

import java.time.Duration;

import jakarta.enterprise.context.ApplicationScoped;

import dev.marketplace.notification.client.SmsProviderClient;
import dev.marketplace.notification.delivery.domain.Channel;
import dev.marketplace.notification.delivery.service.MessageComposer.Message;
import io.quarkus.mailer.Mail;
import io.quarkus.mailer.reactive.ReactiveMailer;
import io.smallrye.mutiny.Uni;

/** Sends a rendered message: email through the SMTP server (quarkus-mailer), SMS through the provider adapter. */
@ApplicationScoped
public class MessageSender {
    private static final Duration SMTP_TIMEOUT = Duration.ofSeconds(30);
    /** The template type an email was rendered from. */
    public static final String TEMPLATE_TYPE_HEADER = "X-Marketplace-Template";

    private final ReactiveMailer mailer;
    private final SmsProviderClient sms;

    public MessageSender(ReactiveMailer mailer, SmsProviderClient sms) {
        this.mailer = mailer;
        this.sms = sms;
    }

    public Uni<Outcome> send(Claimed c, Message message) {
        return c.channel() == Channel.SMS ? sms(c, message) : email(c, message);
    }

    private Uni<Outcome> email(Claimed c, Message message) {
        Mail mail = Mail.withHtml(c.recipient(), message.subject(), message.body());
        mail.addHeader("X-Marketplace-Event", c.eventId().toString());
        // which message this is and its language, for mail filters, support and the end-to-end tests
        mail.addHeader(TEMPLATE_TYPE_HEADER, c.type());
        if (message.locale() != null && !message.locale().isBlank()) {
            mail.addHeader("Content-Language", message.locale().replace('_', '-'));
        }
        return mailer.send(mail)
                .ifNoItem().after(SMTP_TIMEOUT).fail()
                .map(ok -> Outcome.sent())
                .onFailure().recoverWithItem(e -> Outcome.retry("SMTP: " + describe(e)));
    }

    private Uni<Outcome> sms(Claimed c, Message message) {
        if (!sms.configured()) {
            return Uni.createFrom().item(Outcome.fail("SMS provider is not configured (marketplace.notification.sms.url)"));
        }
        String reference = c.eventId() + ":" + c.notificationIndex() + ":" + c.recipient();
        return sms.send(c.recipient(), message.body(), reference).map(result -> {
            if (result.accepted()) {
                return Outcome.sent();
            }
            String error = "SMS provider answered " + result.status() + (result.body().isBlank() ? "" : ": " + result.body());
            return result.permanent() ? Outcome.fail(error) : Outcome.retry(error);
        }).onFailure().recoverWithItem(e -> Outcome.retry("SMS provider: " + describe(e)));
    }

    static String describe(Throwable e) {
        String message = e.getMessage();
        String text = message == null || message.isBlank() ? e.getClass().getSimpleName() : message;
        return text.length() > 500 ? text.substring(0, 500) : text;
    }
}
