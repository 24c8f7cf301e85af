package dev.marketplace.billing.paymentmethod.service;

import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;

import dev.marketplace.billing.client.AccountApi.PurchaseProfile;
import dev.marketplace.billing.client.AccountClient;
import dev.marketplace.billing.support.ChannelAccess;
import dev.marketplace.common.error.ApiException;
import dev.marketplace.common.security.Caller;
import dev.marketplace.common.security.Roles;
import io.smallrye.mutiny.Uni;

/**
 * Who may see and change a user's cards in a company: the channel (readers see, writers change), the user themself,
 * or an administrator of the company (an enabled membership with ROLE_SYS_ADMIN or ROLE_BILLING_ADMIN), as for the
 * user's invoices. The company is looked up first, in the caller's marketplace only (account-service), and so is the
 * user's membership of it: an unknown company or user, and another marketplace's, is the same 404.
 */
@ApplicationScoped
public class PaymentMethodAccess {
    private final Caller caller;
    private final ChannelAccess channel;
    private final AccountClient account;

    public PaymentMethodAccess(Caller caller, ChannelAccess channel, AccountClient account) {
        this.caller = caller;
        this.channel = channel;
        this.account = account;
    }

    /** The caller's partner, once the company and user exist there and the caller may read their cards. */
    public Uni<String> requireRead(UUID company, UUID user) {
        return require(company, user, channel.reader());
    }

    /** The caller's partner, once the company and user exist there and the caller may change their cards. */
    public Uni<String> requireWrite(UUID company, UUID user) {
        return require(company, user, channel.writer());
    }

    private Uni<String> require(UUID company, UUID user, boolean channelMay) {
        String partner = caller.partner();
        return account.purchaseProfile(partner, company, user).chain(profile -> {
            if (profile.isEmpty()) {
                throw ApiException.notFound("Company", company);
            }
            if (profile.get().member() == null) {
                throw ApiException.notFound("User", user);
            }
            if (channelMay || isUser(user)) {
                return Uni.createFrom().item(partner);
            }
            if (caller.user().isEmpty() || !caller.hasAnyRole(Roles.USER, Roles.SYS_ADMIN, Roles.BILLING_ADMIN)) {
                throw ApiException.forbidden();
            }
            return account.purchaseProfile(partner, company, caller.user().get()).map(own -> {
                if (!isAdmin(own.orElse(null))) {
                    throw ApiException.forbidden();
                }
                return partner;
            });
        });
    }

    private boolean isUser(UUID user) {
        return caller.user().map(user::equals).orElse(false)
                && caller.hasAnyRole(Roles.USER, Roles.SYS_ADMIN, Roles.BILLING_ADMIN);
    }

    private static boolean isAdmin(PurchaseProfile profile) {
        return profile != null && profile.member() != null && profile.member().enabled()
                && profile.member().hasAnyRole(Roles.SYS_ADMIN, Roles.BILLING_ADMIN);
    }
}
