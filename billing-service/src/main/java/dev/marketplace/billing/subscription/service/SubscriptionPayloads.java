package dev.marketplace.billing.subscription.service;

import java.net.URI;
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
import dev.marketplace.common.events.EventTypes;
import dev.marketplace.common.events.payload.NotificationRequest;
import dev.marketplace.common.events.payload.SubscriptionVendorEvent;

/**
 * Builds the API view of a subscription and the payload of the events notification-service turns into vendor calls
 * (user, company, account, order, creator, marketplace, returnUrl; plus the notifications entry).
 */
@ApplicationScoped
public class SubscriptionPayloads {
    /** Aggregate type of every subscription event. */
    public static final String AGGREGATE = "SUBSCRIPTION";
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
                s.lastModified.toEpochMilli(), null,
                s.status == SubscriptionStatus.SUSPENDED && s.suspensionReason != null
                        ? new SubscriptionView.Suspension(s.suspensionReason.name(),
                                (s.suspendedOn == null ? s.lastModified : s.suspendedOn).toEpochMilli())
                        : null, s.parentSubscriptionId == null ? null : s.parentSubscriptionId.toString(),
                OperatorWait.view(s));
    }

    /** Vendor-facing account status (AppDirect names). */
    public static String accountStatus(SubscriptionStatus status) {
        return switch (status) {
            case PENDING_REMOTE_CREATION -> "INITIALIZED";
            case ACTIVE, PENDING_REMOTE_CANCELLATION -> "ACTIVE";
            case FAILED -> "FAILED";
            case CANCELLED -> "CANCELLED";
            case SUSPENDED -> "SUSPENDED";
        };
    }

    /** A suspended subscription whose cancellation is pending is still a suspended account for its vendor. */
    private static String vendorAccountStatus(Subscription s) {
        return s.status == SubscriptionStatus.PENDING_REMOTE_CANCELLATION && s.suspensionReason != null ? "SUSPENDED"
                : accountStatus(s.status);
    }

    /**
     * Payload of SUBSCRIPTION_ORDER / SUBSCRIPTION_CHANGE / SUBSCRIPTION_CANCEL / USER_ASSIGNMENT / USER_UNASSIGNMENT:
     * the contract with notification-service (README.md), which builds the vendor's event JSON from it. {@code order}
     * overrides the subscription's current order (a change carries the new one); {@code assigned} is the user of a
     * USER_* event.
     */
    public SubscriptionVendorEvent vendorEvent(String eventType, Subscription s, SubscriptionVendorEvent.Order order,
            Assignment assigned) {
        return vendorEvent(eventType, s, order, assigned, null);
    }

    /**
     * The same payload with AppDirect's {@code notice} ({@code type} DEACTIVATED, REACTIVATED, ...): SUBSCRIPTION_NOTICE,
     * which the vendor's library dispatches by {@code payload.notice.type} and reads {@code payload.account} from.
     */
    public SubscriptionVendorEvent vendorEvent(String eventType, Subscription s, SubscriptionVendorEvent.Order order,
            Assignment assigned, SubscriptionVendorEvent.Notice notice) {
        SubscriptionVendorEvent.Person buyer = vendorUser(object(s.buyer));
        SubscriptionVendorEvent.Person user = assigned == null ? buyer
                : new SubscriptionVendorEvent.Person(assigned.userUuid.toString(), assigned.email, assigned.firstName,
                        assigned.lastName, language(assigned.locale), assigned.locale);
        Map<String, Object> company = object(s.company);
        return new SubscriptionVendorEvent(eventType, s.id.toString(), s.orderId, s.eventToken, eventUrl(s.eventToken),
                eventUrl(s.eventToken) + "/return", new SubscriptionVendorEvent.Marketplace(base(), s.partner), s.productId,
                s.applicationUuid, s.productName, s.companyUuid.toString(),
                s.interactive && (EventTypes.SUBSCRIPTION_ORDER.equals(eventType) || EventTypes.ADDON_ORDER.equals(eventType)),
                null, buyer,
                new SubscriptionVendorEvent.Company(text(company, "uuid"), text(company, "name"), text(company, "email"),
                        text(company, "phoneNumber"), text(company, "website"), text(company, "country"),
                        text(company, "externalId")),
                user, assigned == null ? null : assigned.userUuid.toString(),
                new SubscriptionVendorEvent.Account(s.accountIdentifier, vendorAccountStatus(s), s.parentAccountIdentifier),
                order == null ? order(s) : order, notice, new LinkedHashMap<>(), null);
    }

    private static SubscriptionVendorEvent.Person vendorUser(Map<String, Object> snapshot) {
        String locale = text(snapshot, "locale");
        String language = text(snapshot, "language");
        return new SubscriptionVendorEvent.Person(text(snapshot, "uuid"), text(snapshot, "email"), text(snapshot, "firstName"),
                text(snapshot, "lastName"), language != null ? language : language(locale), locale);
    }

    private static String text(Map<String, Object> map, String key) {
        Object value = map.get(key);
        return value == null ? null : value.toString();
    }

    private static String language(String locale) {
        if (locale == null || locale.isBlank()) {
            return null;
        }
        int cut = locale.indexOf('_');
        return cut < 0 ? locale : locale.substring(0, cut);
    }

    public SubscriptionVendorEvent.Order order(Subscription s) {
        return new SubscriptionVendorEvent.Order(s.editionId, s.editionCode, s.editionName, s.paymentPlanId,
                s.pricingDuration, vendorItems(items(s.items)));
    }

    /** The order a change asks the vendor for: the catalogue's answer for the new edition, plan and items. */
    public static SubscriptionVendorEvent.Order order(OrderTerms terms) {
        return new SubscriptionVendorEvent.Order(terms.editionId(), terms.editionCode(), terms.editionName(),
                terms.paymentPlanId(), terms.pricingDuration(), vendorItems(terms.items()));
    }

    private static List<SubscriptionVendorEvent.Item> vendorItems(List<Item> items) {
        return items.stream().map(i -> new SubscriptionVendorEvent.Item(i.unit(), i.quantity())).toList();
    }

    /**
     * The notifications entry of CONTRIBUTING.md for the buyer's subscription emails (SUBSCRIPTION_ORDER,
     * SUBSCRIPTION_CANCEL, SUBSCRIPTION_SUSPENDED, SUBSCRIPTION_SUSPENDED_OVERDUE_INVOICE): none without an email.
     */
    public List<NotificationRequest> notification(String type, Subscription s) {
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
        return List.of(NotificationRequest.email(type, List.of(email.toString()), text(buyer, "locale"), parameters));
    }

    /** A change waiting for the vendor: the order it asks for (as the vendor receives it) and its plan's prices. */
    public String pendingChangeJson(SubscriptionVendorEvent.Order order, List<OrderTerms.UnitPrice> prices) {
        com.fasterxml.jackson.databind.node.ObjectNode change = mapper.valueToTree(order);
        change.set("prices", mapper.valueToTree(prices));
        return json(change);
    }

    /** The prices of the pending change (the plan's, in the subscription's currency). */
    public List<OrderTerms.UnitPrice> pendingPrices(Subscription s) {
        try {
            com.fasterxml.jackson.databind.JsonNode prices = mapper.readTree(s.pendingChange).path("prices");
            return prices.isArray() ? mapper.convertValue(prices, new TypeReference<List<OrderTerms.UnitPrice>>() {
            }) : null;
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("stored change cannot be read", e);
        }
    }

    public SubscriptionVendorEvent.Order pendingChange(Subscription s) {
        try {
            return mapper.readValue(s.pendingChange, SubscriptionVendorEvent.Order.class);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("stored change cannot be read", e);
        }
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
