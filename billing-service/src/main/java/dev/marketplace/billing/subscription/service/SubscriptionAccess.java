package dev.marketplace.billing.subscription.service;

import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;

import dev.marketplace.billing.subscription.domain.Subscription;
import dev.marketplace.billing.support.ChannelAccess;
import dev.marketplace.common.error.ApiException;
import dev.marketplace.common.security.Caller;
import dev.marketplace.common.security.Roles;

/**
 * Who may do what with subscriptions. Channel credentials (ROLE_PARTNER, ROLE_CHANNEL_ADMIN) buy and manage for any
 * company of their marketplace; read-only partner credentials read; a user acting through {@code xoauth_requestor_id}
 * (ROLE_USER, ROLE_SYS_ADMIN or ROLE_BILLING_ADMIN) buys as themselves and manages the subscriptions they bought;
 * vendor credentials read the subscriptions of their own product only. The 403s here are permission answers inside the
 * caller's marketplace: another marketplace's subscription is never loaded (the lookups are scoped to the caller's
 * partner) and answers the 404 of an unknown id, so that ids tell nothing of other marketplaces' orders.
 */
@ApplicationScoped
public class SubscriptionAccess {
    private final Caller caller;
    private final ChannelAccess channel;

    public SubscriptionAccess(Caller caller, ChannelAccess channel) {
        this.caller = caller;
        this.channel = channel;
    }

    public boolean channelWriter() {
        return channel.writer();
    }

    public boolean channelReader() {
        return channel.reader();
    }

    private boolean actsAs(UUID user) {
        return caller.user().map(user::equals).orElse(false)
                && caller.hasAnyRole(Roles.USER, Roles.SYS_ADMIN, Roles.BILLING_ADMIN);
    }

    public void requireBuy(UUID user) {
        caller.partner();
        if (!channelWriter() && !actsAs(user)) {
            throw ApiException.forbidden();
        }
    }

    public Subscription requireManage(Subscription s) {
        sameMarketplace(s);
        if (!channelWriter() && !actsAs(s.userUuid)) {
            throw ApiException.forbidden();
        }
        return s;
    }

    public Subscription requireRead(Subscription s) {
        sameMarketplace(s);
        boolean vendor = caller.hasRole(Roles.VENDOR) && caller.product().map(s.productId::equals).orElse(false);
        if (!channelReader() && !actsAs(s.userUuid) && !vendor) {
            throw ApiException.forbidden();
        }
        return s;
    }

    /** Defence in depth: a subscription loaded without the partner scope is still as unknown as a missing one. */
    private void sameMarketplace(Subscription s) {
        if (!s.partner.equals(caller.partner())) {
            throw ApiException.notFound("Subscription", s.id);
        }
    }

    public void requireChannelReader() {
        caller.partner();
        if (!channelReader()) {
            throw ApiException.forbidden();
        }
    }

    /** Internal endpoints: a service token (ctype "service") with ROLE_SYS_ADMIN; its partner, when set, must match. */
    public void requireService(String partnerOfResource) {
        if (!caller.isService() || !caller.hasRole(Roles.SYS_ADMIN)) {
            throw ApiException.forbidden();
        }
        if (caller.partnerIfAny().filter(partner -> !partner.equals(partnerOfResource)).isPresent()) {
            throw ApiException.forbidden();
        }
    }
}
