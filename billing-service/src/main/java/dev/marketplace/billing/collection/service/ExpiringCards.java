package dev.marketplace.billing.collection.service;

import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import jakarta.enterprise.context.ApplicationScoped;

import org.jboss.logging.Logger;

import dev.marketplace.billing.clock.service.BillingClock;
import dev.marketplace.billing.clock.service.DueWork;
import dev.marketplace.billing.collection.domain.CardExpiryNotice;
import dev.marketplace.billing.collection.domain.ExpiringCard;
import dev.marketplace.billing.collection.repository.CardExpiryNoticeRepository;
import dev.marketplace.billing.support.PublicUrls;
import dev.marketplace.common.events.DomainEventPublisher;
import dev.marketplace.common.events.EventCreator;
import dev.marketplace.common.events.EventTypes;
import dev.marketplace.common.events.payload.NotificationRequest;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.quarkus.scheduler.Scheduled;
import io.smallrye.mutiny.Uni;

/**
 * EXPIRED_CREDIT_CARD, once per card on file, when its expiry (the end of its expiry month, UTC) comes within
 * {@code card-expiry-notice} of billing time: to the email billing knows for its user (their latest invoice's). The
 * notice is recorded in the transaction that writes the event, so it is sent once, whichever replica or clock move
 * finds it; a new card is a new notice. A card already expired when first seen gets none.
 */
@ApplicationScoped
public class ExpiringCards implements DueWork {
    static final String AGGREGATE = "PAYMENT_METHOD";
    static final String EMAIL = "EXPIRED_CREDIT_CARD";
    private static final Logger LOG = Logger.getLogger(ExpiringCards.class);

    private final CardExpiryNoticeRepository notices;
    private final DomainEventPublisher events;
    private final PublicUrls urls;
    private final boolean testClocks;
    private final Duration window;
    private final int batchSize;

    public ExpiringCards(CardExpiryNoticeRepository notices, DomainEventPublisher events, PublicUrls urls, BillingClock clock,
            CollectionConfig config) {
        this.notices = notices;
        this.events = events;
        this.urls = urls;
        this.testClocks = clock.testClocksEnabled();
        this.window = config.cardExpiryNotice();
        this.batchSize = config.batchSize();
    }

    @Scheduled(every = "${marketplace.billing.collection.card-expiry-every}", delayed = "10s",
            concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    Uni<Void> scheduled() {
        return notifyExpiring(null, Instant.now()).invoke(count -> {
            if (count > 0) {
                LOG.infof("EXPIRED_CREDIT_CARD sent for %d cards", count);
            }
        }).replaceWithVoid().onFailure().recoverWithUni(e -> {
            LOG.error("Expiring-card notices failed; they resume at the next run", e);
            return Uni.createFrom().voidItem();
        });
    }

    @Override
    public Uni<Integer> runDue(String partner, Instant now) {
        return notifyExpiring(partner, now);
    }

    /** Notices every card of the marketplace (every marketplace when null) expiring soon at {@code now}; emits how many. */
    public Uni<Integer> notifyExpiring(String partner, Instant now) {
        return Panache.withTransaction(() -> notices.claimExpiring(partner, now, testClocks, window, batchSize)
                .chain(cards -> {
                    Uni<Void> all = Uni.createFrom().voidItem();
                    for (ExpiringCard card : cards) {
                        all = all.chain(() -> notice(card));
                    }
                    return all.chain(notices::flush).replaceWith(cards.size());
                })).chain(count -> count < batchSize ? Uni.createFrom().item(count)
                        : notifyExpiring(partner, now).map(more -> count + more));
    }

    private Uni<Void> notice(ExpiringCard card) {
        CardExpiryNotice notice = new CardExpiryNotice();
        notice.paymentMethodId = card.id();
        notice.partner = card.partner();
        notice.recipient = card.email();
        notice.notifiedOn = Instant.now();
        Map<String, Object> payload = new LinkedHashMap<>();
        payload.put("paymentMethodId", card.id().toString());
        payload.put("companyId", card.company().toString());
        payload.put("userId", card.user().toString());
        payload.put("brand", card.brand());
        payload.put("last4", card.last4());
        payload.put("expirationMonth", card.expirationMonth());
        payload.put("expirationYear", card.expirationYear());
        return notices.persist(notice).chain(() -> events.publish(EventTypes.PAYMENT_METHOD_EXPIRING, card.partner(), AGGREGATE,
                card.id().toString(), payload, email(card), EventCreator.system(events.source()))).replaceWithVoid();
    }

    private List<NotificationRequest> email(ExpiringCard card) {
        if (card.email() == null) {
            return List.of();
        }
        Map<String, Object> parameters = new LinkedHashMap<>();
        parameters.put("firstName", card.firstName());
        parameters.put("companyName", card.companyName());
        parameters.put("brand", card.brand());
        parameters.put("last4", card.last4());
        parameters.put("expirationMonth", card.expirationMonth());
        parameters.put("expirationYear", card.expirationYear());
        parameters.put("paymentMethodsUrl", urls.base() + "/api/billing/v1/companies/" + card.company() + "/users/"
                + card.user() + "/paymentMethods");
        return List.of(NotificationRequest.email(EMAIL, List.of(card.email()), card.locale(), parameters));
    }
}
