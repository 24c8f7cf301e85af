package dev.marketplace.notification.delivery.service;

import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Supplier;

import jakarta.enterprise.context.ApplicationScoped;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;

import dev.marketplace.common.crypto.NotificationSecrets;
import dev.marketplace.notification.NotificationConfig;
import dev.marketplace.notification.delivery.domain.Channel;
import dev.marketplace.notification.template.domain.NotificationTemplateType;
import dev.marketplace.notification.template.domain.TemplateCatalog;
import dev.marketplace.notification.template.service.TemplateRenderer;
import dev.marketplace.notification.template.service.TemplateResolver;
import dev.marketplace.notification.template.service.TemplateResolver.Resolution;
import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.smallrye.mutiny.Uni;
import io.smallrye.mutiny.infrastructure.Infrastructure;
import io.vertx.core.Context;
import io.vertx.core.Vertx;

/**
 * Renders a claimed message: resolves its template (partner's, default, locale fallback, fallback template), fills the
 * parameters plus {@code marketplaceName} and {@code partner}, escapes values in HTML email, and appends the UNSUBSCRIBE
 * element to marketing email.
 */
@ApplicationScoped
public class MessageComposer {
    private static final TypeReference<Map<String, String>> STRING_MAP = new TypeReference<>() {
    };

    private final TemplateResolver resolver;
    private final TemplateRenderer renderer;
    private final NotificationConfig config;
    private final ObjectMapper mapper;
    private final NotificationSecrets secrets;

    public MessageComposer(TemplateResolver resolver, TemplateRenderer renderer, NotificationConfig config,
            ObjectMapper mapper, NotificationSecrets secrets) {
        this.secrets = secrets;
        this.resolver = resolver;
        this.renderer = renderer;
        this.config = config;
        this.mapper = mapper;
    }

    /** How long one message's rendering may take. */
    static final Duration RENDER_CAP = Duration.ofSeconds(5);

    /**
     * A rendered message ({@code subject} null for SMS) and the locale of the template it was rendered from, which is
     * the language it is written in (the requested locale, or where its fallback ended).
     */
    public record Message(String subject, String body, String locale) {
    }

    /** Either a message to send or the outcome that makes sending pointless. */
    public record Composition(Message message, Outcome problem) {
    }

    @WithSession
    public Uni<Composition> compose(Claimed c) {
        Map<String, String> values;
        try {
            values = values(c);
        } catch (IllegalStateException unopened) {
            // a sealed secret (temporary password, invitation link) that does not open: never send the message without it
            return Uni.createFrom().item(new Composition(null, Outcome.fail("parameters: " + unopened.getMessage())));
        }
        String context = c.type() + " message " + c.id() + " of event " + c.eventId();
        return compose(c, values, context).onFailure(TemplateRenderer.Refused.class)
                .recoverWithItem(refused -> new Composition(null, Outcome.fail(refused.getMessage())));
    }

    private Uni<Composition> compose(Claimed c, Map<String, String> values, String context) {
        if (c.channel() == Channel.SMS) {
            return resolver.sms(c.partner(), c.type(), c.locale()).chain(r -> r.template() == null
                    ? Uni.createFrom().item(problem(r))
                    : rendered(context, () -> new Composition(new Message(null,
                            renderer.render(r.template().content, false, values, context).text(), r.template().locale), null)));
        }
        return resolver.email(c.partner(), c.type(), c.locale()).chain(r -> {
            if (r.template() == null) {
                return Uni.createFrom().item(problem(r));
            }
            boolean marketing = NotificationTemplateType.parse(c.type()).map(TemplateCatalog::isMarketing).orElse(false);
            Uni<String> unsubscribe = !marketing ? Uni.createFrom().nullItem()
                    : resolver.unsubscribe(c.partner(), r.template().locale).map(element -> element == null ? null : element.content);
            return unsubscribe.chain(footer -> rendered(context, () -> {
                String subject = renderer.render(r.template().subject, false, values, context).text()
                        .replaceAll("[\\r\\n]+", " ").trim();
                String body = renderer.render(r.template().content, true, values, context).text();
                String full = footer == null ? body
                        : body + "\n" + renderer.render(footer, true, values, context + " (UNSUBSCRIBE)").text();
                return new Composition(new Message(subject, full, r.template().locale), null);
            }));
        });
    }

    /**
     * Renders on a worker thread, never on the event loop that every other delivery and request shares, and comes back
     * to the caller's Vert.x context (its reactive session lives there); a rendering slower than {@link #RENDER_CAP}
     * is refused.
     */
    private static Uni<Composition> rendered(String context, Supplier<Composition> rendering) {
        return rendered(context, rendering, RENDER_CAP);
    }

    static <T> Uni<T> rendered(String context, Supplier<T> rendering, Duration cap) {
        Context caller = Vertx.currentContext();
        Uni<T> work = Uni.createFrom().item(rendering).runSubscriptionOn(Infrastructure.getDefaultWorkerPool())
                .ifNoItem().after(cap)
                .failWith(() -> new TemplateRenderer.Refused("rendering " + context + " took longer than " + cap));
        return caller == null ? work : work.emitOn(command -> caller.runOnContext(ignored -> command.run()));
    }

    private static Composition problem(Resolution<?> r) {
        return new Composition(null, r.disabled() ? Outcome.skip(r.problem()) : Outcome.fail(r.problem()));
    }

    private Map<String, String> values(Claimed c) {
        Map<String, String> values = new HashMap<>();
        if (c.parameters() != null) {
            try {
                values.putAll(mapper.readValue(c.parameters(), STRING_MAP));
            } catch (Exception e) {
                // stored by the planner as a JSON object of strings; unreadable means no parameters
            }
            // secrets arrive and are stored sealed (NotificationSecrets): opened here, only to render
            values.replaceAll((name, value) -> secrets.open(c.partner(), value));
        }
        values.putIfAbsent("marketplaceName", config.marketplaceName());
        values.put("partner", c.partner() == null ? "" : c.partner());
        return values;
    }
}
