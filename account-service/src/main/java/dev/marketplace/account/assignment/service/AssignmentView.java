package dev.marketplace.account.assignment.service;

import java.net.URI;
import java.util.List;
import java.util.UUID;

import com.fasterxml.jackson.annotation.JsonInclude;

import dev.marketplace.account.assignment.domain.UserAssignment;
import dev.marketplace.common.paging.Link;

/**
 * An application the member holds. {@code companyEntitlementStatus} is the status of the company's subscription
 * behind it (billing's), {@code subscriptionId} its id in the billing API; {@code parentSubscriptionId} only for an
 * add-on subscription, the subscription it was ordered against (this suite's addition).
 */
public record AssignmentView(UUID uuid, long createdOn, String status, Long productId, String productName,
        String editionName, UUID ownerUuid, UUID subscriptionId, String companyEntitlementStatus, List<Link> links,
        @JsonInclude(JsonInclude.Include.NON_NULL) UUID parentSubscriptionId) {

    public static AssignmentView of(UserAssignment a, URI baseUri) {
        return new AssignmentView(a.uuid, a.createdOn.toEpochMilli(), a.status, a.productId, a.productName, a.editionName,
                a.ownerUuid, a.subscriptionId, a.subscriptionStatus == null ? a.status : a.subscriptionStatus,
                a.productId == null ? List.of() : List.of(new Link("application",
                        baseUri.resolve("api/marketplace/v1/products/" + a.productId).toString())),
                a.parentSubscriptionId);
    }
}
