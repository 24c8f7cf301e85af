package dev.marketplace.catalog.settings.service;

import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import jakarta.enterprise.context.ApplicationScoped;

import dev.marketplace.catalog.integration.service.IntegrationService;
import dev.marketplace.catalog.product.domain.Edition;
import dev.marketplace.catalog.product.domain.PaymentPlan;
import dev.marketplace.catalog.product.domain.PricingFrequency;
import dev.marketplace.catalog.product.domain.Product;
import dev.marketplace.catalog.product.domain.PublicationStatus;
import dev.marketplace.catalog.product.service.ProductFacts;
import dev.marketplace.catalog.product.service.ProductLookup;
import dev.marketplace.catalog.product.service.ProductService;
import dev.marketplace.catalog.settings.domain.ProductSettings;
import dev.marketplace.catalog.settings.repository.ProductSettingsRepository;
import dev.marketplace.catalog.settings.service.SettingsShapes.ActiveSettings;
import dev.marketplace.catalog.settings.service.SettingsShapes.AdditionalSettings;
import dev.marketplace.catalog.settings.service.SettingsShapes.ApiHealthMaintenance;
import dev.marketplace.catalog.settings.service.SettingsShapes.AttributeChoice;
import dev.marketplace.catalog.settings.service.SettingsShapes.AvailabilitySettings;
import dev.marketplace.catalog.settings.service.SettingsShapes.Billing;
import dev.marketplace.catalog.settings.service.SettingsShapes.BillingCycle;
import dev.marketplace.catalog.settings.service.SettingsShapes.BillingCycleStartDayOption;
import dev.marketplace.catalog.settings.service.SettingsShapes.BillingSettings;
import dev.marketplace.catalog.settings.service.SettingsShapes.CategoryOption;
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
import dev.marketplace.catalog.settings.service.SettingsShapes.UserAttributeChoice;
import dev.marketplace.catalog.settings.service.SettingsShapes.WorkingEndpoint;
import dev.marketplace.catalog.support.JsonText;
import dev.marketplace.common.error.ApiException;
import dev.marketplace.common.events.DomainEventPublisher;
import dev.marketplace.common.events.EventTypes;
import dev.marketplace.common.input.Violations;
import dev.marketplace.common.security.Caller;
import dev.marketplace.common.security.Roles;
import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.quarkus.hibernate.reactive.panache.common.WithTransaction;
import io.smallrye.mutiny.Uni;

/**
 * Product settings per marketplace (general, productGroups, billing), the settings screen's active components derived
 * from the product, and the storefront's view of a page of products' settings. Channel administrators and product
 * support agents read and change them, read-only partner credentials read them; another marketplace's product is a 404.
 */
@ApplicationScoped
public class SettingsService {
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
    static final List<String> BILLING_CYCLE_OPTIONS = java.util.Arrays.stream(BillingCycleStartDayOption.values())
            .map(Enum::name).toList();
    /** Product types that are not listed on their own (sold with their base product). */
    static final Set<String> UNLISTED_TYPES = Set.of("ADDON");
    /** Product types shipped to the buyer (distributor fulfilment ids apply). */
    static final Set<String> PHYSICAL_TYPES = Set.of("PHYSICAL", "HARDWARE");

    private final ProductSettingsRepository settings;
    private final ProductService products;
    private final ProductLookup lookup;
    private final IntegrationService integrations;
    private final JsonText json;
    private final DomainEventPublisher events;
    private final Caller caller;

    public SettingsService(ProductSettingsRepository settings, ProductService products, ProductLookup lookup,
            IntegrationService integrations, JsonText json, DomainEventPublisher events, Caller caller) {
        this.settings = settings;
        this.products = products;
        this.lookup = lookup;
        this.integrations = integrations;
        this.json = json;
        this.events = events;
        this.caller = caller;
    }

    /** The stored groups of a product, or defaults where none is stored. What the storefront derives listings from. */
    public record Stored(GeneralSettings general, ProductGroups productGroups, Billing billing) {
        public static final Stored NONE = new Stored(null, null, null);

        public AvailabilitySettings availability() {
            return general == null ? null : general.settings();
        }

        public boolean visibleOnMarketplace() {
            return availability() == null || availability().visibleOnMarketplace() == null || availability().visibleOnMarketplace();
        }

        public boolean flag(java.util.function.Function<AvailabilitySettings, Boolean> setting) {
            return availability() != null && Boolean.TRUE.equals(setting.apply(availability()));
        }

        public boolean collectLeads() {
            return availability() != null && availability().collectLeads() != null
                    && Boolean.TRUE.equals(availability().collectLeads().enabled());
        }

        public boolean leadsInsteadOfPurchase() {
            return collectLeads() && availability().collectLeads().selectedOption() == CollectLeadsOption.insteadOfPurchase;
        }

        /** An API endpoint switched off by the marketplace (on unless set to false). */
        public boolean endpointOff(java.util.function.Function<ApiHealthMaintenance, WorkingEndpoint> endpoint) {
            if (general == null || general.apiHealthMaintenance() == null) {
                return false;
            }
            WorkingEndpoint e = endpoint.apply(general.apiHealthMaintenance());
            return e != null && Boolean.FALSE.equals(e.value());
        }
    }

    @WithSession
    public Uni<MarketplaceProductSettings> read(long productId) {
        requireReader();
        return load(productId).chain(this::document);
    }

    @WithSession
    public Uni<MarketplaceProductSettings> readByRefId(String refId) {
        requireReader();
        return lookup.loadByRefId(caller.partner(), refId).chain(this::document);
    }

    /**
     * Replaces the groups the body carries (a group left out stays as stored); {@code addToCatalog} publishes a product
     * not yet in the catalogue. Answers the stored settings, in an array.
     */
    @WithTransaction
    public Uni<List<MarketplaceProductSettings>> update(long productId, MarketplaceProductSettings input, boolean addToCatalog) {
        requireWriter();
        return load(productId).chain(product -> save(product, input, addToCatalog)).map(List::of);
    }

    @WithTransaction
    public Uni<List<MarketplaceProductSettings>> updateByRefId(String refId, MarketplaceProductSettings input) {
        requireWriter();
        return lookup.loadByRefId(caller.partner(), refId).chain(product -> save(product, input, false)).map(List::of);
    }

    @WithSession
    public Uni<ActiveSettings> active(long productId) {
        requireReader();
        return load(productId).chain(product -> facts(product).chain(facts -> integrations.configuredEventTypes(product)
                .map(types -> active(facts, types))));
    }

    /**
     * What the storefront reads of a page's stored settings (one query): the general settings only (availability,
     * endpoints switched off). Product groups and billing are neither read nor parsed: they are null in the answer.
     */
    public Uni<Map<Long, Stored>> storedOf(List<Long> productIds) {
        return settings.generalOf(productIds).map(rows -> {
            Map<Long, Stored> result = new LinkedHashMap<>();
            rows.forEach(row -> result.put(row.productId(), new Stored(json.read(row.general(), GeneralSettings.class), null, null)));
            return result;
        });
    }

    private Uni<MarketplaceProductSettings> save(Product product, MarketplaceProductSettings input, boolean addToCatalog) {
        return facts(product).chain(facts -> {
            check(input, facts);
            return settings.findById(product.id).chain(row -> {
                ProductSettings target = row;
                if (target == null) {
                    target = new ProductSettings();
                    target.productId = product.id;
                    target.partner = product.partner;
                    target.general = json.write(input.general());
                    target.productGroups = json.write(input.productGroups());
                    target.billing = json.write(input.billing());
                } else {
                    if (input.general() != null) {
                        target.general = json.write(input.general());
                    }
                    if (input.productGroups() != null) {
                        target.productGroups = json.write(input.productGroups());
                    }
                    if (input.billing() != null) {
                        target.billing = json.write(input.billing());
                    }
                }
                target.lastModified = Instant.now();
                ProductSettings saved = target;
                Stored stored = stored(saved);
                return (row == null ? settings.persist(saved).replaceWithVoid() : settings.flush())
                        .call(() -> products.setVisibleOnMarketplace(product, stored.visibleOnMarketplace()))
                        .call(() -> addToCatalog ? products.addToCatalog(product) : Uni.createFrom().voidItem())
                        .chain(() -> integrations.configuredEventTypes(product))
                        .map(types -> document(facts, stored, types))
                        .call(document -> {
                            Map<String, Object> payload = new LinkedHashMap<>();
                            payload.put("productId", product.id);
                            payload.put("addedToCatalog", addToCatalog);
                            payload.put("settings", document);
                            return events.publish(EventTypes.PRODUCT_SETTINGS_UPDATED, product.partner,
                                    ProductService.AGGREGATE, product.id.toString(), payload);
                        });
            });
        });
    }

    /** Rules across fields and against the product: selections among the options given, editions and plans of it. */
    private static void check(MarketplaceProductSettings input, ProductFacts facts) {
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
            java.util.function.Function<T, Boolean> required, java.util.function.Predicate<T> selected) {
        if (choices == null) {
            return;
        }
        for (int i = 0; i < choices.size(); i++) {
            T choice = choices.get(i);
            v.when(Boolean.TRUE.equals(required.apply(choice)) && !selected.test(choice), field + "[" + i + "].options",
                    "is required: select an option");
        }
    }

    private Uni<MarketplaceProductSettings> document(Product product) {
        return facts(product).chain(facts -> settings.findById(product.id).chain(row -> integrations
                .configuredEventTypes(product).map(types -> document(facts, row == null ? Stored.NONE : stored(row), types))));
    }

    /** The stored groups with everything the server derives filled in, defaults where nothing is stored. */
    private static MarketplaceProductSettings document(ProductFacts facts, Stored stored, Set<String> eventTypes) {
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

    private Stored stored(ProductSettings row) {
        return new Stored(json.read(row.general, GeneralSettings.class), json.read(row.productGroups, ProductGroups.class),
                json.read(row.billing, Billing.class));
    }

    private Uni<ProductFacts> facts(Product product) {
        return lookup.facts(List.of(product)).map(all -> all.get(product.id));
    }

    /** The product of the caller's marketplace; another marketplace's product is as unknown as a missing one (404). */
    private Uni<Product> load(long productId) {
        String partner = caller.partner();
        return lookup.load(productId).invoke(product -> {
            if (!product.partner.equals(partner)) {
                throw ApiException.notFound("Product", productId);
            }
        });
    }

    private void requireReader() {
        caller.partner();
        if (!caller.hasAnyRole(Roles.PARTNER, Roles.CHANNEL_ADMIN, Roles.CHANNEL_PRODUCT_SUPPORT, Roles.PARTNER_READ)) {
            throw ApiException.forbidden();
        }
    }

    private void requireWriter() {
        caller.partner();
        if (!caller.hasAnyRole(Roles.PARTNER, Roles.CHANNEL_ADMIN, Roles.CHANNEL_PRODUCT_SUPPORT)) {
            throw ApiException.forbidden();
        }
    }

    private static boolean bool(Boolean value, boolean fallback) {
        return value == null ? fallback : value;
    }
}
