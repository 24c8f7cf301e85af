package dev.marketplace.billing.subscription.service;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import jakarta.enterprise.context.ApplicationScoped;

import dev.marketplace.billing.invoice.domain.BuyerRole;
import dev.marketplace.billing.subscription.domain.Assignment;
import dev.marketplace.billing.subscription.domain.Subscription;
import dev.marketplace.common.events.EventTypes;
import dev.marketplace.common.events.payload.NotificationRequest;

/**
 * The people a vendor's answer concerns (docs/notifications.md): an order the vendor refused (an add-on's included) →
 * FAILED_ORDER to the buyer; an edition change it accepted → SUBSCRIPTION_UPGRADE (SUBSCRIPTION_CHANGE_RESELLER when the buyer acted as a
 * reseller); a user it assigned or unassigned → ASSIGNMENT_NOTICE / UNASSIGNMENT_NOTICE to that user. Refused changes,
 * assignments and cancellations change nothing for anyone and tell nobody (the caller is answered by the API).
 *
 * <p>The buyer also gets the message by SMS at the phone number the order gave for the buying company
 * ({@code company.phoneNumber}), the only phone number the suite holds for a buyer; assigned users have none.
 */
@ApplicationScoped
public class OutcomeNotices {
    private final SubscriptionPayloads payloads;

    public OutcomeNotices(SubscriptionPayloads payloads) {
        this.payloads = payloads;
    }

    /** The buyer's order email: a reseller ordering for a customer company gets the reseller's variant. */
    public static String orderType(Subscription s) {
        return BuyerRole.RESELLER.name().equals(s.buyerRole) ? "SUBSCRIPTION_ORDER_RESELLER" : "SUBSCRIPTION_ORDER";
    }

    /**
     * {@code previousEditionName}: the edition before an accepted change ({@code null} when the change kept the
     * edition: only a new plan or new quantities, no message); {@code assignment}: the user an assignment result is about.
     */
    List<NotificationRequest> of(Subscription s, String eventType, boolean ok, String errorMessage,
            String previousEditionName, Assignment assignment) {
        return switch (eventType) {
            // an add-on's refused order (ADDON_ORDER_FAILED) fails like any order
            case EventTypes.SUBSCRIPTION_ORDER, EventTypes.ADDON_ORDER -> ok ? List.of()
                    : toBuyer("FAILED_ORDER", s, "errorMessage", errorMessage);
            case EventTypes.SUBSCRIPTION_CHANGE -> !ok || previousEditionName == null ? List.of()
                    : toBuyer(BuyerRole.RESELLER.name().equals(s.buyerRole) ? "SUBSCRIPTION_CHANGE_RESELLER"
                            : "SUBSCRIPTION_UPGRADE", s, "previousEditionName", previousEditionName);
            case EventTypes.USER_ASSIGNMENT -> ok ? toUser("ASSIGNMENT_NOTICE", s, assignment) : List.of();
            case EventTypes.USER_UNASSIGNMENT -> ok ? toUser("UNASSIGNMENT_NOTICE", s, assignment) : List.of();
            default -> List.of();
        };
    }

    private List<NotificationRequest> toBuyer(String type, Subscription s, String extraName, String extraValue) {
        Map<String, Object> buyer = payloads.object(s.buyer);
        Map<String, Object> company = payloads.object(s.company);
        Map<String, Object> parameters = new LinkedHashMap<>();
        parameters.put("firstName", buyer.get("firstName"));
        parameters.put("companyName", company.get("name"));
        parameters.put("productName", s.productName);
        parameters.put("editionName", s.editionName);
        parameters.put("orderId", s.orderId);
        parameters.put(extraName, extraValue == null ? "" : extraValue);
        return NotificationRequest.emailAndSms(type, text(buyer.get("email")), text(company.get("phoneNumber")),
                text(buyer.get("locale")), parameters);
    }

    private List<NotificationRequest> toUser(String type, Subscription s, Assignment a) {
        if (a == null || a.email == null) {
            return List.of();
        }
        Map<String, Object> parameters = new LinkedHashMap<>();
        parameters.put("firstName", a.firstName);
        parameters.put("companyName", payloads.object(s.company).get("name"));
        parameters.put("productName", s.productName);
        parameters.put("editionName", s.editionName);
        return List.of(NotificationRequest.email(type, List.of(a.email), a.locale, parameters));
    }

    private static String text(Object value) {
        return value == null ? null : value.toString();
    }
}
