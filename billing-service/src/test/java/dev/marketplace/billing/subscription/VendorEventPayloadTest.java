package dev.marketplace.billing.subscription;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import jakarta.inject.Inject;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import dev.marketplace.billing.subscription.domain.Assignment;
import dev.marketplace.billing.subscription.domain.AssignmentStatus;
import dev.marketplace.billing.subscription.domain.Subscription;
import dev.marketplace.billing.subscription.domain.SubscriptionStatus;
import dev.marketplace.billing.subscription.service.SubscriptionPayloads;
import dev.marketplace.common.events.payload.SubscriptionVendorEvent;
import io.quarkus.test.junit.QuarkusTest;

/**
 * The vendor event payload is now the shared {@link SubscriptionVendorEvent} record; its JSON must be exactly what the
 * hand-built map of the previous implementation produced (kept below as {@link #legacy}), for every event kind:
 * order (interactive or not), change with a new order, cancel, and USER_* with the assigned user.
 */
@QuarkusTest
class VendorEventPayloadTest {
    @Inject
    SubscriptionPayloads payloads;
    @Inject
    ObjectMapper mapper;

    @Test
    void theRecordWritesTheSameJsonAsTheMapDid() {
        Subscription s = subscription(false, SubscriptionStatus.PENDING_REMOTE_CREATION, null);
        compare("SUBSCRIPTION_ORDER", s, null, null);
        compare("SUBSCRIPTION_ORDER", subscription(true, SubscriptionStatus.PENDING_REMOTE_CREATION, null), null, null);
        Subscription active = subscription(true, SubscriptionStatus.ACTIVE, "acct-9");
        compare("SUBSCRIPTION_CANCEL", active, null, null);
        compare("SUBSCRIPTION_CHANGE", active, new SubscriptionVendorEvent.Order(77L, "PREMIUM", "Premium", null, "MONTHLY",
                List.of(new SubscriptionVendorEvent.Item("USER", 3))), null);
        Assignment a = new Assignment();
        a.userUuid = UUID.randomUUID();
        a.email = "bo@acme.example";
        a.firstName = "Bo";
        a.lastName = null;
        a.locale = "sv_SE";
        a.status = AssignmentStatus.PENDING_REMOTE_ASSIGNMENT;
        compare("USER_ASSIGNMENT", active, null, a);
        a.locale = null;
        compare("USER_UNASSIGNMENT", active, null, a);
    }

    private void compare(String type, Subscription s, SubscriptionVendorEvent.Order order, Assignment assigned) {
        JsonNode now = mapper.valueToTree(payloads.vendorEvent(type, s, order, assigned));
        Map<String, Object> legacyOrder = order == null ? null : mapper.convertValue(order, LinkedHashMap.class);
        JsonNode before = mapper.valueToTree(legacy(type, s, legacyOrder, assigned));
        assertEquals(before, now, type);
        // the same field order too: a reader of the raw text sees no difference
        assertEquals(new ArrayList<>(iterable(before)), new ArrayList<>(iterable(now)), type);
        assertFalse(now.has("notifications"), "notifications are added by the publisher, only when there are some");
    }

    private static List<String> iterable(JsonNode node) {
        List<String> names = new ArrayList<>();
        node.fieldNames().forEachRemaining(names::add);
        return names;
    }

    private static Subscription subscription(boolean interactive, SubscriptionStatus status, String account) {
        Subscription s = new Subscription();
        s.id = UUID.randomUUID();
        s.orderId = 17L;
        s.partner = "ACME";
        s.companyUuid = UUID.randomUUID();
        s.userUuid = UUID.randomUUID();
        s.productId = 1001L;
        s.applicationUuid = UUID.randomUUID().toString();
        s.productName = "Task Pro";
        s.editionId = 1002L;
        s.editionCode = "BASIC";
        s.editionName = "Basic";
        s.paymentPlanId = 1004L;
        s.pricingDuration = "YEARLY";
        s.items = "[{\"unit\":\"USER\",\"quantity\":5}]";
        s.company = "{\"uuid\":\"" + s.companyUuid + "\",\"name\":\"Acme\",\"email\":\"billing@acme.example\",\"phoneNumber\":null,"
                + "\"website\":null,\"country\":\"CA\",\"externalId\":null}";
        s.buyer = "{\"uuid\":\"" + s.userUuid + "\",\"email\":\"ann@acme.example\",\"firstName\":\"Ann\",\"lastName\":\"Lee\","
                + "\"locale\":\"fr_CA\",\"language\":null}";
        s.status = status;
        s.accountIdentifier = account;
        s.interactive = interactive;
        s.eventToken = "8e2f4c1a9b7d6e5f0a1b2c3d4e5f6a7b";
        s.createdOn = Instant.now();
        s.lastModified = s.createdOn;
        return s;
    }

    /** The payload exactly as the previous implementation built it (SubscriptionPayloads.vendorEvent returning a map). */
    private Map<String, Object> legacy(String eventType, Subscription s, Map<String, Object> order, Assignment assigned) {
        Map<String, Object> buyer = legacyUser(payloads.object(s.buyer));
        Map<String, Object> p = new LinkedHashMap<>();
        p.put("eventType", eventType);
        p.put("subscriptionId", s.id.toString());
        p.put("orderId", s.orderId);
        p.put("eventToken", s.eventToken);
        p.put("eventUrl", payloads.eventUrl(s.eventToken));
        p.put("returnUrl", payloads.eventUrl(s.eventToken) + "/return");
        p.put("marketplace", Map.of("baseUrl", payloads.base(), "partner", s.partner));
        p.put("productId", s.productId);
        p.put("applicationUuid", s.applicationUuid);
        p.put("productName", s.productName);
        p.put("companyUuid", s.companyUuid.toString());
        p.put("interactive", s.interactive && "SUBSCRIPTION_ORDER".equals(eventType));
        p.put("flag", null);
        p.put("creator", buyer);
        p.put("company", payloads.object(s.company));
        if (assigned == null) {
            p.put("user", buyer);
        } else {
            Map<String, Object> user = new LinkedHashMap<>();
            user.put("uuid", assigned.userUuid.toString());
            user.put("email", assigned.email);
            user.put("firstName", assigned.firstName);
            user.put("lastName", assigned.lastName);
            user.put("language", language(assigned.locale));
            user.put("locale", assigned.locale);
            p.put("user", user);
            p.put("userUuid", assigned.userUuid.toString());
        }
        Map<String, Object> account = new LinkedHashMap<>();
        account.put("accountIdentifier", s.accountIdentifier);
        account.put("status", SubscriptionPayloads.accountStatus(s.status));
        p.put("account", account);
        if (order == null) {
            order = new LinkedHashMap<>();
            order.put("editionId", s.editionId);
            order.put("editionCode", s.editionCode);
            order.put("editionName", s.editionName);
            order.put("paymentPlanId", s.paymentPlanId);
            order.put("pricingDuration", s.pricingDuration);
            order.put("items", payloads.items(s.items));
        }
        p.put("order", order);
        p.put("notice", null);
        p.put("configuration", new LinkedHashMap<>());
        return p;
    }

    private static Map<String, Object> legacyUser(Map<String, Object> snapshot) {
        Map<String, Object> user = new LinkedHashMap<>();
        user.put("uuid", snapshot.get("uuid"));
        user.put("email", snapshot.get("email"));
        user.put("firstName", snapshot.get("firstName"));
        user.put("lastName", snapshot.get("lastName"));
        Object locale = snapshot.get("locale");
        Object language = snapshot.get("language");
        user.put("language", language != null ? language : language(locale == null ? null : locale.toString()));
        user.put("locale", locale);
        return user;
    }

    private static String language(String locale) {
        if (locale == null || locale.isBlank()) {
            return null;
        }
        int cut = locale.indexOf('_');
        return cut < 0 ? locale : locale.substring(0, cut);
    }
}
