package dev.marketplace.catalog.settings.service;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import jakarta.enterprise.context.ApplicationScoped;

import dev.marketplace.catalog.integration.service.IntegrationService;
import dev.marketplace.catalog.product.domain.Product;
import dev.marketplace.catalog.product.service.ProductFacts;
import dev.marketplace.catalog.product.service.ProductLookup;
import dev.marketplace.catalog.product.service.ProductService;
import dev.marketplace.catalog.settings.domain.ProductSettings;
import dev.marketplace.catalog.settings.repository.ProductSettingsRepository;
import dev.marketplace.catalog.settings.service.SettingsShapes.ActiveSettings;
import dev.marketplace.catalog.settings.service.SettingsShapes.ApiHealthMaintenance;
import dev.marketplace.catalog.settings.service.SettingsShapes.AvailabilitySettings;
import dev.marketplace.catalog.settings.service.SettingsShapes.Billing;
import dev.marketplace.catalog.settings.service.SettingsShapes.CollectLeadsOption;
import dev.marketplace.catalog.settings.service.SettingsShapes.GeneralSettings;
import dev.marketplace.catalog.settings.service.SettingsShapes.MarketplaceProductSettings;
import dev.marketplace.catalog.settings.service.SettingsShapes.ProductGroups;
import dev.marketplace.catalog.settings.service.SettingsShapes.WorkingEndpoint;
import dev.marketplace.catalog.support.JsonText;
import dev.marketplace.common.error.ApiException;
import dev.marketplace.common.events.DomainEventPublisher;
import dev.marketplace.common.events.EventTypes;
import dev.marketplace.common.security.Caller;
import dev.marketplace.common.security.Roles;
import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.quarkus.hibernate.reactive.panache.common.WithTransaction;
import io.smallrye.mutiny.Uni;

/**
 * Product settings per marketplace (general, productGroups, billing), the settings screen's active components derived
 * from the product ({@link DerivedSettings}), and the storefront's view of a page of products' settings. Channel
 * administrators and product support agents read and change them ({@link SettingsRules}), read-only partner
 * credentials read them; another marketplace's product is a 404.
 */
@ApplicationScoped
public class SettingsService {

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
                .map(types -> DerivedSettings.active(facts, types))));
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
            SettingsRules.check(input, facts);
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
                        .map(types -> DerivedSettings.document(facts, stored, types))
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

    private Uni<MarketplaceProductSettings> document(Product product) {
        return facts(product).chain(facts -> settings.findById(product.id).chain(row -> integrations
                .configuredEventTypes(product)
                .map(types -> DerivedSettings.document(facts, row == null ? Stored.NONE : stored(row), types))));
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
        return lookup.load(partner, productId);
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
}
