package dev.marketplace.account.company.service;

import java.math.BigDecimal;
import java.util.List;
import java.util.UUID;

import jakarta.validation.Valid;
import jakarta.validation.constraints.Email;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.PositiveOrZero;
import jakarta.validation.constraints.Size;

import dev.marketplace.account.company.domain.CompanySize;

/** A company as clients write it (create, update or patch); which fields each operation takes is in {@link CompanyOperation}. */
public class CompanyInput {
    @Size(max = 255)
    public String name;
    public Boolean enabled;
    public Boolean allowLogin;
    public UUID idpUuid;
    @Valid
    public Address address;
    public CompanySize companySize;
    public List<@Valid CustomAttribute> customAttributes;
    @Size(max = 255)
    public String industry;
    @Email
    @Size(max = 320)
    public String emailAddress;
    @Size(max = 2048)
    public String website;
    public Boolean vendor;
    public Boolean reseller;
    public Boolean channelAdmin;
    public Boolean referral;
    @Size(min = 1, max = 255)
    public String externalId;
    @Size(max = 64)
    public String phoneNumber;
    @Size(max = 64)
    public String defaultRole;
    public String countryCode;
    /** This suite's addition: the locale of messages to members without their own (user, company, marketplace). */
    public String locale;
    @PositiveOrZero
    public BigDecimal thirtyDaysPurchaseLimit;
    @PositiveOrZero
    public BigDecimal thirtyDaysPurchaseRemainingAmt;
    public Boolean thirtyDaysPurchaseLimitExempt;
    @PositiveOrZero
    public BigDecimal thirtyDaysPurchaseLimitOverrideAmt;
    public Boolean dailyPurchaseLimitExempt;
    @PositiveOrZero
    public BigDecimal dailyPurchaseLimitOverrideAmt;
    public Boolean onlyAdminsCanBuy;
    public Boolean importAppsEnabled;
    @Min(1)
    @Max(31)
    public Integer billingDayOfMonth;
    @Valid
    public FirstUser firstUser;

    public static class Address {
        @Size(max = 255)
        public String street1;
        @Size(max = 255)
        public String street2;
        @Size(max = 255)
        public String city;
        @Size(max = 255)
        public String state;
        @Size(max = 64)
        public String zip;
        @Size(max = 255)
        public String country;
    }

    public static class CustomAttribute {
        @NotBlank
        @Size(max = 255)
        public String name;
        @Size(max = 4000)
        public String value;
        public List<@NotBlank String> valueKeys;
    }

    public static class FirstUser {
        @NotBlank
        @Email
        @Size(max = 320)
        public String email;
        @Size(max = 255)
        public String firstName;
        @Size(max = 255)
        public String lastName;
        @Size(max = 255)
        public String position;
        /** The user's locale ({@code fr_FR}); messages go in it, else in the company's, else the marketplace's. */
        public String locale;
        public List<String> roles;
    }
}
