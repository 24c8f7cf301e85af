package dev.marketplace.account.company.service;

import java.util.Set;

/** Which company fields each operation accepts (AppDirect's company table); any other property is refused by name. */
public enum CompanyOperation {
    CREATE("creating", Set.of("name", "allowLogin", "idpUuid", "address", "companySize", "customAttributes", "industry",
            "emailAddress", "website", "vendor", "reseller", "channelAdmin", "referral", "externalId", "phoneNumber",
            "defaultRole", "countryCode", "locale", "thirtyDaysPurchaseLimitExempt", "thirtyDaysPurchaseLimitOverrideAmt",
            "dailyPurchaseLimitExempt", "dailyPurchaseLimitOverrideAmt", "onlyAdminsCanBuy", "importAppsEnabled",
            "billingDayOfMonth", "firstUser")),
    UPDATE("updating", Set.of("name", "enabled", "allowLogin", "address", "companySize", "customAttributes", "industry",
            "emailAddress", "website", "vendor", "reseller", "channelAdmin", "referral", "externalId", "phoneNumber",
            "defaultRole", "countryCode", "locale", "thirtyDaysPurchaseLimit", "thirtyDaysPurchaseRemainingAmt",
            "thirtyDaysPurchaseLimitExempt", "thirtyDaysPurchaseLimitOverrideAmt", "billingDayOfMonth")),
    PATCH("patching", Set.of("name", "enabled", "allowLogin", "address", "companySize", "customAttributes", "industry",
            "emailAddress", "website", "vendor", "reseller", "channelAdmin", "referral", "externalId", "phoneNumber",
            "defaultRole", "countryCode", "locale", "thirtyDaysPurchaseLimitExempt", "thirtyDaysPurchaseLimitOverrideAmt",
            "dailyPurchaseLimitExempt", "dailyPurchaseLimitOverrideAmt", "billingDayOfMonth"));

    /** Fields of the company response that clients may send back unchanged; they are ignored on input. */
    static final Set<String> RESPONSE_ONLY = Set.of("uuid", "links", "creationDate", "lastModified", "picture",
            "salesSupport", "salesAgent");

    /** Every property a company body may carry in some operation. */
    static final Set<String> KNOWN;

    static {
        var all = new java.util.HashSet<String>();
        for (CompanyOperation op : values()) {
            all.addAll(op.fields);
        }
        all.addAll(Set.of("thirtyDaysPurchaseLimit", "thirtyDaysPurchaseRemainingAmt"));
        KNOWN = Set.copyOf(all);
    }

    private final String verb;
    private final Set<String> fields;

    CompanyOperation(String verb, Set<String> fields) {
        this.verb = verb;
        this.fields = fields;
    }

    public String verb() {
        return verb;
    }

    public boolean accepts(String field) {
        return fields.contains(field);
    }
}
