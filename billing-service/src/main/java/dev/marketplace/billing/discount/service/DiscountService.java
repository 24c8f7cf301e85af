package dev.marketplace.billing.discount.service;

import java.time.Instant;
import java.util.List;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;

import dev.marketplace.billing.client.CatalogClient;
import dev.marketplace.billing.discount.domain.Discount;
import dev.marketplace.billing.discount.domain.DiscountSortField;
import dev.marketplace.billing.discount.repository.DiscountRepository;
import dev.marketplace.billing.support.ChannelAccess;
import dev.marketplace.common.error.ApiException;
import dev.marketplace.common.events.DomainEventPublisher;
import dev.marketplace.common.events.EventTypes;
import dev.marketplace.common.paging.Paged;
import dev.marketplace.common.paging.Total;
import dev.marketplace.common.security.Caller;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.quarkus.hibernate.reactive.panache.common.WithTransaction;
import io.smallrye.mutiny.Uni;

/**
 * Discounts of a marketplace, managed by its channel credentials and read by its channel readers. The application,
 * edition and plan a discount is for must exist in the catalogue (asked before the transaction, through the catalog
 * client); codes are unique in the marketplace whatever their case (409).
 */
@ApplicationScoped
public class DiscountService {
    static final String AGGREGATE = "DISCOUNT";

    private final DiscountRepository discounts;
    private final CatalogClient catalog;
    private final ChannelAccess access;
    private final DomainEventPublisher events;
    private final Caller caller;

    public DiscountService(DiscountRepository discounts, CatalogClient catalog, ChannelAccess access, DomainEventPublisher events,
            Caller caller) {
        this.discounts = discounts;
        this.catalog = catalog;
        this.access = access;
        this.events = events;
        this.caller = caller;
    }

    /** A page of a list with start/count paging, and the total for X-Total-Count. */
    public record Page(List<DiscountView> discounts, Total total) {
    }

    /** What the catalogue says about the discount's application, edition and plan. */
    record CatalogRefs(String applicationUuid, String applicationName, String editionUuid, String paymentPlanUuid) {
        static final CatalogRefs NONE = new CatalogRefs(null, null, null, null);
    }

    public Uni<DiscountView> create(DiscountInput input) {
        String partner = access.requireWriter();
        return catalogRefs(partner, input).chain(refs -> Panache.withTransaction(() -> uniqueCode(partner, input, null)
                .chain(() -> {
                    Discount d = new Discount();
                    d.uuid = UUID.randomUUID();
                    d.partner = partner;
                    d.createdOn = Instant.now();
                    d.redemptions = 0;
                    apply(d, input, refs);
                    return discounts.persist(d).chain(saved -> publish(EventTypes.DISCOUNT_CREATED, saved));
                })));
    }

    public Uni<DiscountView> update(String ref, DiscountInput input) {
        String partner = access.requireWriter();
        DiscountRef id = DiscountRef.parse(ref);
        return Panache.withSession(() -> load(id)).chain(existing -> catalogRefs(partner, input))
                .chain(refs -> Panache.withTransaction(() -> load(id).chain(d -> uniqueCode(partner, input, d.id).chain(() -> {
                    apply(d, input, refs);
                    return discounts.flush().chain(() -> publish(EventTypes.DISCOUNT_UPDATED, d));
                }))));
    }

    @WithSession
    public Uni<DiscountView> get(String ref) {
        access.requireReader();
        return load(DiscountRef.parse(ref)).map(DiscountView::of);
    }

    @WithSession
    public Uni<Page> list(String code, DiscountSortField sort, boolean ascending, int start, int count) {
        String partner = access.requireReader();
        return Paged.read(start, count, discounts.search(partner, code, sort, ascending, start, count),
                () -> discounts.count(partner, code))
                .map(found -> new Page(found.rows().stream().map(DiscountView::of).toList(), found.total()));
    }

    /** Deletes the discount from the API; orders that used it keep their terms. */
    @WithTransaction
    public Uni<Void> delete(String ref) {
        access.requireWriter();
        return load(DiscountRef.parse(ref)).chain(d -> {
            d.deletedOn = Instant.now();
            d.lastModified = d.deletedOn;
            return discounts.flush().chain(() -> publish(EventTypes.DISCOUNT_DELETED, d)).replaceWithVoid();
        });
    }

    private Uni<DiscountView> publish(String type, Discount d) {
        DiscountView view = DiscountView.of(d);
        return events.publish(type, d.partner, AGGREGATE, d.id.toString(), view).replaceWith(view);
    }

    private static void apply(Discount d, DiscountInput in, CatalogRefs refs) {
        d.code = in.normalizedCode();
        d.description = in.description().trim();
        d.type = in.type();
        d.percentage = in.percentage();
        d.price = in.price();
        d.discountValue = in.discountValue();
        d.currency = in.currencyCode();
        d.applicationId = in.applicationId();
        d.applicationUuid = refs.applicationUuid();
        d.applicationName = refs.applicationName();
        d.editionId = in.editionId();
        d.editionUuid = refs.editionUuid();
        d.paymentPlanId = in.paymentPlanId();
        d.paymentPlanUuid = refs.paymentPlanUuid();
        d.industryId = in.industryId();
        d.autoApply = in.appliesAutomatically();
        d.billingCycles = in.billingCycles();
        d.retainable = Boolean.TRUE.equals(in.retainable());
        d.redemptionRestriction = in.restriction();
        d.maxRedemptions = in.maxRedemptions();
        d.minUnits = in.minUnits();
        d.maxUnits = in.maxUnits();
        d.unit = in.unit();
        d.startDate = in.startDate() == null ? null : Instant.ofEpochMilli(in.startDate());
        d.expirationDate = in.expirationDate() == null ? null : Instant.ofEpochMilli(in.expirationDate());
        d.vendorSharePercentage = in.vendorSharePercentage();
        d.partnerSharePercentage = in.partnerSharePercentage();
        d.basePartnerSharePercentage = in.basePartnerSharePercentage();
        d.lastModified = Instant.now();
    }

    private Uni<Void> uniqueCode(String partner, DiscountInput input, Long self) {
        String code = input.normalizedCode();
        if (code == null) {
            return Uni.createFrom().voidItem();
        }
        return discounts.byCode(partner, code).map(other -> {
            if (other != null && !other.id.equals(self)) {
                throw ApiException.conflict("DUPLICATE_CODE", "code: " + code + " is already the code of discount " + other.id);
            }
            return null;
        }).replaceWithVoid();
    }

    /** The application, edition and plan must exist in the marketplace's catalogue; each missing one is named. */
    private Uni<CatalogRefs> catalogRefs(String partner, DiscountInput in) {
        if (in.applicationId() == null) {
            return Uni.createFrom().item(CatalogRefs.NONE);
        }
        long application = in.applicationId();
        return catalog.integration(partner, application).chain(product -> {
            if (product.isEmpty()) {
                throw ApiException.invalidField("applicationId", "no application " + application + " in this marketplace");
            }
            if (in.editionId() == null) {
                return Uni.createFrom().item(new CatalogRefs(product.get().applicationUuid(), product.get().name(), null, null));
            }
            return catalog.edition(partner, application, in.editionId()).chain(edition -> {
                if (edition.isEmpty()) {
                    throw ApiException.invalidField("editionId", "application " + application + " has no edition " + in.editionId());
                }
                if (in.paymentPlanId() == null) {
                    return Uni.createFrom().item(new CatalogRefs(product.get().applicationUuid(), product.get().name(),
                            edition.get().uuid(), null));
                }
                var plan = edition.get().plans() == null ? null : edition.get().plans().stream()
                        .filter(p -> p.id() == in.paymentPlanId()).findFirst().orElse(null);
                if (plan == null) {
                    throw ApiException.invalidField("paymentPlanId", "edition " + in.editionId() + " has no plan " + in.paymentPlanId());
                }
                return Uni.createFrom().item(new CatalogRefs(product.get().applicationUuid(), product.get().name(),
                        edition.get().uuid(), plan.uuid()));
            });
        });
    }

    /**
     * The caller's marketplace's discount; another marketplace's is a 404 like an unknown id, so that ids (a sequence
     * shared by every marketplace) tell nothing of others' discounts.
     */
    private Uni<Discount> load(DiscountRef ref) {
        return discounts.live(caller.partner(), ref.id(), ref.uuid()).map(d -> {
            if (d == null) {
                throw ApiException.notFound("Discount", ref.raw());
            }
            return d;
        });
    }

    /** A discount's numeric id or its UUID, as the path gives either. */
    record DiscountRef(String raw, Long id, UUID uuid) {
        static DiscountRef parse(String raw) {
            if (raw != null && raw.length() == 36) {
                try {
                    return new DiscountRef(raw, null, UUID.fromString(raw));
                } catch (IllegalArgumentException e) {
                    // reported below
                }
            }
            try {
                return new DiscountRef(raw, Long.parseLong(raw), null);
            } catch (NumberFormatException | NullPointerException e) {
                throw ApiException.invalidField("discountId", "must be a discount id (a number) or UUID");
            }
        }
    }
}
