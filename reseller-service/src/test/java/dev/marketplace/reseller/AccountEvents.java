package dev.marketplace.reseller;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringSerializer;
import org.eclipse.microprofile.config.ConfigProvider;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * Publishes account-service's events to the test broker's domain-event topic, exactly as account-service writes them:
 * each starts from an envelope captured from account-service (src/test/resources/account/event-*.json), with new ids,
 * partner, time and the fields a test sets.
 */
public final class AccountEvents {
    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final String TOPIC = "marketplace.domain-events";
    private static KafkaProducer<String, String> producer;

    private AccountEvents() {
    }

    /** COMPANY_CREATED (or COMPANY_UPDATED) with account-service's full company view; {@code fields} override it. */
    public static ObjectNode company(String type, String partner, UUID company, Map<String, Object> fields, long occurredOn) {
        ObjectNode event = envelope("event-company-created.json", type, partner, company.toString(), occurredOn);
        ObjectNode payload = (ObjectNode) event.get("payload");
        payload.put("uuid", company.toString());
        // the captured company's own values are not the test's
        for (String field : List.of("externalId", "phoneNumber", "website", "companySize")) {
            payload.putNull(field);
        }
        payload.put("creationDate", occurredOn);
        payload.put("lastModified", occurredOn);
        fields.forEach((k, v) -> payload.set(k, MAPPER.valueToTree(v)));
        return event;
    }

    /**
     * A membership event with account-service's full membership view (MEMBERSHIP_CREATED, _UPDATED, _ROLES_UPDATED,
     * _ENABLED, _DISABLED).
     */
    public static ObjectNode membership(String type, String partner, UUID company, UUID user, String email, String status,
            List<String> roles, boolean enabled, long occurredOn) {
        ObjectNode event = envelope("event-membership-created.json", type, partner, company + ":" + user, occurredOn);
        ObjectNode payload = (ObjectNode) event.get("payload");
        ObjectNode u = (ObjectNode) payload.get("user");
        u.put("uuid", user.toString());
        u.put("email", email);
        u.put("userName", email);
        u.put("firstName", "First " + email.substring(0, email.indexOf('@')));
        u.put("lastName", "Last");
        u.put("status", status);
        u.put("activated", "ACTIVE".equals(status));
        u.putNull("externalId");
        u.put("creationDate", occurredOn);
        u.put("lastModified", occurredOn);
        ((ObjectNode) payload.get("company")).put("uuid", company.toString());
        payload.put("enabled", enabled);
        payload.put("status", status);
        payload.put("createdOn", occurredOn);
        ArrayNode r = payload.putArray("roles");
        roles.forEach(r::add);
        return event;
    }

    /** MEMBERSHIP_CREATED as account-service writes it for a company's first user (no user view). */
    public static ObjectNode firstUser(String partner, UUID company, UUID user, String email, long occurredOn) {
        ObjectNode event = envelope("event-membership-created-first-user.json", "MEMBERSHIP_CREATED", partner,
                company + ":" + user, occurredOn);
        ObjectNode payload = (ObjectNode) event.get("payload");
        payload.put("companyUuid", company.toString());
        payload.put("userUuid", user.toString());
        payload.put("email", email);
        return event;
    }

    public static ObjectNode membershipDeleted(String partner, UUID company, UUID user, boolean userDeleted, long occurredOn) {
        ObjectNode event = envelope("event-membership-deleted.json", "MEMBERSHIP_DELETED", partner, company + ":" + user,
                occurredOn);
        ObjectNode payload = (ObjectNode) event.get("payload");
        payload.put("companyUuid", company.toString());
        payload.put("userUuid", user.toString());
        payload.put("userDeleted", userDeleted);
        return event;
    }

    public static void publish(JsonNode event) {
        try {
            producer().send(new ProducerRecord<>(TOPIC, event.path("aggregate").path("id").asText(),
                    MAPPER.writeValueAsString(event))).get();
        } catch (Exception e) {
            throw new IllegalStateException("Could not publish " + event.path("type"), e);
        }
    }

    private static ObjectNode envelope(String template, String type, String partner, String aggregate, long occurredOn) {
        try {
            ObjectNode event = (ObjectNode) StubAccount.template(template);
            event.put("id", UUID.randomUUID().toString());
            event.put("type", type);
            event.put("partner", partner);
            event.put("occurredOn", occurredOn);
            ((ObjectNode) event.get("aggregate")).put("id", aggregate);
            return event;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static synchronized KafkaProducer<String, String> producer() {
        if (producer == null) {
            producer = new KafkaProducer<>(Map.of(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG,
                    ConfigProvider.getConfig().getValue("kafka.bootstrap.servers", String.class)), new StringSerializer(),
                    new StringSerializer());
        }
        return producer;
    }
}
