package dev.marketplace.billing.subscription.service;

import java.net.URI;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import jakarta.enterprise.context.ApplicationScoped;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;

import dev.marketplace.billing.config.BillingConfig;
import dev.marketplace.billing.subscription.domain.Assignment;
import dev.marketplace.billing.subscription.domain.Subscription;
import dev.marketplace.billing.subscription.domain.SubscriptionStatus;
import dev.marketplace.billing.subscription.service.SubscriptionInputs.Item;

/**
 * Builds the API view of a subscription and the payload of the events notification-service turns into vendor calls
 * (DESIGN §6 step 2: user, company, account, order, creator, marketplace, returnUrl; plus the notifications entry).
 */
@ApplicationScoped
public class SubscriptionPayloads {
    private static final TypeReference<List<Item>> ITEMS = new TypeReference<>() {
    };
    private static final TypeReference<LinkedHashMap<String, Object>> OBJECT = new TypeReference<>() {
    };

    private final ObjectMapper mapper;
    private final URI baseUrl;

    public SubscriptionPayloads(ObjectMapper mapper, BillingConfig config) {
        this.mapper = mapper;
        this.baseUrl = config.baseUrl();
    }

    public String base() {
        return baseUrl.toString().replaceAll("/+$", "");
    }

    public String eventUrl(String eventToken) {
        return base() + "/api/integration/v1/events/" + eventToken;
    }

    public SubscriptionView view(Subscription s) {
        return new SubscriptionView(s.id.toString(), s.orderId, s.status.name(), s.companyUuid.toString(),
                s.userUuid.toString(), s.productId, s.applicationUuid, s.productName, s.editionId, s.editionCode,
                s.editionName, s.paymentPlanId, s.pricingDuration, items(s.items), s.accountIdentifier,
                s.errorCode == null && s.errorMessage == null ? null : new SubscriptionView.Error(s.errorCode, s.errorMessage),
                s.interactive, s.pendingChange == null ? null : object(s.pendingChange), s.createdOn.toEpochMilli(),
                s.lastModified.toEpochMilli(), null);
    }

    /** Vendor-facing account status (AppDirect names). */
    public static String accountStatus(SubscriptionStatus status) {
        return switch (status) {
            case PENDING_REMOTE_CREATION -> "INITIALIZED";
            case ACTIVE, PENDING_REMOTE_CANCELLATION -> "ACTIVE";
            case FAILED -> "FAILED";
            case CANCELLED -> "CANCELLED";
        };
    }

    /**
     * Payload of SUBSCRIPTION_ORDER / SUBSCRIPTION_CHANGE / SUBSCRIPTION_CANCEL / USER_ASSIGNMENT / USER_UNASSIGNMENT:
     * the contract with notification-service (README.md), which builds the vendor's event JSON (DESIGN §6 step 2) from
     * it. {@code order} overrides the subscription's current order (a change carries the new one); {@code assigned} is
     * the user of a USER_* event.
     */
    public Map<String, Object> vendorEvent(String eventType, Subscription s, Map<String, Object> order, Assignment assigned) {
        Map<String, Object> buyer = vendorUser(object(s.buyer));
        Map<String, Object> p = new LinkedHashMap<>();
        p.put("eventType", eventType);
        p.put("subscriptionId", s.id.toString());
        p.put("orderId", s.orderId);
        p.put("eventToken", s.eventToken);
        p.put("eventUrl", eventUrl(s.eventToken));
        p.put("returnUrl", eventUrl(s.eventToken) + "/return");
        p.put("marketplace", Map.of("baseUrl", base(), "partner", s.partner));
        p.put("productId", s.productId);
        p.put("applicationUuid", s.applicationUuid);
        p.put("productName", s.productName);
        p.put("companyUuid", s.companyUuid.toString());
        p.put("interactive", s.interactive && "SUBSCRIPTION_ORDER".equals(eventType));
        p.put("flag", null);
        p.put("creator", buyer);
        p.put("company", object(s.company));
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
        account.put("status", accountStatus(s.status));
        p.put("account", account);
        p.put("order", order == null ? order(s) : order);
        p.put("notice", null);
        p.put("configuration", new LinkedHashMap<>());
        return p;
    }

    private static Map<String, Object> vendorUser(Map<String, Object> snapshot) {
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

    public Map<String, Object> order(Subscription s) {
        Map<String, Object> order = new LinkedHashMap<>();
        order.put("editionId", s.editionId);
        order.put("editionCode", s.editionCode);
        order.put("editionName", s.editionName);
        order.put("paymentPlanId", s.paymentPlanId);
        order.put("pricingDuration", s.pricingDuration);
        order.put("items", items(s.items));
        return order;
    }

    /** The notifications entry of CONTRIBUTING.md for SUBSCRIPTION_ORDER / SUBSCRIPTION_CANCEL emails to the buyer. */
    public List<Map<String, Object>> notification(String type, Subscription s) {
        Map<String, Object> buyer = object(s.buyer);
        Map<String, Object> company = object(s.company);
        Object email = buyer.get("email");
        if (email == null) {
            return List.of();
        }
        Map<String, Object> parameters = new LinkedHashMap<>();
        parameters.put("firstName", buyer.get("firstName"));
        parameters.put("companyName", company.get("name"));
        parameters.put("productName", s.productName);
        parameters.put("editionName", s.editionName);
        parameters.put("orderId", s.orderId);
        Map<String, Object> n = new LinkedHashMap<>();
        n.put("type", type);
        n.put("channel", "EMAIL");
        n.put("recipients", List.of(email));
        n.put("locale", buyer.get("locale") == null ? "en_US" : buyer.get("locale"));
        n.put("parameters", parameters);
        List<Map<String, Object>> list = new ArrayList<>();
        list.add(n);
        return list;
    }

    public List<Item> items(String json) {
        try {
            return mapper.readValue(json, ITEMS);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("stored items cannot be read", e);
        }
    }

    public Map<String, Object> object(String json) {
        try {
            return mapper.readValue(json, OBJECT);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("stored JSON cannot be read", e);
        }
    }

    public String json(Object value) {
        try {
            return mapper.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("value cannot be serialised", e);
        }
    }
}
