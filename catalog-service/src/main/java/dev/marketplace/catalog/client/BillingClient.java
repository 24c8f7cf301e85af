package dev.marketplace.catalog.client;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;

import jakarta.enterprise.context.ApplicationScoped;

import org.eclipse.microprofile.faulttolerance.Fallback;
import org.eclipse.microprofile.rest.client.inject.RestClient;
import org.jboss.logging.Logger;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import dev.marketplace.common.security.Roles;
import dev.marketplace.common.client.ServiceRejection;
import dev.marketplace.common.client.ServiceUnavailable;
import io.smallrye.faulttolerance.api.ApplyGuard;
import io.smallrye.faulttolerance.api.AsynchronousNonBlocking;
import io.smallrye.mutiny.Uni;

/**
 * Calls to billing-service, each a GET through billing's idempotent guard ({@link Dependencies}): a timeout, one
 * retry, and one circuit breaker for all of them that stops calling a billing that keeps failing. Discounts degrade: a
 * failed lookup lists bundles without discount details. Exchange rates and subscriptions do not: without them a price or a status would be a guess, so the caller gets 503
 * BILLING_UNAVAILABLE; billing's refusals (4xx) reach the caller's service as {@link ServiceRejection}.
 */
@ApplicationScoped
public class BillingClient {
    private static final Logger LOG = Logger.getLogger(BillingClient.class);
    /** Discounts asked of billing per call: billing's largest page. */
    static final int DISCOUNT_PAGE = 1000;
    /**
     * Most discounts of a marketplace the storefront considers (ten calls to billing every time the 30 s cache expires);
     * a marketplace with more is told in the log.
     */
    static final int MAX_DISCOUNTS = 10_000;

    @JsonIgnoreProperties(ignoreUnknown = true)
    public record ExchangeRate(String baseCurrency, String counterCurrency, BigDecimal rate, Long validFrom, Boolean active) {
    }

    @JsonIgnoreProperties(ignoreUnknown = true)
    public record ExchangeRatePage(List<ExchangeRate> content) {
    }

    /** The discount fields the storefront uses (billing's discount resource). */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Discount(Long id, String uuid, String code, String type, BigDecimal percentage, BigDecimal price,
            BigDecimal discountValue, Long applicationId, Long editionId, Long paymentPlanId, Boolean autoApply,
            Long startDate, Long expirationDate, String description) {
    }

    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Subscription(String id, Long orderId, String status, String companyUuid, String userUuid, Long productId,
            Long editionId, String editionName, Long paymentPlanId, Long createdOn) {
    }

    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Assignment(String subscriptionId, String userUuid, String status) {
    }

    private final BillingApi billing;
    private final ObjectMapper mapper;

    public BillingClient(@RestClient BillingApi billing, ObjectMapper mapper) {
        this.billing = billing;
        this.mapper = mapper;
    }

    /** Rates from {@code base} to {@code counter} (either may be null: any), newest first as billing sorts them; none on a 404. */
    @AsynchronousNonBlocking
    @ApplyGuard(Dependencies.BILLING_IDEMPOTENT)
    @Fallback(fallbackMethod = "ratesUnavailable", skipOn = ServiceRejection.class)
    public Uni<List<ExchangeRate>> exchangeRates(String partner, String base, String counter) {
        return billing.exchangeRates(partner, Roles.PARTNER_READ, base, counter, 100)
                .map(page -> page == null || page.content() == null ? List.<ExchangeRate>of() : page.content())
                // a billing without exchange rates has none to offer
                .onFailure(e -> e instanceof ServiceRejection r && r.notFound()).recoverWithItem(List.of());
    }

    Uni<List<ExchangeRate>> ratesUnavailable(String partner, String base, String counter, Throwable failure) {
        LOG.warnf("billing-service exchange rates call failed: %s", failure.toString());
        return Uni.createFrom().failure(ServiceUnavailable.of("BILLING_UNAVAILABLE",
                "Billing, which holds the exchange rates,"));
    }

    /**
     * The marketplace's discounts, page after page of billing's list (up to {@value #MAX_DISCOUNTS}); fails when billing
     * cannot say, and the storefront then lists without discount details (StorefrontDiscounts), so that a failure is
     * never cached as "no discounts".
     */
    public Uni<List<Discount>> discounts(String partner) {
        return discountsFrom(partner, new ArrayList<>());
    }

    /** One page of billing's discounts: each page is a call of its own, with its own timeout and retry. */
    @AsynchronousNonBlocking
    @ApplyGuard(Dependencies.BILLING_IDEMPOTENT)
    Uni<JsonNode> discountPage(String partner, int start) {
        return billing.discounts(partner, Roles.PARTNER_READ, start, DISCOUNT_PAGE);
    }

    private Uni<List<Discount>> discountsFrom(String partner, List<Discount> found) {
        return discountPage(partner, found.size()).chain(body -> {
            List<Discount> page = discountList(body);
            found.addAll(page);
            if (page.size() < DISCOUNT_PAGE) {
                return Uni.createFrom().item(found);
            }
            if (found.size() >= MAX_DISCOUNTS) {
                LOG.warnf("Marketplace %s has more than %d discounts: the storefront shows the details of the first %d only",
                        partner, MAX_DISCOUNTS, MAX_DISCOUNTS);
                return Uni.createFrom().item(found);
            }
            return discountsFrom(partner, found);
        });
    }

    private List<Discount> discountList(JsonNode body) {
        JsonNode items = body == null ? null : body.isArray() ? body : body.get("content");
        List<Discount> result = new ArrayList<>();
        if (items != null && items.isArray()) {
            for (JsonNode item : items) {
                result.add(mapper.convertValue(item, Discount.class));
            }
        }
        return result;
    }

    /** The subscriptions {@code user} bought in {@code company}, as the caller may see them. */
    @AsynchronousNonBlocking
    @ApplyGuard(Dependencies.BILLING_IDEMPOTENT)
    @Fallback(fallbackMethod = "subscriptionsUnavailable", skipOn = ServiceRejection.class)
    public Uni<List<Subscription>> subscriptions(String company, String user) {
        return billing.subscriptions(company, user);
    }

    Uni<List<Subscription>> subscriptionsUnavailable(String company, String user, Throwable failure) {
        LOG.warnf("billing-service subscriptions call failed: %s", failure.toString());
        return Uni.createFrom().failure(ServiceUnavailable.of("BILLING_UNAVAILABLE", "Billing, which holds the subscriptions,"));
    }

    @AsynchronousNonBlocking
    @ApplyGuard(Dependencies.BILLING_IDEMPOTENT)
    @Fallback(fallbackMethod = "assignmentsUnavailable", skipOn = ServiceRejection.class)
    public Uni<List<Assignment>> assignments(String subscription) {
        return billing.assignments(subscription);
    }

    Uni<List<Assignment>> assignmentsUnavailable(String subscription, Throwable failure) {
        LOG.warnf("billing-service assignments call failed: %s", failure.toString());
        return Uni.createFrom().failure(ServiceUnavailable.of("BILLING_UNAVAILABLE", "Billing, which holds the assignments,"));
    }
}
