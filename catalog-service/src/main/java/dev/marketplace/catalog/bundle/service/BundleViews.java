package dev.marketplace.catalog.bundle.service;

import java.math.BigDecimal;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.dataformat.xml.annotation.JacksonXmlElementWrapper;
import com.fasterxml.jackson.dataformat.xml.annotation.JacksonXmlProperty;
import com.fasterxml.jackson.dataformat.xml.annotation.JacksonXmlRootElement;

/** The storefront's shapes (AppDirect's BundleListingWS, BundleWS, UserAppInfo), JSON and XML. */
public final class BundleViews {
    private BundleViews() {
    }

    /** An item of the bundle list: the starting price as text ({@code $10.00/User/Mo}). */
    @JsonPropertyOrder({ "href", "id", "uuid", "name", "productType" })
    @JacksonXmlRootElement(localName = "bundle")
    public record BundleListing(String href, long id, String uuid, String name, String productType, String status,
            String iconUrl, String profileLogoUrl, String description, String overview, String startingPrice,
            String billingFrequency, Long publishedOn, String developerName, String vendorName, Provider provider,
            BigDecimal rating, Long numRatings, String overviewImageUrl, String blurb, boolean buyable, boolean free,
            boolean freeTrialOrEditionPresent, boolean referable, boolean collectLeads, boolean collectLeadsWithPurchaseEnabled,
            boolean newSubscriptionEnabled, boolean changeSubscriptionAllowed, Long downloadFileSize, boolean hidePricings,
            boolean addon, boolean featured, Integer featuredSliderPosition, boolean popular, Integer popularity,
            boolean staffPick, Integer staffPickSliderPosition, DiscountDetails discountDetails, long lastModified,
            @JacksonXmlElementWrapper(localName = "tags") @JacksonXmlProperty(localName = "tag") List<String> tags,
            @JacksonXmlElementWrapper(localName = "supportedLanguages") @JacksonXmlProperty(localName = "language") List<String> supportedLanguages,
            @JacksonXmlElementWrapper(localName = "bundledProducts") @JacksonXmlProperty(localName = "bundledProduct") List<BundledProduct> bundledProducts) {
    }

    /** One bundle: the starting price as amounts per currency, with its frequency and unit. */
    @JsonPropertyOrder({ "href", "id", "uuid", "name", "productType" })
    @JacksonXmlRootElement(localName = "bundle")
    public record Bundle(String href, long id, String uuid, String name, String productType, String status, String iconUrl,
            String profileLogoUrl, String description, String overview, StartingPrice startingPrice, String billingFrequency,
            Long publishedOn, Provider provider, BigDecimal rating, Long numRatings, String overviewImageUrl, String blurb,
            boolean buyable, boolean free, boolean freeTrialOrEditionPresent, boolean referable, boolean collectLeads,
            boolean collectLeadsWithPurchaseEnabled, boolean newSubscriptionEnabled, boolean changeSubscriptionAllowed,
            Long downloadFileSize, boolean featured, Integer featuredSliderPosition, boolean popular, Integer popularity,
            boolean staffPick, Integer staffPickSliderPosition, DiscountDetails discountDetails, long lastModified,
            @JacksonXmlElementWrapper(localName = "tags") @JacksonXmlProperty(localName = "tag") List<String> tags,
            @JacksonXmlElementWrapper(localName = "supportedLanguages") @JacksonXmlProperty(localName = "language") List<String> supportedLanguages,
            @JacksonXmlElementWrapper(localName = "bundledProducts") @JacksonXmlProperty(localName = "bundledProduct") List<BundledProduct> bundledProducts) {
    }

    public record Provider(String uuid, String name, String url) {
    }

    public record StartingPrice(Map<String, BigDecimal> amount, String billingFrequency, String unit) {
    }

    public record DiscountDetails(String discountedStartingPrice, Map<String, BigDecimal> highestFixedDiscount,
            BigDecimal highestPercentageDiscount, BigDecimal startingPricePercentageDiscount) {
    }

    /** A product a bundle groups. */
    public record BundledProduct(long id, String name, String editionName, String blurb, String iconUrl, String overview,
            boolean featured, BigDecimal rating) {
    }

    public enum PendingAppType {
        DEFAULT, REQUESTED, SUGGESTED
    }

    /** The calling user's relation to the bundle in one company: one per subscription, or one saying there is none. */
    @JacksonXmlRootElement(localName = "userAppInfo")
    public record UserAppInfo(boolean assigned, boolean pending, boolean requested, PendingAppType pendingAppType,
            boolean companyEntitlementPending, Long companyEntitlementId, Long editionId, String editionName,
            Long editionPricingId, Long ownerId, String ownerFullName, boolean ownerAdmin, boolean partOfExistingBundle,
            boolean freeTrialAllowed, String ownerUuid, long freeTrialDaysLeft, boolean companyWide) {
    }

    /** XML form of the list: {@code <bundles><bundle>...</bundle></bundles>}. */
    @JacksonXmlRootElement(localName = "bundles")
    public record BundleListings(@JacksonXmlElementWrapper(useWrapping = false) @JacksonXmlProperty(localName = "bundle")
            List<BundleListing> bundle) {
    }

    /** XML form of a status: {@code <userAppInfos><userAppInfo>...</userAppInfo></userAppInfos>}. */
    @JacksonXmlRootElement(localName = "userAppInfos")
    public record UserAppInfos(@JacksonXmlElementWrapper(useWrapping = false) @JacksonXmlProperty(localName = "userAppInfo")
            List<UserAppInfo> userAppInfo) {
    }
}
