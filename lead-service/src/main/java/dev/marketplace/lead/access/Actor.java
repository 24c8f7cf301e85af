package dev.marketplace.lead.access;

import java.util.UUID;


/**
 * Who acts on leads in a call, once the context has been checked: the marketplace, the context, the company the caller
 * acts for (null for the anonymous contact form and for channel calls that name none) and the user (null without one).
 */
public record Actor(String partner, LeadContext context, UUID company, String companyName, UUID user, String consumer) {

    public boolean isManager() {
        return context.isManager();
    }

    public boolean isAnonymous() {
        return context == LeadContext.ANONYMOUS;
    }
}
