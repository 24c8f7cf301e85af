package dev.marketplace.billing.discount.service;

import java.util.List;
import java.util.Optional;

import io.smallrye.config.ConfigMapping;

/** Who hears that a discount stopped applying (DISCOUNT_DEACTIVATED): the marketplace's own people, none by default. */
@ConfigMapping(prefix = "marketplace.billing.discount-notices")
public interface DiscountNoticeConfig {
    /** Addresses of the channel administrators told when a discount is used up ({@code DISCOUNT_NOTICE_EMAILS}). */
    Optional<List<String>> recipients();
}
