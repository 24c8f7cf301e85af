package dev.marketplace.catalog.product.service;

import java.math.BigDecimal;
import java.net.URI;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;

import dev.marketplace.catalog.product.domain.Edition;
import dev.marketplace.catalog.product.domain.PaymentPlan;
import dev.marketplace.catalog.product.domain.Product;
import dev.marketplace.catalog.product.service.ProductInputs.Bullet;
import dev.marketplace.catalog.product.service.ProductInputs.Cost;
import dev.marketplace.catalog.product.service.ProductInputs.Customization;
import dev.marketplace.catalog.product.service.ProductInputs.IncludedItem;
import dev.marketplace.catalog.product.service.ProductInputs.Merchandising;
import dev.marketplace.catalog.support.JsonText;

/** Response shapes: edition (AppDirect EditionWS), payment plan (PaymentPlanWS) and product. */
@ApplicationScoped
public class CatalogViews {
    private final JsonText json;

    public CatalogViews(JsonText json) {
        this.json = json;
    }

    public record TrialView(Integer length, String unit) {
    }

    public record CostView(String unit, String unitDependency, int minUnits, Integer maxUnits, boolean meteredUsage,
            int increment, boolean pricePerIncrement, boolean blockContractDecrease, boolean blockContractIncrease,
            boolean blockOriginalContractDecrease, Map<String, BigDecimal> amount) {
    }

    public record PlanView(String href, long id, UUID uuid, String frequency, JsonNode contract, boolean allowCustomUsage,
            boolean keepBillDateOnUsageChange, boolean separatePrepaid, boolean isPrimaryPrice, List<CostView> costs,
            Object discount, boolean primaryPrice) {
    }

    public record EditionView(long id, UUID uuid, int rank, String name, boolean primary, TrialView trial,
            Integer expiredTrialGracePeriod, boolean bundleOnly, String targetAudience, String code, boolean defaultFreeTrial,
            boolean invisible, boolean leadGen, long lastModified, String revenueType, boolean restricted,
            Integer freeTrialDuration, String freeTrialType, boolean customerContractRestricted, List<PlanView> plans,
            List<Bullet> bullets, List<IncludedItem> items, List<Customization> customizations,
            @JsonInclude(JsonInclude.Include.NON_NULL) Long parentProductId) {
    }

    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record ProductView(long id, UUID uuid, String name, String description, String productType, String vendorName,
            UUID vendorCompanyUuid, List<String> developers, long createdOn, long lastModified, List<EditionView> editions,
            Map<String, Object> integration, String refId, String status, Long publishedOn, String blurb, String overview,
            String iconUrl, String profileLogoUrl, String overviewImageUrl, String vendorUrl, Long downloadFileSize,
            boolean referable, boolean stacked, List<String> tags, List<String> supportedLanguages,
            Merchandising merchandising, List<MemberView> bundledProducts) {
    }

    /** A product a bundle groups, as the administrative API shows it. */
    public record MemberView(long productId, Long editionId) {
    }

    public ProductView product(Product p, List<EditionView> editions, List<MemberView> members,
            Map<String, Object> integration) {
        return new ProductView(p.id, p.uuid, p.name, p.description, p.productType, p.vendorName, p.vendorCompanyUuid,
                p.developerList(), p.createdOn.toEpochMilli(), p.lastModified.toEpochMilli(), editions, integration, p.refId,
                p.status.name(), p.publishedOn == null ? null : p.publishedOn.toEpochMilli(), p.blurb, p.overview, p.iconUrl,
                p.profileLogoUrl, p.overviewImageUrl, p.vendorUrl, p.downloadFileSize, p.referable, p.stacked, tags(p),
                languages(p), new Merchandising(p.featured, p.featuredSliderPosition, p.staffPick, p.staffPickSliderPosition,
                        p.popular, p.popularity), members);
    }

    public List<String> tags(Product p) {
        return json.read(p.tags, new TypeReference<List<String>>() {
        });
    }

    public List<String> languages(Product p) {
        return json.read(p.supportedLanguages, new TypeReference<List<String>>() {
        });
    }

    public EditionView edition(Edition e, List<PaymentPlan> plans, URI base) {
        List<PlanView> planViews = new ArrayList<>();
        for (PaymentPlan plan : plans) {
            planViews.add(plan(e, plan, base));
        }
        return new EditionView(e.id, e.uuid, e.rank, e.name, e.primary,
                e.trialLength == null ? null : new TrialView(e.trialLength, e.trialUnit), e.expiredTrialGracePeriod,
                e.bundleOnly, e.targetAudience, e.code, e.defaultFreeTrial, e.invisible, e.leadGen,
                e.lastModified.toEpochMilli(), e.revenueType, e.restricted, e.freeTrialDuration, e.freeTrialType,
                e.customerContractRestricted, planViews,
                json.read(e.bullets, new TypeReference<List<Bullet>>() {
                }), json.read(e.items, new TypeReference<List<IncludedItem>>() {
                }), json.read(e.customizations, new TypeReference<List<Customization>>() {
                }), e.parentProductId);
    }

    public PlanView plan(Edition e, PaymentPlan plan, URI base) {
        List<Cost> costs = json.read(plan.costs, new TypeReference<List<Cost>>() {
        });
        List<CostView> costViews = costs.stream().map(c -> new CostView(c.unit(), c.unitDependency(),
                c.minUnits() == null ? 0 : c.minUnits(), c.maxUnits(), Boolean.TRUE.equals(c.meteredUsage()),
                c.increment() == null ? 1 : c.increment(), Boolean.TRUE.equals(c.pricePerIncrement()),
                Boolean.TRUE.equals(c.blockContractDecrease()), Boolean.TRUE.equals(c.blockContractIncrease()),
                Boolean.TRUE.equals(c.blockOriginalContractDecrease()), new LinkedHashMap<>(c.amount()))).toList();
        String href = base == null ? null
                : base.resolve("api/marketplace/v1/products/" + e.productId + "/editions/" + e.id + "/paymentPlans/" + plan.id)
                        .toString();
        return new PlanView(href, plan.id, plan.uuid, plan.frequency.name(),
                plan.contract == null ? null : json.read(plan.contract, JsonNode.class), plan.allowCustomUsage, false, false,
                plan.primaryPrice, costViews, null, plan.primaryPrice);
    }
}
