package dev.marketplace.billing.discount.service;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Function;

import jakarta.enterprise.context.ApplicationScoped;

import dev.marketplace.billing.discount.domain.Discount;
import dev.marketplace.billing.discount.domain.RedemptionRestriction;
import dev.marketplace.billing.discount.repository.DiscountRepository;
import dev.marketplace.billing.discount.repository.RedemptionRepository;
import dev.marketplace.billing.pricing.DiscountTerms;
import dev.marketplace.common.error.ApiException;
import io.smallrye.mutiny.Uni;

/**
 * Applies discounts to an order, inside the order's transaction. A code given by the buyer must match the order or the
 * order is refused (400 naming {@code discountCode}; 409 when it has no redemption left for this buyer). Otherwise the
 * automatic discounts that match (application, edition, plan, currency of an amount, unit bounds, dates, redemptions
 * left, the buyer's own redemption restriction) are tried from the largest saving down. Each use counts one redemption atomically, so two
 * orders racing for the last redemption never both get it.
 */
@ApplicationScoped
public class DiscountRedemptions {
    private final DiscountRepository discounts;
    private final RedemptionRepository redemptions;
    private final DiscountNotices notices;

    public DiscountRedemptions(DiscountRepository discounts, RedemptionRepository redemptions, DiscountNotices notices) {
        this.discounts = discounts;
        this.redemptions = redemptions;
        this.notices = notices;
    }

    /** The order a discount is sought for: what is bought (quantities per unit), in which currency, and by whom. */
    public record Order(String partner, long applicationId, long editionId, Long planId, Map<String, Integer> units,
            String currency, UUID company, UUID user, UUID subscriptionId) {
    }

    /**
     * Redeems the discount of the order: the one of {@code code}, or the automatic one saving most ({@code saving}
     * prices a candidate). Empty when none applies.
     */
    public Uni<Optional<DiscountTerms>> redeem(Order order, String code, Function<DiscountTerms, BigDecimal> saving) {
        Instant now = Instant.now();
        if (code != null) {
            return discounts.byCode(order.partner(), code).chain(d -> {
                String mismatch = d == null ? "no discount has this code in this marketplace" : DiscountMatch.mismatch(d, order, now);
                if (mismatch != null) {
                    throw ApiException.invalidField("discountCode", mismatch);
                }
                return allowedFor(d, order).chain(allowed -> {
                    if (!allowed) {
                        throw ApiException.conflict("DISCOUNT_ALREADY_REDEEMED", "discountCode: " + code
                                + " can be redeemed once per " + (d.redemptionRestriction == RedemptionRestriction.ONCE_PER_USER
                                        ? "user" : "company") + " and was already");
                    }
                    return take(d, order).map(taken -> {
                        if (!taken) {
                            throw ApiException.conflict("DISCOUNT_EXHAUSTED", "discountCode: " + code + " has no redemption left");
                        }
                        return Optional.of(DiscountMatch.terms(d));
                    });
                });
            });
        }
        return discounts.automatic(order.partner(), order.applicationId(), order.currency(), now)
                .chain(found -> firstTaken(DiscountMatch.automatic(found, order, now, saving), 0, order));
    }

    /** The first candidate this buyer may redeem and that still has a redemption left (automatic discounts only). */
    private Uni<Optional<DiscountTerms>> firstTaken(List<Discount> candidates, int at, Order order) {
        if (at >= candidates.size()) {
            return Uni.createFrom().item(Optional.empty());
        }
        Discount d = candidates.get(at);
        return allowedFor(d, order).chain(allowed -> !allowed ? firstTaken(candidates, at + 1, order)
                : take(d, order).chain(taken -> taken ? Uni.createFrom().item(Optional.of(DiscountMatch.terms(d)))
                        : firstTaken(candidates, at + 1, order)));
    }

    /** The order that takes the last redemption also tells that the discount no longer applies (DiscountNotices). */
    private Uni<Boolean> take(Discount d, Order order) {
        return discounts.redeemOneLeft(d.id).chain(left -> left == null ? Uni.createFrom().item(false)
                : redemptions.record(d.id, order.partner(), order.subscriptionId(), order.company(), order.user())
                        .call(() -> left == 0 ? notices.usedUp(d) : Uni.createFrom().voidItem())
                        .replaceWith(true));
    }

    private Uni<Boolean> allowedFor(Discount d, Order order) {
        return switch (d.redemptionRestriction) {
            case NONE -> Uni.createFrom().item(true);
            case ONCE_PER_USER -> redemptions.usedByUser(d.id, order.user()).map(used -> !used);
            case ONCE_PER_COMPANY -> redemptions.usedByCompany(d.id, order.company()).map(used -> !used);
        };
    }
}
