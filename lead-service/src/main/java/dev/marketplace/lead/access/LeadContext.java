package dev.marketplace.lead.access;

/** The hat a caller wears for a call (query parameter {@code context}); see {@code access.ActorResolver}. */
public enum LeadContext {
    RESELLER, REFERRAL, DEVELOPER, RESELLER_MANAGER, PARTNER, ANONYMOUS, CHANNEL_ADMIN;

    /** Contexts that speak for the whole marketplace: they see every profile lead. */
    public boolean isManager() {
        return this == RESELLER_MANAGER || this == PARTNER || this == CHANNEL_ADMIN;
    }
}
