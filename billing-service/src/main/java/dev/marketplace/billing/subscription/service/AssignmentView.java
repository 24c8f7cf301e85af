package dev.marketplace.billing.subscription.service;

import com.fasterxml.jackson.annotation.JsonInclude;

import dev.marketplace.billing.subscription.domain.Assignment;

/** A user's assignment to a subscription. */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record AssignmentView(String subscriptionId, String userUuid, String email, String firstName, String lastName,
        String status, SubscriptionView.Error error, long createdOn, long lastModified) {

    public static AssignmentView of(Assignment a) {
        return new AssignmentView(a.subscriptionId.toString(), a.userUuid.toString(), a.email, a.firstName, a.lastName,
                a.status.name(), a.errorCode == null && a.errorMessage == null ? null
                        : new SubscriptionView.Error(a.errorCode, a.errorMessage),
                a.createdOn.toEpochMilli(), a.lastModified.toEpochMilli());
    }
}
