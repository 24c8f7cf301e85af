package dev.marketplace.catalog.checkout.service;

import java.math.BigDecimal;
import java.util.List;

import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotEmpty;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;

import com.fasterxml.jackson.annotation.JsonInclude;

/** Checkout item details (AppDirect's CheckoutItemsDetailsRequest and CheckoutItemDetails). */
public final class CheckoutShapes {
    static final String UUID = "[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}";

    private CheckoutShapes() {
    }

    /**
     * The owner will own what is bought; the buyer makes the purchase (another user in assisted sales or for a reseller).
     * One product per request: the answer describes one item.
     */
    public record CheckoutItemsRequest(
            @NotBlank(message = "is required") @Pattern(regexp = UUID, message = "must be a user UUID") String ownerUserId,
            @NotBlank(message = "is required") @Pattern(regexp = UUID, message = "must be a company UUID") String ownerCompanyId,
            @NotBlank(message = "is required") @Pattern(regexp = UUID, message = "must be a user UUID") String buyerUserId,
            @NotBlank(message = "is required") @Pattern(regexp = UUID, message = "must be a company UUID") String buyerCompanyId,
            @NotNull(message = "is required") @Pattern(regexp = "[A-Za-z]{3}", message = "must be exactly 3 characters, a currency code such as USD") String currency,
            @NotEmpty(message = "is required") @Size(max = 1, message = "must hold one product id: the answer describes one item")
            List<@NotBlank(message = "is required") @Pattern(regexp = "[0-9]{1,18}", message = "must be a product id") String> productIds,
            @Size(max = 100) List<@NotBlank(message = "is required") @Size(max = 64) String> pricingPlanIds,
            @Size(max = 0, message = "is currently unsupported") List<String> bundleIds,
            @Size(max = 0, message = "is currently unsupported") List<String> subscriptionIds) {
    }

    public enum ItemType {
        PRODUCT, ADDON, BUNDLE
    }

    public record CheckoutItemDetails(String id, ItemType type, Branding branding, boolean stacked, List<EditionDetails> editions) {
    }

    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Branding(String name, String vendor, String desc, String iconUrl, String href, String storefrontUrl) {
    }

    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record EditionDetails(String id, String name, String revenueModel, FreeTrialTerms freeTrialTerms,
            List<PricingPlan> pricingPlans) {
    }

    public record FreeTrialTerms(Integer freeTrialDuration, String freeTrialDurationPeriod, Integer freeTrialGracePeriod) {
    }

    public record PricingPlan(String id, String currency, String pricingPeriod, List<PricingSource> pricingSources) {
    }

    public record PricingSource(String type, List<PricingDefinition> pricingDefinitions) {
    }

    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record PricingDefinition(String costTypeCategory, String costType, String pricingStrategy, String unit,
            List<PriceRange> priceRanges, String salePrice, Boolean unitAllowsDecimals, BigDecimal increment,
            Boolean allowsMeteredUsage, Boolean displaysPricePerIncrement) {
    }

    /** {@code price} as a number, {@code salePrice} as the reference's decimal text; no wholesale price here. */
    public record PriceRange(int min, Integer max, BigDecimal price, String salePrice, String wholesalePrice) {
    }
}
