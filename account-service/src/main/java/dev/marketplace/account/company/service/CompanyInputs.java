package dev.marketplace.account.company.service;

import java.util.List;

import dev.marketplace.account.company.domain.Company;
import dev.marketplace.account.company.domain.CompanyCustomAttribute;

/** The current state of a company as an input, the base a PATCH body is merged onto. */
final class CompanyInputs {
    private CompanyInputs() {
    }

    static CompanyInput from(Company c, List<CompanyCustomAttribute> attributes) {
        CompanyInput in = new CompanyInput();
        in.name = c.name;
        in.enabled = c.enabled;
        if (c.address != null) {
            in.address = new CompanyInput.Address();
            in.address.street1 = c.address.street1;
            in.address.street2 = c.address.street2;
            in.address.city = c.address.city;
            in.address.state = c.address.state;
            in.address.zip = c.address.zip;
            in.address.country = c.address.country;
        }
        in.companySize = c.companySize;
        in.customAttributes = attributes.stream().map(a -> {
            CompanyInput.CustomAttribute attribute = new CompanyInput.CustomAttribute();
            attribute.name = a.name;
            attribute.value = a.value;
            attribute.valueKeys = a.valueKeys;
            return attribute;
        }).toList();
        in.industry = c.industry;
        in.emailAddress = c.emailAddress;
        in.website = c.website;
        in.vendor = c.vendor;
        in.reseller = c.reseller;
        in.channelAdmin = c.channelAdmin;
        in.referral = c.referral;
        in.externalId = c.externalId;
        in.phoneNumber = c.phoneNumber;
        in.defaultRole = c.defaultRole;
        in.countryCode = c.countryCode;
        in.locale = c.locale;
        in.thirtyDaysPurchaseLimitExempt = c.thirtyDaysPurchaseLimitExempt;
        in.thirtyDaysPurchaseLimitOverrideAmt = c.thirtyDaysPurchaseLimitOverrideAmt;
        in.dailyPurchaseLimitExempt = c.dailyPurchaseLimitExempt;
        in.dailyPurchaseLimitOverrideAmt = c.dailyPurchaseLimitOverrideAmt;
        in.billingDayOfMonth = c.billingDayOfMonth;
        return in;
    }
}
