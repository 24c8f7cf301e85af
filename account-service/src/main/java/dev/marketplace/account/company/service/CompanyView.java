package dev.marketplace.account.company.service;

import java.math.BigDecimal;
import java.net.URI;
import java.util.List;
import java.util.UUID;

import com.fasterxml.jackson.annotation.JsonInclude;

import dev.marketplace.account.company.domain.AttributeType;
import dev.marketplace.account.company.domain.Company;
import dev.marketplace.account.company.domain.CompanyAddress;
import dev.marketplace.account.company.domain.CompanyCustomAttribute;
import dev.marketplace.account.company.domain.CompanySize;
import dev.marketplace.common.paging.Link;

/** The company as the API answers it. Custom attributes and purchase-limit data are left out when not asked for. */
public record CompanyView(
        UUID uuid,
        String name,
        boolean enabled,
        boolean allowLogin,
        UUID idpUuid,
        Address address,
        CompanySize companySize,
        @JsonInclude(JsonInclude.Include.NON_NULL) List<CustomAttribute> customAttributes,
        long creationDate,
        long lastModified,
        String industry,
        String emailAddress,
        String website,
        String picture,
        boolean vendor,
        boolean reseller,
        boolean channelAdmin,
        boolean referral,
        String externalId,
        String phoneNumber,
        String defaultRole,
        String countryCode,
        String locale,
        Integer billingDayOfMonth,
        boolean onlyAdminsCanBuy,
        boolean importAppsEnabled,
        @com.fasterxml.jackson.annotation.JsonUnwrapped PurchaseLimits purchaseLimits,
        List<Link> links) {

    public record Address(String street1, String street2, String city, String state, String zip, String country) {
        static Address of(CompanyAddress a) {
            return a == null ? null : new Address(a.street1, a.street2, a.city, a.state, a.zip, a.country);
        }
    }

    public record CustomAttribute(String name, AttributeType attributeType, String label, String hint, String value,
            @JsonInclude(JsonInclude.Include.NON_NULL) List<String> valueKeys) {
        static CustomAttribute of(CompanyCustomAttribute a) {
            return new CustomAttribute(a.name, a.attributeType, a.name, "", a.value, a.valueKeys);
        }
    }

    public record PurchaseLimits(BigDecimal thirtyDaysPurchaseLimit, BigDecimal thirtyDaysPurchaseRemainingAmt,
            boolean thirtyDaysPurchaseLimitExempt, BigDecimal thirtyDaysPurchaseLimitOverrideAmt,
            boolean dailyPurchaseLimitExempt, BigDecimal dailyPurchaseLimitOverrideAmt) {
    }

    public static CompanyView of(Company c, List<CompanyCustomAttribute> attributes, boolean includeCustomAttributes,
            boolean includePurchaseLimits, URI baseUri) {
        String self = baseUri.resolve("api/account/v2/companies/" + c.uuid).toString();
        return new CompanyView(c.uuid, c.name, c.enabled, c.allowLogin, c.idpUuid, Address.of(c.address), c.companySize,
                includeCustomAttributes ? attributes.stream().map(CustomAttribute::of).toList() : null,
                c.createdOn.toEpochMilli(), c.lastModified.toEpochMilli(), c.industry, c.emailAddress, c.website,
                c.hasPicture ? self + "/picture" : null, c.vendor, c.reseller, c.channelAdmin, c.referral, c.externalId,
                c.phoneNumber, c.defaultRole, c.countryCode, c.locale, c.billingDayOfMonth, c.onlyAdminsCanBuy, c.importAppsEnabled,
                includePurchaseLimits ? new PurchaseLimits(c.thirtyDaysPurchaseLimit, c.thirtyDaysPurchaseRemainingAmt,
                        c.thirtyDaysPurchaseLimitExempt, c.thirtyDaysPurchaseLimitOverrideAmt, c.dailyPurchaseLimitExempt,
                        c.dailyPurchaseLimitOverrideAmt) : null,
                List.of(new Link("self", self), new Link("memberships", self + "/memberships")));
    }
}
