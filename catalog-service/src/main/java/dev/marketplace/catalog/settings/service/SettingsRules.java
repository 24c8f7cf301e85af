package dev.marketplace.catalog.settings.service;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Predicate;

import dev.marketplace.catalog.product.service.ProductFacts;
import dev.marketplace.catalog.settings.service.SettingsShapes.AttributeChoice;
import dev.marketplace.catalog.settings.service.SettingsShapes.Billing;
import dev.marketplace.catalog.settings.service.SettingsShapes.BillingCycle;
import dev.marketplace.catalog.settings.service.SettingsShapes.BillingCycleStartDayOption;
import dev.marketplace.catalog.settings.service.SettingsShapes.BillingSettings;
import dev.marketplace.catalog.settings.service.SettingsShapes.CategoryOption;
import dev.marketplace.catalog.settings.service.SettingsShapes.GeneralSettings;
import dev.marketplace.catalog.settings.service.SettingsShapes.MarketplaceProductSettings;
import dev.marketplace.catalog.settings.service.SettingsShapes.ProductGroups;
import dev.marketplace.catalog.settings.service.SettingsShapes.UserAttributeChoice;
import dev.marketplace.common.input.Violations;

/**
 * The rules of a settings body that span fields or need the product (the field rules are annotations on
 * {@link SettingsShapes}): each selection among the options the body gives, editions and plans of the product.
 */
final class SettingsRules {
    private SettingsRules() {
    }

    /** Rules across fields and against the product: selections among the options given, editions and plans of it. */
    static void check(MarketplaceProductSettings input, ProductFacts facts) {
        Violations v = Violations.start();
        GeneralSettings general = input.general();
        if (general != null && general.additionalSettings() != null && general.additionalSettings().customSettings() != null) {
            var custom = general.additionalSettings().customSettings();
            Set<String> keys = new HashSet<>();
            for (int i = 0; i < custom.size(); i++) {
                Object value = custom.get(i).value();
                String field = "general.additionalSettings.customSettings[" + i + "]";
                v.when(value != null && !(value instanceof String) && !(value instanceof Boolean), field + ".value",
                        "must be a string or a boolean");
                v.when(custom.get(i).key() != null && !keys.add(custom.get(i).key()), field + ".key", "is used twice");
            }
        }
        ProductGroups groups = input.productGroups();
        if (groups != null) {
            if (groups.categories() != null && groups.categories().options() != null
                    && groups.categories().selectedOptions() != null) {
                var categories = groups.categories();
                for (int i = 0; i < categories.selectedOptions().size(); i++) {
                    var choice = categories.selectedOptions().get(i);
                    CategoryOption option = categories.options().stream()
                            .filter(o -> o.categoryId().equals(choice.categoryId())).findFirst().orElse(null);
                    String field = "productGroups.categories.selectedOptions[" + i + "]";
                    v.when(option == null, field + ".categoryId", "is not one of the category options");
                    v.when(option != null && choice.subCategoryId() != null && choice.subCategoryId() != 0
                            && (option.subCategories() == null || option.subCategories().stream()
                                    .noneMatch(s -> s.subCategoryId().equals(choice.subCategoryId()))),
                            field + ".subCategoryId", "is not a subcategory of that category");
                }
            }
            requireSelection(v, "productGroups.attributes", groups.attributes(), AttributeChoice::required,
                    a -> a.options() != null && a.options().stream().anyMatch(o -> Boolean.TRUE.equals(o.selected())));
            requireSelection(v, "productGroups.customerGroups", groups.customerGroups(), UserAttributeChoice::required,
                    g -> g.options() != null && g.options().stream().anyMatch(o -> Boolean.TRUE.equals(o.selected())));
            var merchandising = groups.merchandisingOptions();
            if (merchandising != null && merchandising.ribbons() != null && merchandising.ribbons().selectedOption() != null
                    && merchandising.ribbons().selectedOption() != 0) {
                var ribbons = merchandising.ribbons();
                v.when(ribbons.options() == null || ribbons.options().stream()
                        .noneMatch(o -> o.ribbonId().equals(ribbons.selectedOption())),
                        "productGroups.merchandisingOptions.ribbons.selectedOption", "is not one of the ribbon options");
            }
            if (merchandising != null && merchandising.badges() != null && merchandising.badges().selectedOptions() != null) {
                var badges = merchandising.badges();
                for (int i = 0; i < badges.selectedOptions().size(); i++) {
                    Integer id = badges.selectedOptions().get(i);
                    v.when(badges.options() == null || badges.options().stream().noneMatch(o -> o.badgeId().equals(id)),
                            "productGroups.merchandisingOptions.badges.selectedOptions[" + i + "]", "is not one of the badge options");
                }
            }
            var segments = groups.segmentSelections();
            if (segments != null && segments.availableCompanyGroups() != null && segments.selectedSegments() != null) {
                Set<String> available = new HashSet<>();
                segments.availableCompanyGroups().forEach(g -> {
                    if (g.segments() != null) {
                        g.segments().forEach(s -> available.add(s.id()));
                    }
                });
                for (int i = 0; i < segments.selectedSegments().size(); i++) {
                    v.when(!available.contains(segments.selectedSegments().get(i)),
                            "productGroups.segmentSelections.selectedSegments[" + i + "]", "is not a segment of the company groups");
                }
            }
        }
        Billing billing = input.billing();
        if (billing != null) {
            if (billing.freeTrialBillingOptions() != null) {
                for (int i = 0; i < billing.freeTrialBillingOptions().size(); i++) {
                    Long editionId = billing.freeTrialBillingOptions().get(i).editionId();
                    v.when(facts.editions().stream().noneMatch(e -> e.id.equals(editionId) && ProductFacts.hasTrial(e)),
                            "billing.freeTrialBillingOptions[" + i + "].editionId", "is not a free-trial edition of the product");
                }
            }
            BillingSettings billingSettings = billing.billingSettings();
            if (billingSettings != null && billingSettings.billingCycle() != null) {
                BillingCycle cycle = billingSettings.billingCycle();
                v.when(cycle.selectedOption() == BillingCycleStartDayOption.CUSTOM_DAY_OF_THE_MONTH && cycle.startDay() == null,
                        "billing.billingSettings.billingCycle.startDay", "is required for CUSTOM_DAY_OF_THE_MONTH");
            }
            if (billing.skuSettings() != null && billing.skuSettings().editionPricingItems() != null) {
                var items = billing.skuSettings().editionPricingItems();
                Set<Long> planIds = new HashSet<>();
                facts.allPlans().forEach(p -> planIds.add(p.id));
                for (int i = 0; i < items.size(); i++) {
                    v.when(!planIds.contains(items.get(i).paymentPlanId()),
                            "billing.skuSettings.editionPricingItems[" + i + "].paymentPlanId", "is not a payment plan of the product");
                }
            }
        }
        v.throwIfAny();
    }

    private static <T> void requireSelection(Violations v, String field, List<T> choices,
            Function<T, Boolean> required, Predicate<T> selected) {
        if (choices == null) {
            return;
        }
        for (int i = 0; i < choices.size(); i++) {
            T choice = choices.get(i);
            v.when(Boolean.TRUE.equals(required.apply(choice)) && !selected.test(choice), field + "[" + i + "].options",
                    "is required: select an option");
        }
    }
}
