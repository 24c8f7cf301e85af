package dev.marketplace.billing.subscription.service;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;

import jakarta.enterprise.context.ApplicationScoped;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;

import dev.marketplace.billing.exchangerate.service.ExchangeRateService;
import dev.marketplace.billing.money.Money;
import dev.marketplace.billing.subscription.domain.Subscription;
import dev.marketplace.billing.subscription.domain.SubscriptionStatus;
import dev.marketplace.billing.subscription.repository.SubscriptionRepository;
import dev.marketplace.billing.usage.service.UsageService;
import dev.marketplace.common.error.ApiException;
import dev.marketplace.common.events.DomainEventPublisher;
import dev.marketplace.common.events.EventTypes;
import dev.marketplace.common.idempotency.IdempotentRequest;
import dev.marketplace.common.security.Caller;
import dev.marketplace.common.security.Roles;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;

/**
 * Metered usage reported by a product's vendor (vendor credentials of that product only) for one of its accounts. Items
 * are priced in the subscription's currency — by the plan, or at the vendor's price converted with the marketplace's
 * exchange rate in force (none: 400) — and recorded once per report id; the next invoice of the subscription charges
 * them.
 */
@ApplicationScoped
public class UsageReports {
    private final SubscriptionRepository subscriptions;
    private final SubscriptionInvoicing invoicing;
    private final ExchangeRateService rates;
    private final UsageService usage;
    private final DomainEventPublisher events;
    private final ObjectMapper mapper;
    private final Caller caller;

    public UsageReports(SubscriptionRepository subscriptions, SubscriptionInvoicing invoicing, ExchangeRateService rates,
            UsageService usage, DomainEventPublisher events, ObjectMapper mapper, Caller caller) {
        this.subscriptions = subscriptions;
        this.invoicing = invoicing;
        this.rates = rates;
        this.usage = usage;
        this.events = events;
        this.mapper = mapper;
        this.caller = caller;
    }

    /** The answer: AppDirect's API result ({@code success}, {@code message}) with what was recorded. */
    public record Recorded(boolean success, String message, String id, String accountIdentifier, String subscriptionId,
            String currency, List<RecordedItem> items, BigDecimal total) {
    }

    public record RecordedItem(String unit, BigDecimal quantity, BigDecimal price, BigDecimal amount, String currency,
            BigDecimal reportedPrice, String reportedCurrency, BigDecimal exchangeRate, String description) {
    }

    /** The stored answer (JSON) and whether it was recorded before, by the same report. */
    public record Answer(String json, boolean replayed) {
    }

    public Uni<Answer> report(UsageInput input) {
        String partner = caller.partner();
        long product = caller.hasRole(Roles.VENDOR) ? caller.product().orElseThrow(ApiException::forbidden) : -1;
        if (product < 0) {
            throw ApiException.forbidden();
        }
        String fingerprint = fingerprint(input);
        return Panache.withTransaction(() -> subscriptions.byAccount(partner, product, input.accountIdentifier()).chain(s -> {
            if (s == null) {
                throw ApiException.invalidField("accountIdentifier", "no account " + input.accountIdentifier()
                        + " of this product in this marketplace");
            }
            // usage a suspended account reports is kept for the first invoice after its reactivation
            if (s.status != SubscriptionStatus.ACTIVE && s.status != SubscriptionStatus.PENDING_REMOTE_CANCELLATION
                    && s.status != SubscriptionStatus.SUSPENDED) {
                throw ApiException.conflict("INVALID_STATE", "the subscription of account " + input.accountIdentifier() + " is "
                        + s.status + "; usage is recorded for active or suspended subscriptions only");
            }
            return price(s, input).chain(items -> {
                Recorded recorded = new Recorded(true, "Usage recorded", input.id(), input.accountIdentifier(), s.id.toString(),
                        s.currency, items.stream().map(i -> new RecordedItem(i.unit(), i.quantity(), i.unitPrice(), i.amount(),
                                i.currency(), i.originalUnitPrice(), i.originalCurrency(), i.exchangeRate(), i.description()))
                                .toList(),
                        items.stream().map(UsageService.PricedItem::amount).reduce(Money.zero(s.currency), BigDecimal::add));
                String json = json(recorded);
                return usage.record(new UsageService.Report(partner, product, input.id(), s.id, fingerprint, items, json))
                        .chain(earlier -> earlier.isPresent() ? Uni.createFrom().item(new Answer(earlier.get(), true))
                                : events.publish(EventTypes.USAGE_RECORDED, partner, SubscriptionPayloads.AGGREGATE,
                                        s.id.toString(), recorded).replaceWith(new Answer(json, false)));
            });
        }));
    }

    private Uni<List<UsageService.PricedItem>> price(Subscription s, UsageInput input) {
        List<OrderTerms.UnitPrice> prices = invoicing.prices(s);
        Uni<List<UsageService.PricedItem>> all = Uni.createFrom().item(new ArrayList<>());
        for (int i = 0; i < input.items().size(); i++) {
            int at = i;
            UsageInput.Item item = input.items().get(i);
            all = all.call(priced -> item(s, prices, item, at).invoke(priced::add));
        }
        return all;
    }

    private Uni<UsageService.PricedItem> item(Subscription s, List<OrderTerms.UnitPrice> prices, UsageInput.Item item, int at) {
        String field = "items[" + at + "]";
        if (item.price() == null) {
            return Uni.createFrom().item(UsagePricing.atPlanPrice(item, prices, s.currency, field));
        }
        String from = UsagePricing.reportedCurrency(item, s.currency);
        return rates.convert(s.partner, UsagePricing.reportedAmount(item), from, s.currency).map(converted -> {
            var conversion = converted.orElseThrow(() -> ApiException.invalidField(field + ".currency",
                    "no active exchange rate from " + from + " to " + s.currency + " (the subscription's currency)"));
            return UsagePricing.atReportedPrice(item, from, s.currency, conversion);
        });
    }

    /** The same fingerprint as an Idempotency-Key request's: the report's content as bound. */
    private String fingerprint(UsageInput input) {
        return IdempotentRequest.of(input.id(), "usage", "", "POST", "/api/integration/v1/billing/usage", input, mapper)
                .fingerprint();
    }

    private String json(Object value) {
        try {
            return mapper.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("value cannot be serialised", e);
        }
    }

}
