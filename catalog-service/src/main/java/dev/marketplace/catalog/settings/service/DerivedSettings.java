package dev.marketplace.catalog.settings.service;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import dev.marketplace.catalog.product.domain.Edition;
import dev.marketplace.catalog.product.domain.PaymentPlan;
import dev.marketplace.catalog.product.domain.PricingFrequency;
import dev.marketplace.catalog.product.domain.Product;
import dev.marketplace.catalog.product.domain.PublicationStatus;
import dev.marketplace.catalog.product.service.ProductFacts;
import dev.marketplace.catalog.settings.service.SettingsService.Stored;
import dev.marketplace.catalog.settings.service.SettingsShapes.ActiveSettings;
import dev.marketplace.catalog.settings.service.SettingsShapes.AdditionalSettings;
import dev.marketplace.catalog.settings.service.SettingsShapes.ApiHealthMaintenance;
import dev.marketplace.catalog.settings.service.SettingsShapes.AvailabilitySettings;
import dev.marketplace.catalog.settings.service.SettingsShapes.Billing;
import dev.marketplace.catalog.settings.service.SettingsShapes.BillingCycle;
import dev.marketplace.catalog.settings.service.SettingsShapes.BillingCycleStartDayOption;
import dev.marketplace.catalog.settings.service.SettingsShapes.BillingSettings;
import dev.marketplace.catalog.settings.service.SettingsShapes.CollectLeads;
import dev.marketplace.catalog.settings.service.SettingsShapes.CollectLeadsOption;
import dev.marketplace.catalog.settings.service.SettingsShapes.EditionPricingItemSku;
import dev.marketplace.catalog.settings.service.SettingsShapes.FreeTrialEdition;
import dev.marketplace.catalog.settings.service.SettingsShapes.GeneralSettings;
import dev.marketplace.catalog.settings.service.SettingsShapes.MarketplaceProductSettings;
import dev.marketplace.catalog.settings.service.SettingsShapes.ProductGroups;
import dev.marketplace.catalog.settings.service.SettingsShapes.ProductInformation;
import dev.marketplace.catalog.settings.service.SettingsShapes.SettingValidation;
import dev.marketplace.catalog.settings.service.SettingsShapes.SkuSettings;
import dev.marketplace.catalog.settings.service.SettingsShapes.SortingRank;
import dev.marketplace.catalog.settings.service.SettingsShapes.WorkingEndpoint;
import dev.marketplace.common.events.EventTypes;

/**
 * What the server derives from the product and its vendor integration: the settings document (the stored groups with
 * options, validations and defaults filled in, endpoints the vendor cannot serve switched off) and the settings screen's
 * active components (service README, "Product settings").
 */
final class DerivedSettings {
    static final List<SettingValidation> AVAILABILITY_VALIDATIONS = List.of(
            new SettingValidation("termsOfServiceURL", null, null, null, null, null, null, 1024));
    static final List<SettingValidation> ADDITIONAL_VALIDATIONS = List.of(
            new SettingValidation("externalIdentifier", null, null, null, null, null, null, 36),
            new SettingValidation("productStockNumber", null, null, null, null, null, null, 36));
    static final List<SettingValidation> BILLING_VALIDATIONS = List.of(
            new SettingValidation("startDay", null, null, true, 1, 31, null, null),
            new SettingValidation("taxCode", null, null, null, null, null, null, 255),
            new SettingValidation("setupFeeTaxCode", null, null, null, null, null, null, 25));
    static final List<SettingValidation> SKU_VALIDATIONS = List.of(
            new SettingValidation("sku", true, true, null, null, null, 6, 6),
            new SettingValidation("fid1", false, null, null, null, null, 2, 25));
    static final List<String> COLLECT_LEADS_OPTIONS = List.of(CollectLeadsOption.inAdditionToPurchase.name(),
            CollectLeadsOption.insteadOfPurchase.name());
    static final List<String> BILLING_CYCLE_OPTIONS = Arrays.stream(BillingCycleStartDayOption.values())
            .map(Enum::name).toList();
    /** Product types that are not listed on their own (sold with their base product). */
    static final Set<String> UNLISTED_TYPES = Set.of("ADDON");
    /** Product types shipped to the buyer (distributor fulfilment ids apply). */
    static final Set<String> PHYSICAL_TYPES = Set.of("PHYSICAL", "HARDWARE");

    private DerivedSettings() {
    }

    /** The stored groups with everything the server derives filled in, defaults where nothing is stored. */
    static MarketplaceProductSettings document(ProductFacts facts, Stored stored, Set<String> eventTypes) {
        Product product = facts.product();
        GeneralSettings general = stored.general();
        AvailabilitySettings a = general == null || general.settings() == null ? null : general.settings();
        CollectLeads leads = a == null ? null : a.collectLeads();
        boolean editionLeadGen = facts.editions().stream().anyMatch(e -> e.leadGen);
        AvailabilitySettings availability = new AvailabilitySettings(AVAILABILITY_VALIDATIONS,
                bool(a == null ? null : a.visibleOnNetwork(), false), stored.visibleOnMarketplace(),
                bool(a == null ? null : a.sellDomainAsStandalone(), false), bool(a == null ? null : a.showAsComingSoon(), false),
                bool(a == null ? null : a.hideAllPricing(), false), bool(a == null ? null : a.disableSelfServe(), false),
                a == null ? null : a.termsOfServiceURL(),
                new CollectLeads(COLLECT_LEADS_OPTIONS, bool(leads == null ? null : leads.enabled(), false),
                        bool(leads == null ? null : leads.assignLeadsToDevelopers(), false), editionLeadGen,
                        leads == null || leads.selectedOption() == null ? CollectLeadsOption.inAdditionToPurchase
                                : leads.selectedOption()),
                new SortingRank(SettingsShapes.SORTING_RANKS, a == null || a.sortingRank() == null
                        || a.sortingRank().selectedOption() == null ? "Medium" : a.sortingRank().selectedOption()));
        ApiHealthMaintenance health = general == null ? null : general.apiHealthMaintenance();
        boolean assign = eventTypes.contains(EventTypes.USER_ASSIGNMENT) && eventTypes.contains(EventTypes.USER_UNASSIGNMENT);
        ApiHealthMaintenance endpoints = new ApiHealthMaintenance(
                endpoint(health == null ? null : health.purchase(), true, !eventTypes.contains(EventTypes.SUBSCRIPTION_ORDER),
                        "The vendor has no SUBSCRIPTION_ORDER event URL."),
                endpoint(health == null ? null : health.singleSignOn(), false, true,
                        "Single sign-on is not configured for the product."),
                facts.partOfBundle()
                        ? endpoint(health == null ? null : health.updateSubscription(), true, true, "The product is part of a bundle.")
                        : endpoint(health == null ? null : health.updateSubscription(), true,
                                !eventTypes.contains(EventTypes.SUBSCRIPTION_CHANGE), "The vendor has no SUBSCRIPTION_CHANGE event URL."),
                endpoint(health == null ? null : health.assignAndUnassign(), true, !assign,
                        "The vendor has no USER_ASSIGNMENT and USER_UNASSIGNMENT event URLs."));
        AdditionalSettings additional = new AdditionalSettings(ADDITIONAL_VALIDATIONS,
                general == null || general.additionalSettings() == null || general.additionalSettings().customSettings() == null
                        ? List.of() : general.additionalSettings().customSettings());

        ProductGroups groups = stored.productGroups() != null ? stored.productGroups()
                : new ProductGroups(null, List.of(), List.of(), List.of(), null, null);

        Billing billing = stored.billing();
        Map<Long, FreeTrialEdition> trialSettings = new LinkedHashMap<>();
        if (billing != null && billing.freeTrialBillingOptions() != null) {
            billing.freeTrialBillingOptions().forEach(t -> trialSettings.put(t.editionId(), t));
        }
        List<FreeTrialEdition> trials = new ArrayList<>();
        for (Edition edition : facts.editions()) {
            if (ProductFacts.hasTrial(edition)) {
                FreeTrialEdition s = trialSettings.get(edition.id);
                trials.add(new FreeTrialEdition(edition.id, edition.name, bool(s == null ? null : s.requireBillingInfo(), true),
                        bool(s == null ? null : s.automaticUpgradeToPaidEnabled(), false)));
            }
        }
        BillingSettings b = billing == null ? null : billing.billingSettings();
        BillingCycle cycle = b == null ? null : b.billingCycle();
        BillingSettings billingSettings = new BillingSettings(BILLING_VALIDATIONS, bool(b == null ? null : b.skipFirstPayment(), false),
                b == null ? null : b.taxCode(), b == null ? null : b.setupFeeTaxCode(),
                new BillingCycle(BILLING_CYCLE_OPTIONS, cycle == null ? null : cycle.startDay(),
                        cycle == null || cycle.selectedOption() == null ? BillingCycleStartDayOption.MP_DEFAULT_CYCLE
                                : cycle.selectedOption()));
        Map<Long, String> editionOfPlan = new LinkedHashMap<>();
        for (Edition edition : facts.editions()) {
            for (PaymentPlan plan : facts.plans(edition)) {
                editionOfPlan.put(plan.id, edition.name);
            }
        }
        List<EditionPricingItemSku> skuItems = billing == null || billing.skuSettings() == null
                || billing.skuSettings().editionPricingItems() == null ? List.of()
                        : billing.skuSettings().editionPricingItems().stream()
                                .filter(i -> editionOfPlan.containsKey(i.paymentPlanId()))
                                .map(i -> new EditionPricingItemSku(i.skus(), editionOfPlan.get(i.paymentPlanId()), i.paymentPlanId()))
                                .toList();
        return new MarketplaceProductSettings(information(product),
                new GeneralSettings(availability, endpoints, additional), groups,
                new Billing(trials, billingSettings, new SkuSettings(SKU_VALIDATIONS, skuItems)));
    }

    private static WorkingEndpoint endpoint(WorkingEndpoint stored, boolean defaultValue, boolean disabled, String whyDisabled) {
        boolean value = stored == null || stored.value() == null ? defaultValue : stored.value();
        return new WorkingEndpoint(value, disabled, disabled ? whyDisabled : null);
    }

    /** The show* flags: the derivation rules are listed in the service README. */
    static ActiveSettings active(ProductFacts facts, Set<String> eventTypes) {
        Product product = facts.product();
        String type = product.productType;
        boolean listed = !UNLISTED_TYPES.contains(type);
        boolean priced = facts.hasPlans();
        boolean paid = facts.hasPaidPlan();
        boolean recurringPaid = facts.hasRecurringPaidPlan();
        boolean cycle = facts.allPlans().stream().anyMatch(p -> facts.isPaid(p) && p.frequency != PricingFrequency.ONE_TIME
                && p.frequency != PricingFrequency.DAILY);
        return new ActiveSettings(information(product), listed, listed, listed, "DOMAIN".equals(type),
                listed && product.status != PublicationStatus.PUBLISHED, listed, listed, listed && priced, listed && priced, paid,
                listed, listed, !eventTypes.isEmpty(), paid, paid && PHYSICAL_TYPES.contains(type), listed, listed, listed,
                listed, listed, listed, priced, paid, recurringPaid, paid, facts.hasSetupFee(), cycle, facts.hasTrial(),
                facts.hasContract());
    }

    private static ProductInformation information(Product product) {
        return new ProductInformation(product.name, product.iconUrl, false);
    }

    private static boolean bool(Boolean value, boolean fallback) {
        return value == null ? fallback : value;
    }
}
