package dev.marketplace.notification.delivery.service;

import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

import jakarta.enterprise.context.ApplicationScoped;

import org.jboss.logging.Logger;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import dev.marketplace.common.events.EventEnvelope;
import dev.marketplace.common.events.payload.NotificationRequest;
import dev.marketplace.notification.delivery.domain.Channel;
import dev.marketplace.notification.delivery.domain.Delivery;
import dev.marketplace.notification.delivery.domain.DeliveryStatus;
import dev.marketplace.notification.delivery.repository.DeliveryRepository;
import dev.marketplace.notification.template.domain.NotificationTemplateType;
import io.smallrye.mutiny.Uni;

/**
 * Turns the {@code notifications} of an event payload (CONTRIBUTING.md) into delivery rows, one per entry and recipient,
 * inside the caller's transaction. An entry that can never be sent (unknown type or channel, bad recipient) is recorded
 * as FAILED with the reason instead of being dropped silently.
 */
@ApplicationScoped
public class DeliveryPlanner {
    private static final Logger LOG = Logger.getLogger(DeliveryPlanner.class);
    private static final Pattern EMAIL = Pattern.compile("[^@\\s]+@[^@\\s]+\\.[^@\\s]+");
    private static final Pattern PHONE = Pattern.compile("\\+?[0-9][0-9 ().-]{5,24}");
    private static final int MAX_RECIPIENT = 320;

    private final DeliveryRepository deliveries;
    private final ObjectMapper mapper;

    public DeliveryPlanner(DeliveryRepository deliveries, ObjectMapper mapper) {
        this.deliveries = deliveries;
        this.mapper = mapper;
    }

    /** Must run inside the transaction that records the event. */
    public Uni<Integer> plan(EventEnvelope event) {
        List<Delivery> rows = rows(event);
        if (rows.isEmpty()) {
            return Uni.createFrom().item(0);
        }
        return deliveries.persist(rows).replaceWith(rows.size());
    }

    /** The {@code notifications} of any producer's payload, as the typed entries of libs/common. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    record Notifications(List<NotificationRequest> notifications) {
    }

    List<Delivery> rows(EventEnvelope event) {
        List<Delivery> rows = new ArrayList<>();
        JsonNode payload = event.payload();
        if (payload == null || !payload.isObject() || payload.path("notifications").isNull()
                || payload.path("notifications").isMissingNode()) {
            return rows;
        }
        Instant now = Instant.now();
        List<NotificationRequest> notifications;
        try {
            notifications = event.payloadAs(mapper, Notifications.class).notifications();
        } catch (IllegalArgumentException e) {
            rows.add(failed(event, 0, "-", "-", null, null, now, "notifications: must be an array of notification entries"));
            return rows;
        }
        for (int index = 0; index < notifications.size(); index++) {
            NotificationRequest entry = notifications.get(index);
            if (entry == null) {
                rows.add(failed(event, index, "-", "-", null, null, now, "notifications[" + index + "]: must be an object"));
                continue;
            }
            String type = blankToNull(entry.type());
            String channelName = blankToNull(entry.channel());
            String locale = blankToNull(entry.locale());
            Set<String> recipients = new LinkedHashSet<>();
            if (entry.recipients() != null) {
                entry.recipients().forEach(r -> {
                    if (r != null && !r.isBlank()) {
                        recipients.add(truncate(r.trim()));
                    }
                });
            }
            String problem = null;
            Channel channel = null;
            if (type == null || NotificationTemplateType.parse(type).isEmpty()) {
                problem = "type: must be a NotificationTemplateType";
            } else if (channelName == null) {
                channel = Channel.EMAIL;
            } else {
                try {
                    channel = Channel.valueOf(channelName);
                } catch (IllegalArgumentException e) {
                    problem = "channel: must be EMAIL or SMS";
                }
            }
            if (problem == null && recipients.isEmpty()) {
                problem = "recipients: must list at least one recipient";
            }
            String parameters = parameters(entry.parameters());
            if (problem != null) {
                LOG.warnf("Notification %d of event %s cannot be sent: %s", index, event.id(), problem);
                String recipient = recipients.isEmpty() ? "-" : recipients.iterator().next();
                rows.add(failed(event, index, recipient, type == null ? "-" : truncateType(type), channel, locale, now, problem));
                continue;
            }
            for (String recipient : recipients) {
                Delivery d = row(event, index, recipient, type, channel, locale, now);
                boolean valid = channel == Channel.EMAIL ? EMAIL.matcher(recipient).matches() : PHONE.matcher(recipient).matches();
                if (valid) {
                    d.status = DeliveryStatus.PENDING;
                    d.parameters = parameters;
                } else {
                    d.status = DeliveryStatus.FAILED;
                    d.lastError = "recipient: not a valid " + (channel == Channel.EMAIL ? "email address" : "phone number");
                }
                rows.add(d);
            }
        }
        return rows;
    }

    private Delivery row(EventEnvelope event, int index, String recipient, String type, Channel channel, String locale,
            Instant now) {
        Delivery d = new Delivery();
        d.eventId = event.id();
        d.notificationIndex = index;
        d.recipient = recipient;
        d.channel = channel == null ? Channel.EMAIL : channel;
        d.type = type;
        d.locale = locale == null || locale.length() > 16 ? null : locale;
        d.partner = event.partner();
        d.createdOn = now;
        d.nextAttemptAt = now;
        return d;
    }

    private Delivery failed(EventEnvelope event, int index, String recipient, String type, Channel channel, String locale,
            Instant now, String error) {
        Delivery d = row(event, index, recipient, type, channel, locale, now);
        d.status = DeliveryStatus.FAILED;
        d.lastError = error;
        return d;
    }

    /** Parameter values as strings (numbers and booleans as their text, objects and arrays as JSON). */
    private String parameters(Map<String, Object> given) {
        Map<String, String> values = new LinkedHashMap<>();
        if (given != null) {
            given.forEach((name, v) -> {
                if (v != null) {
                    JsonNode node = mapper.valueToTree(v);
                    values.put(name, node.isValueNode() ? node.asText() : node.toString());
                }
            });
        }
        try {
            return mapper.writeValueAsString(values);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    private static String blankToNull(String s) {
        return s == null || s.isBlank() ? null : s;
    }

    private static String truncate(String s) {
        return s.length() > MAX_RECIPIENT ? s.substring(0, MAX_RECIPIENT) : s;
    }

    private static String truncateType(String s) {
        return s.length() > 128 ? s.substring(0, 128) : s;
    }
}
