package dev.marketplace.account.company.domain;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.UUID;

import jakarta.persistence.Column;
import jakarta.persistence.Embedded;
import jakarta.persistence.Entity;
import jakarta.persistence.EnumType;
import jakarta.persistence.Enumerated;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import jakarta.persistence.Version;

import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;

/** A marketplace company, owned by one partner. */
@Entity
@Table(name = "company")
public class Company extends PanacheEntityBase {
    @Id
    public UUID uuid;
    @Column(nullable = false)
    public String partner;
    public String externalId;
    @Column(nullable = false)
    public String name;
    public boolean enabled = true;
    public boolean allowLogin = true;
    public UUID idpUuid;
    @Embedded
    public CompanyAddress address = new CompanyAddress();
    @Enumerated(EnumType.STRING)
    public CompanySize companySize;
    public String industry;
    public String emailAddress;
    public String website;
    public boolean vendor;
    public boolean reseller;
    public boolean channelAdmin;
    public boolean referral;
    public String phoneNumber;
    public String defaultRole;
    public String countryCode;
    /** The language of messages to members without a locale of their own ({@code fr_FR}); null: the marketplace's. */
    public String locale;
    public BigDecimal thirtyDaysPurchaseLimit;
    public BigDecimal thirtyDaysPurchaseRemainingAmt;
    public boolean thirtyDaysPurchaseLimitExempt;
    public BigDecimal thirtyDaysPurchaseLimitOverrideAmt;
    public boolean dailyPurchaseLimitExempt;
    public BigDecimal dailyPurchaseLimitOverrideAmt;
    public boolean onlyAdminsCanBuy;
    public boolean importAppsEnabled;
    public Integer billingDayOfMonth;
    public boolean hasPicture;
    @Column(nullable = false)
    public Instant createdOn;
    @Column(nullable = false)
    public Instant lastModified;
    @Version
    public long version;
}
