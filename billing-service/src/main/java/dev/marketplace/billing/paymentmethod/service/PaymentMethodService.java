package dev.marketplace.billing.paymentmethod.service;

import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;

import dev.marketplace.billing.client.PaymentProvider;
import dev.marketplace.billing.config.BillingConfig;
import dev.marketplace.billing.paymentmethod.domain.StoredCard;
import dev.marketplace.billing.paymentmethod.repository.StoredCardRepository;
import dev.marketplace.billing.support.PublicUrls;
import dev.marketplace.common.error.ApiException;
import dev.marketplace.common.paging.Link;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;

/**
 * Cards on file. A card arrives as the provider's token, is attached at the provider (outside any transaction: no
 * connection is held while the provider answers), and only what the provider says of it is stored. A user has at most
 * one default card per company: the first card, or the one last made the default; removing the default makes the newest
 * other card the default. Changes of one user's cards are serialised by locking them.
 */
@ApplicationScoped
public class PaymentMethodService {
    public static final String TYPE = "CREDIT_CARD";

    private final StoredCardRepository cards;
    private final PaymentMethodAccess access;
    private final PaymentProvider provider;
    private final PublicUrls urls;
    private final String providerKind;

    public PaymentMethodService(StoredCardRepository cards, PaymentMethodAccess access, PaymentProvider provider,
            PublicUrls urls, BillingConfig config) {
        this.cards = cards;
        this.access = access;
        this.provider = provider;
        this.urls = urls;
        this.providerKind = config.paymentProvider().kind().trim();
    }

    /** The card a charge names: the provider's method id, and the customer reference it was attached for. */
    public record Chargeable(UUID id, String providerMethodId, String customerReference, String last4) {
    }

    /** The reference of the user in the company at the provider (a customer of ours). */
    public static String customerReference(String partner, UUID company, UUID user) {
        return partner + "/" + company + "/" + user;
    }

    public Uni<PaymentMethodView> register(UUID company, UUID user, PaymentMethodInput input) {
        return access.requireWrite(company, user).chain(partner -> provider
                .attach(input.token(), customerReference(partner, company, user))
                .chain(attached -> Panache.withTransaction(() -> cards.ofForUpdate(partner, company, user).chain(existing -> {
                    boolean makeDefault = existing.isEmpty() || Boolean.TRUE.equals(input.makeDefault());
                    StoredCard card = new StoredCard();
                    card.id = UUID.randomUUID();
                    card.partner = partner;
                    card.companyUuid = company;
                    card.userUuid = user;
                    card.provider = providerKind;
                    card.providerMethodId = attached.providerMethodId();
                    card.brand = attached.brand() == null ? "unknown" : attached.brand();
                    card.last4 = attached.last4();
                    card.expirationMonth = attached.expirationMonth();
                    card.expirationYear = attached.expirationYear();
                    card.createdOn = Instant.now();
                    card.isDefault = makeDefault;
                    Uni<Void> cleared = makeDefault ? clearDefault(existing) : Uni.createFrom().voidItem();
                    return cleared.chain(() -> cards.persist(card)).chain(cards::flush).map(v -> view(card));
                }))));
    }

    public Uni<List<PaymentMethodView>> list(UUID company, UUID user) {
        return access.requireRead(company, user).chain(partner -> Panache.withSession(
                () -> cards.of(partner, company, user)).map(found -> found.stream().map(this::view).toList()));
    }

    public Uni<PaymentMethodView> get(UUID company, UUID user, UUID id) {
        return access.requireRead(company, user).chain(partner -> Panache.withSession(
                () -> owned(partner, company, user, id)).map(this::view));
    }

    /** Makes the card the default; the previous default is no longer. */
    public Uni<PaymentMethodView> makeDefault(UUID company, UUID user, UUID id, PaymentMethodChange change) {
        change.checked();
        return access.requireWrite(company, user).chain(partner -> Panache.withTransaction(
                () -> cards.ofForUpdate(partner, company, user).chain(existing -> {
                    StoredCard card = existing.stream().filter(c -> c.id.equals(id)).findFirst()
                            .orElseThrow(() -> ApiException.notFound("Payment method", id));
                    if (card.isDefault) {
                        return Uni.createFrom().item(view(card));
                    }
                    return clearDefault(existing).invoke(() -> card.isDefault = true).chain(cards::flush).map(v -> view(card));
                })));
    }

    /** Detaches the card at the provider, then forgets it; the newest other card becomes the default if it was. */
    public Uni<Void> remove(UUID company, UUID user, UUID id) {
        return access.requireWrite(company, user).chain(partner -> Panache.withSession(() -> owned(partner, company, user, id))
                .chain(card -> provider.detach(card.providerMethodId))
                .chain(() -> Panache.withTransaction(() -> cards.ofForUpdate(partner, company, user).chain(existing -> {
                    Optional<StoredCard> card = existing.stream().filter(c -> c.id.equals(id)).findFirst();
                    if (card.isEmpty()) {
                        return Uni.createFrom().voidItem(); // removed by a concurrent call meanwhile
                    }
                    boolean wasDefault = card.get().isDefault;
                    return cards.delete(card.get()).chain(cards::flush).chain(() -> {
                        Optional<StoredCard> next = existing.stream().filter(c -> !c.id.equals(id)).findFirst();
                        if (wasDefault && next.isPresent()) {
                            next.get().isDefault = true;
                            return cards.flush();
                        }
                        return Uni.createFrom().voidItem();
                    });
                }))));
    }

    /** The buyer's default card in the company, for a charge; runs in the caller's session. */
    public Uni<Optional<Chargeable>> defaultCard(String partner, UUID company, UUID user) {
        return cards.defaultOf(partner, company, user).map(card -> Optional.ofNullable(card).map(c -> new Chargeable(c.id,
                c.providerMethodId, customerReference(partner, company, user), c.last4)));
    }

    private Uni<Void> clearDefault(List<StoredCard> existing) {
        existing.forEach(c -> c.isDefault = false);
        // written before the new default: one default per user and company (a unique index)
        return cards.flush();
    }

    private Uni<StoredCard> owned(String partner, UUID company, UUID user, UUID id) {
        return cards.byId(partner, id).map(card -> {
            if (card == null || !card.companyUuid.equals(company) || !card.userUuid.equals(user)) {
                throw ApiException.notFound("Payment method", id);
            }
            return card;
        });
    }

    PaymentMethodView view(StoredCard c) {
        String self = urls.base() + "/api/billing/v1/companies/" + c.companyUuid + "/users/" + c.userUuid
                + "/paymentMethods/" + c.id;
        return new PaymentMethodView(c.id.toString(), TYPE, c.brand, c.last4, c.expirationMonth, c.expirationYear, c.isDefault,
                c.createdOn.toEpochMilli(), List.of(new Link("self", self), new Link("user", urls.user(c.userUuid)),
                        new Link("company", urls.company(c.companyUuid))));
    }
}
