package dev.marketplace.catalog.product.service;

import java.math.BigDecimal;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;

import dev.marketplace.catalog.product.domain.DurationUnit;
import dev.marketplace.catalog.product.domain.PricingFrequency;
import dev.marketplace.catalog.product.domain.RevenueType;

/** Request bodies of the administrative catalogue API, bound strictly (unknown properties are refused). */
public final class ProductInputs {
    private ProductInputs() {
    }

    public record ProductInput(String name, String description, String productType, String vendorName,
            String vendorCompanyUuid, List<String> developers, List<EditionInput> editions) {
    }

    public record Trial(Integer length, DurationUnit unit) {
    }

    public record Bullet(String content, String tooltip) {
    }

    public record IncludedItem(BigDecimal amount, String unit, Boolean unlimited) {
    }

    public record Customization(String type, String value) {
    }

    public record EditionInput(String code, String name, Integer rank, Boolean primary, Trial trial,
            Integer expiredTrialGracePeriod, Boolean bundleOnly, String targetAudience, Boolean defaultFreeTrial,
            Boolean invisible, Boolean leadGen, RevenueType revenueType, Boolean restricted, Integer freeTrialDuration,
            DurationUnit freeTrialType, Boolean customerContractRestricted, List<Bullet> bullets, List<IncludedItem> items,
            List<Customization> customizations, List<PlanInput> plans) {
    }

    public record Cost(String unit, String unitDependency, Integer minUnits, Integer maxUnits, Boolean meteredUsage,
            Integer increment, Boolean pricePerIncrement, Boolean blockContractDecrease, Boolean blockContractIncrease,
            Boolean blockOriginalContractDecrease, Map<String, BigDecimal> amount) {
    }

    public record PlanInput(PricingFrequency frequency, Boolean primaryPrice, Boolean allowCustomUsage, JsonNode contract,
            List<Cost> costs) {
    }
}
