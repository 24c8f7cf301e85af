package dev.marketplace.catalog.product.service;

import java.math.BigDecimal;
import java.util.List;
import java.util.Map;

import jakarta.validation.Valid;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotEmpty;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.PositiveOrZero;
import jakarta.validation.constraints.Size;

import org.hibernate.validator.constraints.URL;

import dev.marketplace.catalog.product.domain.DurationUnit;
import dev.marketplace.catalog.product.domain.PricingFrequency;
import dev.marketplace.catalog.product.domain.RevenueType;

/**
 * Request bodies of the administrative catalogue API. Field rules are Bean Validation annotations; rules across fields
 * or against stored state are checked by {@link ProductRules}.
 */
public final class ProductInputs {
    static final String UUID = "[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}";
    static final String IDENTIFIER = "[A-Z][A-Z0-9_]{0,63}";
    static final String CODE = "[A-Za-z0-9_\\-.]{1,64}";
    static final String REF_ID = "[A-Za-z0-9_\\-.:]{1,64}";
    static final String LANGUAGE = "[a-z]{2}(_[A-Z]{2})?";
    static final String HTTP = "^[hH][tT][tT][pP][sS]?:.*";

    private ProductInputs() {
    }

    public record ProductInput(
            @NotBlank(message = "is required") @Size(max = 255) String name,
            @Size(max = 10000) String description,
            @Pattern(regexp = IDENTIFIER, message = "must be an upper-case identifier such as WEB_APP") String productType,
            @Size(max = 255) String vendorName,
            @Pattern(regexp = UUID, message = "must be a UUID") String vendorCompanyUuid,
            List<@NotNull @Pattern(regexp = UUID, message = "must be a user UUID") String> developers,
            List<@NotNull(message = "an edition is required") @Valid EditionInput> editions,
            @Pattern(regexp = REF_ID, message = "must be 1 to 64 letters, digits, '_', '-', '.' or ':'") String refId,
            @Size(max = 500) String blurb,
            @Size(max = 10000) String overview,
            @Size(max = 2048) @URL(regexp = HTTP, message = "must be an http(s) URL") String iconUrl,
            @Size(max = 2048) @URL(regexp = HTTP, message = "must be an http(s) URL") String profileLogoUrl,
            @Size(max = 2048) @URL(regexp = HTTP, message = "must be an http(s) URL") String overviewImageUrl,
            @Size(max = 2048) @URL(regexp = HTTP, message = "must be an http(s) URL") String vendorUrl,
            @PositiveOrZero Long downloadFileSize,
            Boolean referable,
            Boolean stacked,
            @Size(max = 50) List<@NotBlank(message = "must not be blank") @Size(max = 64) String> tags,
            @Size(max = 50) List<@NotNull @Pattern(regexp = LANGUAGE, message = "must be a language code such as en or fr_CA") String> supportedLanguages,
            @Valid Merchandising merchandising,
            @Size(max = 100) List<@NotNull(message = "a product is required") @Valid BundleMember> bundledProducts) {
    }

    /** How the storefront promotes a product. */
    public record Merchandising(Boolean featured, @PositiveOrZero Integer featuredSliderPosition, Boolean staffPick,
            @PositiveOrZero Integer staffPickSliderPosition, Boolean popular, @PositiveOrZero Integer popularity) {
    }

    /** A product a BUNDLE groups, optionally one of its editions. */
    public record BundleMember(@NotNull(message = "is required") Long productId, Long editionId) {
    }

    public record Trial(@NotNull @Min(1) Integer length, @NotNull DurationUnit unit) {
    }

    public record Bullet(@NotNull(message = "is required") String content, String tooltip) {
    }

    public record IncludedItem(@PositiveOrZero BigDecimal amount,
            @NotNull(message = "is required, a pricing unit such as USER")
            @Pattern(regexp = IDENTIFIER, message = "must be a pricing unit such as USER") String unit,
            Boolean unlimited) {
    }

    public record Customization(String type, String value) {
    }

    public record EditionInput(
            @NotNull(message = "is required") @Pattern(regexp = CODE, message = "must be 1 to 64 letters, digits, '_', '-' or '.'") String code,
            @NotBlank(message = "is required") @Size(max = 255) String name,
            @PositiveOrZero Integer rank,
            Boolean primary,
            @Valid Trial trial,
            @PositiveOrZero Integer expiredTrialGracePeriod,
            Boolean bundleOnly,
            @Size(max = 64) String targetAudience,
            Boolean defaultFreeTrial,
            Boolean invisible,
            Boolean leadGen,
            RevenueType revenueType,
            Boolean restricted,
            @PositiveOrZero Integer freeTrialDuration,
            DurationUnit freeTrialType,
            Boolean customerContractRestricted,
            List<@NotNull @Valid Bullet> bullets,
            List<@NotNull @Valid IncludedItem> items,
            List<@NotNull @Valid Customization> customizations,
            List<@NotNull(message = "a plan is required") @Valid PlanInput> plans,
            @Min(value = 1, message = "must be the id of another product of this marketplace (the product this edition is an add-on of)")
            Long parentProductId) {
    }

    public record Cost(
            @NotNull(message = "is required, a pricing unit such as USER")
            @Pattern(regexp = IDENTIFIER, message = "must be a pricing unit such as USER") String unit,
            @Size(max = 64) String unitDependency,
            @PositiveOrZero Integer minUnits,
            @Min(1) Integer maxUnits,
            Boolean meteredUsage,
            @Min(1) Integer increment,
            Boolean pricePerIncrement,
            Boolean blockContractDecrease,
            Boolean blockContractIncrease,
            Boolean blockOriginalContractDecrease,
            @CurrencyAmounts Map<String, BigDecimal> amount) {
    }

    public record PlanInput(
            @NotNull(message = "is required (DAILY, MONTHLY, QUARTERLY, SIX_MONTHS, YEARLY, TWO_YEARS, THREE_YEARS, ONE_TIME)")
            PricingFrequency frequency,
            Boolean primaryPrice,
            Boolean allowCustomUsage,
            Map<String, Object> contract,
            @NotEmpty(message = "at least one cost is required") List<@NotNull(message = "a cost is required") @Valid Cost> costs) {
    }
}
