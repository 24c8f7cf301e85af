package dev.marketplace.catalog.checkout.service;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.net.URI;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import jakarta.enterprise.context.ApplicationScoped;

import dev.marketplace.catalog.checkout.service.CheckoutShapes.Branding;
import dev.marketplace.catalog.checkout.service.CheckoutShapes.CheckoutItemDetails;
import dev.marketplace.catalog.checkout.service.CheckoutShapes.CheckoutItemsRequest;
import dev.marketplace.catalog.checkout.service.CheckoutShapes.EditionDetails;
import dev.marketplace.catalog.checkout.service.CheckoutShapes.FreeTrialTerms;
import dev.marketplace.catalog.checkout.service.CheckoutShapes.ItemType;
import dev.marketplace.catalog.checkout.service.CheckoutShapes.PriceRange;
import dev.marketplace.catalog.checkout.service.CheckoutShapes.PricingDefinition;
import dev.marketplace.catalog.checkout.service.CheckoutShapes.PricingPlan;
import dev.marketplace.catalog.checkout.service.CheckoutShapes.PricingSource;
import dev.marketplace.catalog.client.AccountClient;
import dev.marketplace.catalog.client.AccountClient.Company;
import dev.marketplace.catalog.client.AccountClient.Membership;
import dev.marketplace.catalog.client.BillingClient;
import dev.marketplace.catalog.client.BillingClient.ExchangeRate;
import dev.marketplace.catalog.product.domain.Edition;
import dev.marketplace.catalog.product.domain.PaymentPlan;
import dev.marketplace.catalog.product.domain.PricingFrequency;
import dev.marketplace.catalog.product.domain.Product;
import dev.marketplace.catalog.product.domain.PublicationStatus;
import dev.marketplace.catalog.product.service.ProductFacts;
import dev.marketplace.catalog.product.service.ProductInputs.Cost;
import dev.marketplace.catalog.product.service.ProductLookup;
import dev.marketplace.common.client.ServiceRejection;
import dev.marketplace.common.client.ServiceUnavailable;
import dev.marketplace.common.error.ApiException;
import dev.marketplace.common.input.Violations;
import dev.marketplace.common.security.Caller;
import dev.marketplace.common.security.Roles;
import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.smallrye.mutiny.Uni;

/**
 * Checkout item details: a product's editions and plans priced in the buyer's currency, for an owner and a buyer that
 * account-service confirms — both exist, are enabled members of their companies, the caller may see them, and the
 * buyer may buy for the owner. A plan priced in the currency is shown as it is; otherwise its prices are converted with
 * billing-service's active exchange rate, and without one the request is refused (400 naming {@code currency}).
 */
@ApplicationScoped
public class CheckoutService {
    private static final org.jboss.logging.Logger LOG = org.jboss.logging.Logger.getLogger(CheckoutService.class);
    /** Roles of a buyer who buys for another company: assisted sales (marketplace staff) and resellers. */
    static final Set<String> ASSISTED_SALES_ROLES = Set.of("ROLE_CHANNEL_ADMIN", "ROLE_SALES_SUPPORT", "ROLE_CHANNEL_SUPPORT");
    static final Set<String> RESELLER_ROLES = Set.of("ROLE_RESELLER", "ROLE_RESELLER_MANAGER");
    /** Roles of a buyer who buys for another user of the same company. */
    static final Set<String> COMPANY_BUYER_ROLES = Set.of("ROLE_SYS_ADMIN", "ROLE_BILLING_ADMIN");
    private static final int SCALE = 10;

    private final ProductLookup products;
    private final AccountClient accounts;
    private final BillingClient billing;
    private final Caller caller;

    public CheckoutService(ProductLookup products, AccountClient accounts, BillingClient billing, Caller caller) {
        this.products = products;
        this.accounts = accounts;
        this.billing = billing;
        this.caller = caller;
    }

    @WithSession
    public Uni<CheckoutItemDetails> items(CheckoutItemsRequest request, URI base) {
        String partner = caller.partner();
        requireCaller(request);
        String currency = request.currency().toUpperCase(Locale.ROOT);
        long productId = Long.parseLong(request.productIds().get(0));
        return checkParties(request)
                .chain(() -> products.ofPartner(partner, List.of(productId)))
                .chain(found -> {
                    Product product = found.isEmpty() ? null : found.get(0);
                    if (product == null || product.status != PublicationStatus.PUBLISHED) {
                        throw ApiException.invalidField("productIds[0]", product == null
                                ? "is not a product of this marketplace" : "is not for sale (the product is not published)");
                    }
                    return products.facts(List.of(product)).map(all -> all.get(product.id));
                })
                .chain(facts -> {
                    List<Priced> plans = selectPlans(facts, request.pricingPlanIds());
                    boolean convert = plans.stream().anyMatch(p -> !pricedIn(facts, p.plan(), currency));
                    Uni<Rates> rates = convert ? rates(partner, currency) : Uni.createFrom().item(Rates.NONE);
                    return rates.map(r -> details(facts, plans, currency, r, base));
                });
    }

    /** A user calling for themselves is the buyer; channel credentials may ask for anyone of their marketplace. */
    private void requireCaller(CheckoutItemsRequest request) {
        if (caller.hasRole(Roles.VENDOR)) {
            throw ApiException.forbidden();
        }
        boolean channel = caller.hasAnyRole(Roles.PARTNER, Roles.CHANNEL_ADMIN, Roles.SUPER_SUPPORT, Roles.PARTNER_READ);
        if (!channel && caller.user().map(u -> !u.toString().equalsIgnoreCase(request.buyerUserId())).orElse(true)) {
            throw ApiException.forbidden();
        }
    }

    /** Owner and buyer as account-service knows them, with the caller's own rights; every problem named in one 400. */
    private Uni<Void> checkParties(CheckoutItemsRequest r) {
        boolean sameCompany = r.ownerCompanyId().equalsIgnoreCase(r.buyerCompanyId());
        return company(r.ownerCompanyId()).chain(owner -> (sameCompany ? Uni.createFrom().item(owner) : company(r.buyerCompanyId()))
                .chain(buyer -> membership(r.ownerCompanyId(), r.ownerUserId()).chain(ownerMember -> membership(
                        r.buyerCompanyId(), r.buyerUserId()).invoke(buyerMember -> {
                            Violations v = Violations.start();
                            v.when(owner.isEmpty(), "ownerCompanyId", "is not a company of this marketplace");
                            v.when(buyer.isEmpty(), "buyerCompanyId", "is not a company of this marketplace");
                            owner.ifPresent(c -> v.when(!c.enabled(), "ownerCompanyId", "the company is disabled"));
                            if (!sameCompany) {
                                buyer.ifPresent(c -> v.when(!c.enabled(), "buyerCompanyId", "the company is disabled"));
                            }
                            v.when(owner.isPresent() && ownerMember.isEmpty(), "ownerUserId", "is not a member of the owner's company");
                            v.when(buyer.isPresent() && buyerMember.isEmpty(), "buyerUserId", "is not a member of the buyer's company");
                            ownerMember.ifPresent(m -> v.when(!m.enabled(), "ownerUserId", "the membership is disabled"));
                            buyerMember.ifPresent(m -> v.when(!m.enabled(), "buyerUserId", "the membership is disabled"));
                            if (v.isEmpty() && !mayBuyFor(r, buyer.get(), buyerMember.get())) {
                                v.add("buyerUserId", "may not buy for the owner: a company administrator buys for the users of "
                                        + "their company, assisted sales staff of a marketplace company and resellers for other companies");
                            }
                            v.throwIfAny();
                        }))))
                .replaceWithVoid();
    }

    static boolean mayBuyFor(CheckoutItemsRequest r, Company buyerCompany, Membership buyer) {
        if (r.ownerCompanyId().equalsIgnoreCase(r.buyerCompanyId())) {
            return r.ownerUserId().equalsIgnoreCase(r.buyerUserId()) || buyer.roles().stream().anyMatch(COMPANY_BUYER_ROLES::contains);
        }
        return buyerCompany.channelAdmin() && buyer.roles().stream().anyMatch(ASSISTED_SALES_ROLES::contains)
                || buyerCompany.reseller() && buyer.roles().stream().anyMatch(RESELLER_ROLES::contains);
    }

    private Uni<Optional<Company>> company(String uuid) {
        return accounts.company(uuid).map(Optional::of).onFailure(ServiceRejection.class).recoverWithUni(this::absentOrRefused);
    }

    private Uni<Optional<Membership>> membership(String company, String user) {
        return accounts.membership(company, user).map(Optional::of).onFailure(ServiceRejection.class)
                .recoverWithUni(this::absentOrRefused);
    }

    /** 404: not there (named in the 400); 403: the caller may not see it (403 too); anything else: a 400 from account. */
    private <T> Uni<Optional<T>> absentOrRefused(Throwable failure) {
        ServiceRejection r = (ServiceRejection) failure;
        if (r.notFound()) {
            return Uni.createFrom().item(Optional.empty());
        }
        if (ServiceRejection.refusesTheCaller(r)) {
            return Uni.createFrom().failure(ServiceRejection.asCallersRefusal(r));
        }
        return Uni.createFrom().failure(ApiException.badRequest("ACCOUNT_REFUSED",
                "The accounts service refused to confirm the owner and the buyer (" + r.status() + ")"));
    }

    private record Priced(Edition edition, PaymentPlan plan) {
    }

    /** Plans of the editions a buyer sees, or only those named (each must be the product's: id or uuid). */
    private static List<Priced> selectPlans(ProductFacts facts, List<String> wanted) {
        List<Priced> all = new ArrayList<>();
        for (Edition edition : facts.visibleEditions()) {
            facts.plans(edition).forEach(plan -> all.add(new Priced(edition, plan)));
        }
        if (wanted == null || wanted.isEmpty()) {
            return all;
        }
        Violations v = Violations.start();
        Set<Priced> chosen = new LinkedHashSet<>();
        for (int i = 0; i < wanted.size(); i++) {
            String id = wanted.get(i);
            Optional<Priced> match = all.stream()
                    .filter(p -> p.plan().id.toString().equals(id) || p.plan().uuid.toString().equalsIgnoreCase(id)).findFirst();
            v.when(match.isEmpty(), "pricingPlanIds[" + i + "]", "is not a pricing plan of the product");
            match.ifPresent(chosen::add);
        }
        v.throwIfAny();
        return all.stream().filter(chosen::contains).toList();
    }

    private static boolean pricedIn(ProductFacts facts, PaymentPlan plan, String currency) {
        List<Cost> costs = facts.costs(plan);
        return !costs.isEmpty() && costs.stream().allMatch(c -> c.amount() != null && c.amount().containsKey(currency));
    }

    /** Active rates to and from the currency: {@code multiply} by rates from another currency, {@code divide} by rates to it. */
    private record Rates(Map<String, BigDecimal> multiply, Map<String, BigDecimal> divide) {
        static final Rates NONE = new Rates(Map.of(), Map.of());
    }

    private Uni<Rates> rates(String partner, String currency) {
        return billing.exchangeRates(partner, null, currency).chain(toCurrency -> billing.exchangeRates(partner, currency, null)
                .map(fromCurrency -> {
                    Map<String, BigDecimal> multiply = new LinkedHashMap<>();
                    // billing lists newest first: the first active rate of a pair is the one in force
                    for (ExchangeRate rate : toCurrency) {
                        if (Boolean.TRUE.equals(rate.active()) && currency.equals(rate.counterCurrency()) && rate.rate() != null
                                && rate.rate().signum() > 0) {
                            multiply.putIfAbsent(rate.baseCurrency(), rate.rate());
                        }
                    }
                    Map<String, BigDecimal> divide = new LinkedHashMap<>();
                    for (ExchangeRate rate : fromCurrency) {
                        if (Boolean.TRUE.equals(rate.active()) && currency.equals(rate.baseCurrency()) && rate.rate() != null
                                && rate.rate().signum() > 0) {
                            divide.putIfAbsent(rate.counterCurrency(), rate.rate());
                        }
                    }
                    return new Rates(multiply, divide);
                }))
                // billing refusing this service's own token is not the client's fault
                .onFailure(ServiceRejection.class).transform(f -> {
                    LOG.warnf("billing-service refused the exchange rates lookup: %d", ((ServiceRejection) f).status());
                    return ServiceUnavailable.of("BILLING_UNAVAILABLE", "Billing, which holds the exchange rates,");
                });
    }

    private CheckoutItemDetails details(ProductFacts facts, List<Priced> plans, String currency, Rates rates, URI base) {
        Product product = facts.product();
        Map<Edition, List<PricingPlan>> byEdition = new LinkedHashMap<>();
        for (Priced p : plans) {
            byEdition.computeIfAbsent(p.edition(), e -> new ArrayList<>()).add(plan(facts, p.plan(), currency, rates));
        }
        List<EditionDetails> editions = new ArrayList<>();
        byEdition.forEach((edition, pricingPlans) -> editions.add(new EditionDetails(edition.uuid.toString(), edition.name,
                revenueModel(facts, edition), trial(edition), pricingPlans)));
        if (plans.isEmpty()) {
            // free editions without plans still show
            facts.visibleEditions().stream().filter(facts::isFree).forEach(e -> editions.add(new EditionDetails(e.uuid.toString(),
                    e.name, "FREE", trial(e), List.of())));
        }
        ItemType type = "BUNDLE".equals(product.productType) ? ItemType.BUNDLE
                : "ADDON".equals(product.productType) ? ItemType.ADDON : ItemType.PRODUCT;
        String href = base.resolve("api/marketplace/v1/products/" + product.id).toString();
        String storefront = base.resolve("api/marketplace/v1/bundles/" + product.id).toString();
        return new CheckoutItemDetails(product.uuid.toString(), type,
                new Branding(product.name, product.vendorName, product.description, product.iconUrl, href, storefront),
                product.stacked, editions);
    }

    private PricingPlan plan(ProductFacts facts, PaymentPlan plan, String currency, Rates rates) {
        java.util.function.Function<Map<String, BigDecimal>, BigDecimal> price = converter(facts, plan, currency, rates);
        List<PricingDefinition> definitions = new ArrayList<>();
        for (Cost cost : facts.costs(plan)) {
            BigDecimal amount = price.apply(cost.amount()).setScale(SCALE, RoundingMode.HALF_EVEN);
            boolean setup = ProductFacts.SETUP_UNITS.contains(cost.unit());
            boolean oneTime = setup || plan.frequency == PricingFrequency.ONE_TIME;
            boolean flat = "FLAT".equals(cost.unit()) || "FIXED".equals(cost.unit()) || "NOT_APPLICABLE".equals(cost.unit()) || setup;
            boolean metered = Boolean.TRUE.equals(cost.meteredUsage());
            String costType = metered ? "METERED_USAGE" : setup ? "SETUP_FEE"
                    : flat ? (oneTime ? "ONE_TIME_FLAT" : "RECURRING_FLAT") : (oneTime ? "ONE_TIME_PER_UNIT" : "RECURRING_PER_UNIT");
            String strategy = amount.signum() == 0 ? "FREE" : flat ? "FLAT" : "UNIT";
            List<PriceRange> ranges = flat ? null : List.of(new PriceRange(cost.minUnits() == null ? 0 : cost.minUnits(),
                    cost.maxUnits(), amount, amount.toPlainString(), null));
            definitions.add(new PricingDefinition(oneTime ? "ONE_TIME" : "RECURRING", costType, strategy, cost.unit(), ranges,
                    flat ? amount.toPlainString() : null, false,
                    BigDecimal.valueOf(cost.increment() == null ? 1 : cost.increment()), metered,
                    Boolean.TRUE.equals(cost.pricePerIncrement())));
        }
        return new PricingPlan(plan.uuid.toString(), currency, plan.frequency.name(),
                List.of(new PricingSource("CHANNEL_CATALOG", definitions)));
    }

    /**
     * How this plan's amounts become amounts in {@code currency}: as they are when the plan has it, else through the
     * active rate from a currency every cost of the plan has (USD first, then alphabetically).
     */
    private static java.util.function.Function<Map<String, BigDecimal>, BigDecimal> converter(ProductFacts facts, PaymentPlan plan,
            String currency, Rates rates) {
        if (pricedIn(facts, plan, currency)) {
            return amounts -> amounts.get(currency);
        }
        Set<String> common = null;
        for (Cost cost : facts.costs(plan)) {
            Set<String> keys = cost.amount() == null ? Set.of() : cost.amount().keySet();
            if (common == null) {
                common = new java.util.TreeSet<>(keys);
            } else {
                common.retainAll(keys);
            }
        }
        List<String> sources = new ArrayList<>(common == null ? Set.of() : common);
        sources.sort(Comparator.comparing((String c) -> !c.equals("USD")).thenComparing(c -> c));
        for (String source : sources) {
            BigDecimal multiply = rates.multiply().get(source);
            if (multiply != null) {
                return amounts -> amounts.get(source).multiply(multiply);
            }
            BigDecimal divide = rates.divide().get(source);
            if (divide != null) {
                return amounts -> amounts.get(source).divide(divide, SCALE, RoundingMode.HALF_EVEN);
            }
        }
        throw ApiException.invalidField("currency", "no active exchange rate converts the product's prices ("
                + String.join(", ", sources) + ") to " + currency);
    }

    private static String revenueModel(ProductFacts facts, Edition edition) {
        if (facts.isFree(edition)) {
            return "FREE";
        }
        return "ONE_TIME".equals(edition.revenueType) ? "ONE_TIME" : "RECURRING";
    }

    /** The edition's free trial, in days or months as the reference allows (weeks in days, years in months). */
    private static FreeTrialTerms trial(Edition edition) {
        Integer length = edition.trialLength != null ? edition.trialLength : edition.freeTrialDuration;
        String unit = edition.trialLength != null ? edition.trialUnit : edition.freeTrialType;
        if (length == null) {
            return null;
        }
        return switch (unit == null ? "DAY" : unit) {
            case "WEEK" -> new FreeTrialTerms(length * 7, "DAY", edition.expiredTrialGracePeriod);
            case "MONTH" -> new FreeTrialTerms(length, "MONTH", edition.expiredTrialGracePeriod);
            case "YEAR" -> new FreeTrialTerms(length * 12, "MONTH", edition.expiredTrialGracePeriod);
            default -> new FreeTrialTerms(length, "DAY", edition.expiredTrialGracePeriod);
        };
    }
}
