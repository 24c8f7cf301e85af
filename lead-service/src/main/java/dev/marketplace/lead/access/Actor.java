package dev.marketplace.lead.access;

import java.util.UUID;


/**
 * Who acts on leads in a call, once the context has been checked: the marketplace, the context, the company the caller
 * acts for (null for the anonymous contact form and for channel calls that name none) and the user (null without one);
 * the company's address, phone number and locale as account-service answered them (a reseller's own lead is assigned
 * to it).
 */
public record Actor(String partner, LeadContext context, UUID company, String companyName, UUID user, String consumer,
        String companyEmail, String companyPhone, String companyLocale) {

    /** An actor whose company's contact is not known (anonymous, channel calls naming no company, tests). */
    public Actor(String partner, LeadContext context, UUID company, String companyName, UUID user, String consumer) {
        this(partner, context, company, companyName, user, consumer, null, null, null);
    }

    public boolean isManager() {
        return context.isManager();
    }

    public boolean isAnonymous() {
        return context == LeadContext.ANONYMOUS;
    }
}
