package dev.marketplace.common.events.payload;

import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * Payload of the vendor events billing-service publishes (SUBSCRIPTION_ORDER, SUBSCRIPTION_CHANGE, SUBSCRIPTION_CANCEL,
 * USER_ASSIGNMENT, USER_UNASSIGNMENT): everything notification-service needs to call the vendor and to build the event
 * document the vendor fetches (docs/architecture.md, "Vendor events"). {@code user} is the buyer, or the assigned user
 * of a USER_* event, whose uuid is repeated in {@code userUuid}. {@code order} is the order the vendor must apply (a
 * change carries the new one).
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record SubscriptionVendorEvent(String eventType, String subscriptionId, Long orderId, String eventToken,
        String eventUrl, String returnUrl, Marketplace marketplace, Long productId, String applicationUuid,
        String productName, String companyUuid, boolean interactive, String flag, Person creator, Company company,
        Person user, @JsonInclude(JsonInclude.Include.NON_NULL) String userUuid, Account account, Order order,
        Notice notice, Map<String, Object> configuration,
        @JsonInclude(JsonInclude.Include.NON_EMPTY) List<NotificationRequest> notifications) {

    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Marketplace(String baseUrl, String partner) {
    }

    /** A user as the vendor sees it (AppDirect's user fields). */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Person(String uuid, String email, String firstName, String lastName, String language, String locale) {
    }

    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Company(String uuid, String name, String email, String phoneNumber, String website, String country,
            String externalId) {
    }

    /**
     * The vendor's account: {@code status} is AppDirect's (INITIALIZED, ACTIVE, FAILED, CANCELLED); an add-on's also
     * names its parent's account ({@code parentAccountIdentifier}), which AppDirect's library reads to tell an add-on.
     */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Account(String accountIdentifier, String status,
            @JsonInclude(JsonInclude.Include.NON_NULL) String parentAccountIdentifier) {
        public Account(String accountIdentifier, String status) {
            this(accountIdentifier, status, null);
        }
    }

    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Order(Long editionId, String editionCode, String editionName, Long paymentPlanId, String pricingDuration,
            List<Item> items) {
    }

    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Item(String unit, Integer quantity) {
    }

    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Notice(String type, String message) {
    }

    /** The same event carrying {@code notifications} for notification-service to send. */
    public SubscriptionVendorEvent withNotifications(List<NotificationRequest> list) {
        return new SubscriptionVendorEvent(eventType, subscriptionId, orderId, eventToken, eventUrl, returnUrl, marketplace,
                productId, applicationUuid, productName, companyUuid, interactive, flag, creator, company, user, userUuid,
                account, order, notice, configuration, list);
    }
}
