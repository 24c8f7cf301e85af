package dev.marketplace.billing.subscription.service;

import java.util.List;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;

import dev.marketplace.billing.subscription.domain.Subscription;
import dev.marketplace.billing.subscription.domain.SubscriptionStatus;
import dev.marketplace.billing.subscription.repository.SubscriptionRepository;
import dev.marketplace.common.paging.Paged;
import dev.marketplace.common.paging.Total;
import io.smallrye.mutiny.Uni;

/**
 * The subscription orders as other features read them (the {@code order} feature's listing): they ask this service,
 * never the subscription repository. Callers check access and run it in their session.
 */
@ApplicationScoped
public class SubscriptionQueries {
    private final SubscriptionRepository subscriptions;

    public SubscriptionQueries(SubscriptionRepository subscriptions) {
        this.subscriptions = subscriptions;
    }

    /** A page of orders and the list's total (exact unfiltered, capped when filtered by status). */
    public record Page(List<Subscription> subscriptions, Total total) {
    }

    /** A page of the marketplace's orders (one company's with {@code company}), oldest order first. */
    public Uni<Page> orders(String partner, UUID company, SubscriptionStatus status, int start, int count) {
        var filter = new SubscriptionRepository.Filter(partner, company, null, status);
        return Paged.read(start, count, subscriptions.search(filter, start, count), () -> subscriptions.count(filter))
                .map(found -> new Page(found.rows(), found.total()));
    }
}
