package dev.marketplace.reseller.access.service;

import java.util.List;
import java.util.Set;
import java.util.UUID;

/**
 * The caller of one request as the reseller API sees it: its marketplace, the context it acts in and, as a reseller,
 * the reseller companies it acts for.
 */
public record Actor(String partner, ResellerContext context, List<UUID> resellerCompanies) {

    public static Actor manager(String partner) {
        return new Actor(partner, ResellerContext.RESELLER_MANAGER, List.of());
    }

    public boolean isManager() {
        return context == ResellerContext.RESELLER_MANAGER;
    }

    /** The reseller companies whose linked customers the actor sees, or null for the whole marketplace. */
    public Set<UUID> resellerScope() {
        return isManager() ? null : Set.copyOf(resellerCompanies);
    }
}
