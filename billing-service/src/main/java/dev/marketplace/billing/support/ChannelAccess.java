package dev.marketplace.billing.support;

import jakarta.enterprise.context.ApplicationScoped;

import dev.marketplace.common.error.ApiException;
import dev.marketplace.common.security.Caller;
import dev.marketplace.common.security.Roles;

/**
 * The marketplace's own credentials: channel writers (ROLE_PARTNER, ROLE_CHANNEL_ADMIN) change marketplace-wide money
 * settings (exchange rates, discounts, manual payments); channel readers (plus ROLE_PARTNER_READ) read them. Users and
 * vendors are neither. Every check also requires a partner.
 */
@ApplicationScoped
public class ChannelAccess {
    private final Caller caller;

    public ChannelAccess(Caller caller) {
        this.caller = caller;
    }

    public boolean writer() {
        return caller.hasAnyRole(Roles.PARTNER, Roles.CHANNEL_ADMIN);
    }

    public boolean reader() {
        return writer() || caller.hasRole(Roles.PARTNER_READ);
    }

    /** The caller's partner, when it may change marketplace money settings; else 403. */
    public String requireWriter() {
        String partner = caller.partner();
        if (!writer()) {
            throw ApiException.forbidden();
        }
        return partner;
    }

    /** The caller's partner, when it may read marketplace money settings; else 403. */
    public String requireReader() {
        String partner = caller.partner();
        if (!reader()) {
            throw ApiException.forbidden();
        }
        return partner;
    }
}
