package dev.marketplace.catalog.settings.service;

import java.util.List;

import jakarta.validation.Valid;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Positive;
import jakarta.validation.constraints.Size;

import org.hibernate.validator.constraints.URL;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * The product settings document (AppDirect's MarketplaceProductSettingsWS), as clients send and read it. The same
 * records carry both directions: what the server derives — {@code productInformation}, every {@code validations} and
 * {@code options} list, an endpoint's {@code disabled} and {@code tooltip}, edition names — may be sent back as read
 * and is ignored; the server fills it on every read.
 */
public final class SettingsShapes {
    private SettingsShapes() {
    }

    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record MarketplaceProductSettings(@Valid ProductInformation productInformation, @Valid GeneralSettings general,
            @Valid ProductGroups productGroups, @Valid Billing billing) {
    }

    /** Derived from the product (change it there). */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record ProductInformation(String productName, String iconUrl, Boolean appFromNetwork) {
    }

    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record SettingValidation(String field, Boolean required, Boolean alphanumeric, Boolean numeric, Integer minValue,
            Integer maxValue, Integer minLength, Integer maxLength) {
    }

    // general

    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record GeneralSettings(@Valid AvailabilitySettings settings, @Valid ApiHealthMaintenance apiHealthMaintenance,
            @Valid AdditionalSettings additionalSettings) {
    }

    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record AvailabilitySettings(List<SettingValidation> validations, Boolean visibleOnNetwork,
            Boolean visibleOnMarketplace, Boolean sellDomainAsStandalone, Boolean showAsComingSoon, Boolean hideAllPricing,
            Boolean disableSelfServe,
            @Size(max = 1024) @URL(regexp = "^[hH][tT][tT][pP][sS]?:.*", message = "must be an http(s) URL") String termsOfServiceURL,
            @Valid CollectLeads collectLeads, @Valid SortingRank sortingRank) {
    }

    public enum CollectLeadsOption {
        inAdditionToPurchase, insteadOfPurchase
    }

    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record CollectLeads(List<String> options, Boolean enabled, Boolean assignLeadsToDevelopers,
            Boolean editionLeadGenEnabled, CollectLeadsOption selectedOption) {
    }

    public static final List<String> SORTING_RANKS = List.of("Very High", "High", "Medium", "Low", "Very Low");

    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record SortingRank(List<String> options,
            @Pattern(regexp = "Very High|High|Medium|Low|Very Low", message = "must be one of Very High, High, Medium, Low, Very Low") String selectedOption) {
    }

    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record ApiHealthMaintenance(@Valid WorkingEndpoint purchase, @Valid WorkingEndpoint singleSignOn,
            @Valid WorkingEndpoint updateSubscription, @Valid WorkingEndpoint assignAndUnassign) {
    }

    /** {@code value}: whether the endpoint is on; {@code disabled} and {@code tooltip} are the server's. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record WorkingEndpoint(Boolean value, Boolean disabled, String tooltip) {
    }

    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record AdditionalSettings(List<SettingValidation> validations,
            @Size(max = 100) List<@NotNull @Valid CustomSetting> customSettings) {
    }

    /** A custom setting; its value is a string or a boolean. */
    public record CustomSetting(@NotBlank(message = "is required") @Size(max = 128) String key, Object value,
            @Size(max = 255) String label) {
    }

    // productGroups

    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record ProductGroups(@Valid CategorySelections categories, @Size(max = 500) List<@NotNull @Valid AttributeChoice> attributes,
            @Size(max = 500) List<@NotNull @Valid ProductLineChoice> productLines,
            @Size(max = 500) List<@NotNull @Valid UserAttributeChoice> customerGroups,
            @Valid MerchandisingOptions merchandisingOptions, @Valid SegmentSelection segmentSelections) {
    }

    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record CategorySelections(@Size(max = 500) List<@NotNull @Valid CategoryOption> options, Boolean required,
            @Size(max = 1000) String tooltip, @Size(max = 500) List<@NotNull @Valid CategoryChoice> selectedOptions) {
    }

    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record CategoryOption(@Size(max = 500) List<@NotNull @Valid SubCategoryOption> subCategories,
            @NotNull(message = "is required") Integer categoryId, @Size(max = 255) String name) {
    }

    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record SubCategoryOption(@NotNull(message = "is required") Integer subCategoryId, @Size(max = 255) String name) {
    }

    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record CategoryChoice(@NotNull(message = "is required") Integer categoryId, Integer subCategoryId) {
    }

    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record AttributeChoice(@Size(max = 500) List<@NotNull @Valid AttributeOptionChoice> options,
            @NotNull(message = "is required") Integer attributeId, @Size(max = 255) String name, Boolean required) {
    }

    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record AttributeOptionChoice(@NotNull(message = "is required") Integer attributeOptionId, @Size(max = 255) String name,
            Boolean selected) {
    }

    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record ProductLineChoice(@NotNull(message = "is required") Integer productLineId, @Size(max = 255) String name,
            Boolean selected) {
    }

    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record UserAttributeChoice(@Size(max = 500) List<@NotNull @Valid IndustryChoice> options,
            @NotNull(message = "is required") Integer userAttributeId, @Size(max = 255) String name, Boolean required,
            @Size(max = 1000) String tooltip) {
    }

    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record IndustryChoice(@NotNull(message = "is required") Integer industryId, @Size(max = 255) String name,
            Boolean selected) {
    }

    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record MerchandisingOptions(@Valid RibbonSelection ribbons, @Valid BadgeSelections badges) {
    }

    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record RibbonSelection(@Size(max = 100) List<@NotNull @Valid RibbonOption> options, Integer selectedOption) {
    }

    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record RibbonOption(@NotNull(message = "is required") Integer ribbonId, @Size(max = 32) String color,
            @Size(max = 64) String text, @Size(max = 32) String textColor) {
    }

    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record BadgeSelections(@Size(max = 100) List<@NotNull @Valid BadgeOption> options,
            @Size(max = 100) List<@NotNull Integer> selectedOptions) {
    }

    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record BadgeOption(@NotNull(message = "is required") Integer badgeId, @Size(max = 255) String name,
            @Size(max = 2048) String imageUrl, Integer position) {
    }

    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record SegmentSelection(@Size(max = 200) List<@NotNull @Valid CompanyGroups> availableCompanyGroups,
            @Size(max = 500) List<@NotBlank String> selectedSegments) {
    }

    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record CompanyGroups(@NotBlank(message = "is required") @Size(max = 64) String id, @Size(max = 255) String name,
            @Size(max = 500) List<@NotNull @Valid Segments> segments) {
    }

    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Segments(@NotBlank(message = "is required") @Size(max = 64) String id, @Size(min = 1, max = 255) String name) {
    }

    // billing

    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Billing(@Size(max = 100) List<@NotNull @Valid FreeTrialEdition> freeTrialBillingOptions,
            @Valid BillingSettings billingSettings, @Valid SkuSettings skuSettings) {
    }

    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record FreeTrialEdition(@NotNull(message = "is required") Long editionId, String editionName,
            Boolean requireBillingInfo, Boolean automaticUpgradeToPaidEnabled) {
    }

    public enum BillingCycleStartDayOption {
        MP_DEFAULT_CYCLE, FIRST_DAY_OF_THE_MONTH, LAST_DAY_OF_THE_MONTH, PURCHASE_DAY, CUSTOM_DAY_OF_THE_MONTH
    }

    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record BillingSettings(List<SettingValidation> validations, Boolean skipFirstPayment,
            @Size(max = 255) String taxCode, @Size(max = 25) String setupFeeTaxCode, @Valid BillingCycle billingCycle) {
    }

    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record BillingCycle(List<String> options, @Min(1) @Max(31) Integer startDay,
            BillingCycleStartDayOption selectedOption) {
    }

    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record SkuSettings(List<SettingValidation> validations,
            @Size(max = 500) List<@NotNull @Valid EditionPricingItemSku> editionPricingItems) {
    }

    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record EditionPricingItemSku(@Size(max = 100) List<@NotNull @Valid Sku> skus, String editionName,
            @NotNull(message = "is required") Long paymentPlanId) {
    }

    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Sku(@NotNull(message = "is required") @Positive Long pricingItemId, @Size(max = 64) String price,
            @NotNull(message = "is required") @Pattern(regexp = "[A-Za-z0-9]{6}", message = "must be 6 letters or digits") String sku,
            @Size(min = 2, max = 25) String fid1) {
    }

    /** Which settings, sections and tabs the marketplace's product settings screen shows for the product. */
    public record ActiveSettings(ProductInformation productInformation, boolean showSettingsContainer,
            boolean showVisibleOnNetwork, boolean showVisibleOnMarketplace, boolean showSellDomainAsStandalone,
            boolean showAsComingSoon, boolean showCollectLeads, boolean showCompanyGroupSegmentsContainer,
            boolean showHideAllPricing, boolean showDisableSelfService, boolean showTermsOfServiceURL, boolean showSortingRank,
            boolean showAdditionalSettingsContainer, boolean showAPIHealthMaintenanceContainer, boolean showSKUsContainer,
            boolean showFID1Number, boolean showProductTab, boolean showCategoriesContainer, boolean showAttributesContainer,
            boolean showProductLinesContainer, boolean showCustomerGroupsContainer, boolean showMerchandisingOptionsContainer,
            boolean showBillingTab, boolean showBillingSettingsContainer, boolean showSkipFirstPayment, boolean showTaxCode,
            boolean showSetupFeeTaxCode, boolean showBillingCycleStartDay, boolean showFreeTrialBillingOptionsContainer,
            boolean showBillingPatternsContainer) {
    }
}
