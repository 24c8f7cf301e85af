package dev.marketplace.billing.order.service;

import java.util.List;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;

import dev.marketplace.billing.subscription.domain.Subscription;
import dev.marketplace.billing.subscription.domain.SubscriptionStatus;
import dev.marketplace.billing.subscription.service.SubscriptionAccess;
import dev.marketplace.billing.subscription.service.SubscriptionPayloads;
import dev.marketplace.billing.subscription.service.SubscriptionQueries;
import dev.marketplace.common.paging.Total;
import dev.marketplace.common.security.Caller;
import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.smallrye.mutiny.Uni;

/** The orders listing: every subscription order of the caller's marketplace, oldest first, with start/count paging. */
@ApplicationScoped
public class OrderService {
    private final SubscriptionQueries subscriptions;
    private final SubscriptionAccess access;
    private final SubscriptionPayloads payloads;
    private final Caller caller;

    public OrderService(SubscriptionQueries subscriptions, SubscriptionAccess access, SubscriptionPayloads payloads,
            Caller caller) {
        this.subscriptions = subscriptions;
        this.access = access;
        this.payloads = payloads;
        this.caller = caller;
    }

    /** A page and the list's total (exact unfiltered, capped when filtered by status). */
    public record Page(List<OrderView> orders, Total total) {
    }

    @WithSession
    public Uni<Page> list(UUID company, SubscriptionStatus status, int start, int count) {
        access.requireChannelReader();
        return subscriptions.orders(caller.partner(), company, status, start, count)
                .map(page -> new Page(page.subscriptions().stream().map(this::view).toList(), page.total()));
    }

    private OrderView view(Subscription s) {
        String base = payloads.base();
        return new OrderView(s.orderId, s.id.toString(), s.status.name(), s.accountIdentifier,
                new OrderView.Ref(s.companyUuid.toString(), base + "/api/account/v2/companies/" + s.companyUuid),
                new OrderView.Ref(s.userUuid.toString(), base + "/api/account/v2/users/" + s.userUuid), s.productId,
                s.applicationUuid, s.productName, s.editionId, s.editionCode, s.paymentPlanId, s.pricingDuration,
                payloads.items(s.items).stream().map(i -> new OrderView.OrderLine(i.unit(), i.quantity())).toList(),
                s.createdOn.toEpochMilli(), s.lastModified.toEpochMilli());
    }
}
