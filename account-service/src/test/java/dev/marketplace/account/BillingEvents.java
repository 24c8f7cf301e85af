package dev.marketplace.account;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringSerializer;
import org.eclipse.microprofile.config.ConfigProvider;

import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * Publishes events shaped as billing-service's outbox writes them (envelope of docs/architecture.md "Events and the outbox", source billing-service,
 * aggregate SUBSCRIPTION keyed by subscription id) to the test broker's domain-event topic. Request payloads follow
 * billing's SubscriptionPayloads.vendorEvent, results VendorResults.resultPayload (with {@code assignment} for USER_*).
 */
public final class BillingEvents {
    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final String TOPIC = "marketplace.domain-events";
    private static KafkaProducer<String, String> producer;

    /** A subscription as billing knows it. */
    public record Sub(String partner, String id, String company, String buyer, long productId, String productName,
            String editionName) {
        public static Sub of(String partner, String company, String buyer, long productId, String productName,
                String editionName) {
            return new Sub(partner, UUID.randomUUID().toString(), company, buyer, productId, productName, editionName);
        }
    }

    private BillingEvents() {
    }

    /** SUBSCRIPTION_ORDER, SUBSCRIPTION_CANCEL, USER_ASSIGNMENT, USER_UNASSIGNMENT ({@code user} for the last two). */
    public static Map<String, Object> request(String type, Sub s, String user, long occurredOn) {
        Map<String, Object> buyer = person(s.buyer());
        Map<String, Object> p = new LinkedHashMap<>();
        p.put("eventType", type);
        p.put("subscriptionId", s.id());
        p.put("orderId", 1000L);
        p.put("eventToken", "tok" + occurredOn);
        p.put("eventUrl", "http://localhost:8080/api/integration/v1/events/tok" + occurredOn);
        p.put("returnUrl", "http://localhost:8080/api/integration/v1/events/tok" + occurredOn + "/return");
        p.put("marketplace", Map.of("baseUrl", "http://localhost:8080", "partner", s.partner()));
        p.put("productId", s.productId());
        p.put("applicationUuid", null);
        p.put("productName", s.productName());
        p.put("companyUuid", s.company());
        p.put("interactive", false);
        p.put("flag", null);
        p.put("creator", buyer);
        p.put("company", Map.of("uuid", s.company(), "name", "Co"));
        if (user == null) {
            p.put("user", buyer);
        } else {
            p.put("user", person(user));
            p.put("userUuid", user);
        }
        p.put("account", Map.of("status", "SUBSCRIPTION_ORDER".equals(type) ? "INITIALIZED" : "ACTIVE"));
        Map<String, Object> order = new LinkedHashMap<>();
        order.put("editionId", 7L);
        order.put("editionCode", "PREMIUM");
        order.put("editionName", s.editionName());
        order.put("items", List.of());
        p.put("order", order);
        p.put("notice", null);
        p.put("configuration", Map.of());
        return envelope(type, s, p, occurredOn);
    }

    /**
     * {@code <request>_SUCCEEDED} / {@code _FAILED}; {@code status} is the subscription's status after the result,
     * {@code assignmentStatus} the user's (USER_* results only).
     */
    public static Map<String, Object> result(String request, boolean ok, Sub s, String status, String user,
            String assignmentStatus, long occurredOn) {
        Map<String, Object> view = new LinkedHashMap<>();
        view.put("id", s.id());
        view.put("orderId", 1000L);
        view.put("status", status);
        view.put("companyUuid", s.company());
        view.put("userUuid", s.buyer());
        view.put("productId", s.productId());
        view.put("productName", s.productName());
        view.put("editionId", 7L);
        view.put("editionCode", "PREMIUM");
        view.put("editionName", s.editionName());
        view.put("items", List.of());
        view.put("interactive", false);
        view.put("createdOn", occurredOn - 1000);
        view.put("lastModified", occurredOn);
        Map<String, Object> result = new LinkedHashMap<>();
        result.put("eventType", request);
        result.put("success", ok);
        result.put("accountIdentifier", "acct-1");
        result.put("errorCode", ok ? null : "UNKNOWN_ERROR");
        result.put("message", ok ? null : "vendor refused");
        result.put("userUuid", user);
        Map<String, Object> p = new LinkedHashMap<>();
        p.put("subscriptionId", s.id());
        p.put("orderId", 1000L);
        p.put("productId", s.productId());
        p.put("eventToken", "tok" + occurredOn);
        p.put("subscription", view);
        p.put("result", result);
        if (user != null) {
            p.put("assignment", Map.of("subscriptionId", s.id(), "userUuid", user, "status", assignmentStatus,
                    "createdOn", occurredOn - 1000, "lastModified", occurredOn));
        }
        return envelope(request + (ok ? "_SUCCEEDED" : "_FAILED"), s, p, occurredOn);
    }

    /**
     * ADDON_ORDER, ADDON_CHANGE, ADDON_CANCEL of the add-on subscription {@code addon}, as billing's AddonSubscriptions
     * publishes them: a subscription request of the add-on's own id whose {@code account} also names the parent's vendor
     * account ({@code parentAccountIdentifier}); the add-on's own account once the vendor created it.
     */
    public static Map<String, Object> addonRequest(String type, Sub addon, String account, String parentAccount,
            long occurredOn) {
        Map<String, Object> event = request(type, addon, null, occurredOn);
        @SuppressWarnings("unchecked")
        Map<String, Object> p = (Map<String, Object>) event.get("payload");
        Map<String, Object> vendorAccount = new LinkedHashMap<>();
        vendorAccount.put("accountIdentifier", account);
        vendorAccount.put("status", "ADDON_ORDER".equals(type) ? "INITIALIZED" : "ACTIVE");
        vendorAccount.put("parentAccountIdentifier", parentAccount);
        p.put("account", vendorAccount);
        return event;
    }

    /** {@code <ADDON_*>_SUCCEEDED} / {@code _FAILED}: the add-on's subscription view names its parent. */
    public static Map<String, Object> addonResult(String request, boolean ok, Sub addon, String parentSubscriptionId,
            String status, long occurredOn) {
        Map<String, Object> event = result(request, ok, addon, status, null, null, occurredOn);
        @SuppressWarnings("unchecked")
        Map<String, Object> view = (Map<String, Object>) ((Map<String, Object>) event.get("payload")).get("subscription");
        view.put("accountIdentifier", ok || !"ADDON_ORDER".equals(request) ? "acct-addon" : null);
        view.put("parentSubscriptionId", parentSubscriptionId);
        return event;
    }

    /** The same event under a new id (a different event that says the same thing). */
    public static Map<String, Object> copy(Map<String, Object> event, long occurredOn) {
        Map<String, Object> copy = new LinkedHashMap<>(event);
        copy.put("id", UUID.randomUUID().toString());
        copy.put("occurredOn", occurredOn);
        return copy;
    }

    /** Until account-service's assignment projection has processed {@code event}. */
    public static void awaitProjected(Map<String, Object> event) {
        Fixtures.eventually(() -> org.junit.jupiter.api.Assertions.assertEquals(1L, Fixtures.number(
                "select count(*) from processed_event where consumer = ? and event_id = ?", "account-assignments",
                java.util.UUID.fromString(id(event)))));
    }

    public static String id(Map<String, Object> event) {
        return (String) event.get("id");
    }

    /** Sends and waits for the broker's acknowledgement. */
    /** A record as it is, envelope or not. */
    public static synchronized void publishRaw(String key, String value) {
        try {
            producer().send(new ProducerRecord<>(TOPIC, key, value)).get();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    public static synchronized void publish(Map<String, Object> event) {
        try {
            String key = (String) ((Map<?, ?>) event.get("aggregate")).get("id");
            producer().send(new ProducerRecord<>(TOPIC, key, MAPPER.writeValueAsString(event))).get();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private static Map<String, Object> envelope(String type, Sub s, Map<String, Object> payload, long occurredOn) {
        Map<String, Object> e = new LinkedHashMap<>();
        e.put("id", UUID.randomUUID().toString());
        e.put("type", type);
        e.put("occurredOn", occurredOn);
        e.put("partner", s.partner());
        e.put("source", "billing-service");
        e.put("aggregate", Map.of("type", "SUBSCRIPTION", "id", s.id()));
        e.put("creator", Map.of("source", "vendor"));
        e.put("payload", payload);
        return e;
    }

    private static Map<String, Object> person(String uuid) {
        Map<String, Object> user = new LinkedHashMap<>();
        user.put("uuid", uuid);
        user.put("email", "u-" + uuid.substring(0, 8) + "@x.example");
        user.put("firstName", "Fi");
        user.put("lastName", "La");
        user.put("language", "en");
        user.put("locale", "en_US");
        return user;
    }

    private static KafkaProducer<String, String> producer() {
        if (producer == null) {
            String servers = ConfigProvider.getConfig().getValue("kafka.bootstrap.servers", String.class);
            producer = new KafkaProducer<>(Map.of(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, servers,
                    ProducerConfig.ACKS_CONFIG, "all"), new StringSerializer(), new StringSerializer());
        }
        return producer;
    }
}
