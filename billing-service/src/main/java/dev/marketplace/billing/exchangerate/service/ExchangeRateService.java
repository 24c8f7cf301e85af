package dev.marketplace.billing.exchangerate.service;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.ws.rs.core.UriInfo;

import dev.marketplace.billing.exchangerate.domain.ExchangeRate;
import dev.marketplace.billing.exchangerate.domain.ExchangeRateSortField;
import dev.marketplace.billing.exchangerate.repository.ExchangeRateRepository;
import dev.marketplace.billing.money.Money;
import dev.marketplace.billing.support.ChannelAccess;
import dev.marketplace.common.error.ApiException;
import dev.marketplace.common.events.DomainEventPublisher;
import dev.marketplace.common.events.EventTypes;
import dev.marketplace.common.lookup.Ids;
import dev.marketplace.common.paging.Paged;
import dev.marketplace.common.paging.PageRequest;
import dev.marketplace.common.paging.PagedResponse;
import dev.marketplace.common.security.Caller;
import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.quarkus.hibernate.reactive.panache.common.WithTransaction;
import io.smallrye.mutiny.Uni;

/**
 * Exchange rates of a marketplace: channel credentials create and deactivate them, channel readers list and read them;
 * {@link #convert} turns an amount of an external currency into a marketplace currency with the rate in force.
 */
@ApplicationScoped
public class ExchangeRateService {
    static final String AGGREGATE = "EXCHANGE_RATE";

    private final ExchangeRateRepository rates;
    private final ChannelAccess access;
    private final DomainEventPublisher events;
    private final Caller caller;

    public ExchangeRateService(ExchangeRateRepository rates, ChannelAccess access, DomainEventPublisher events, Caller caller) {
        this.rates = rates;
        this.access = access;
        this.events = events;
        this.caller = caller;
    }

    /** A conversion: the converted amount and the rate used. */
    public record Conversion(BigDecimal amount, BigDecimal rate) {
        /** {@code amount} in its own currency: rounded to it, at the rate of one. */
        public static Conversion same(BigDecimal amount, String currency) {
            return new Conversion(Money.round(amount, currency), BigDecimal.ONE);
        }

        /** {@code amount} at {@code rate} (units of {@code to} per unit of the amount's currency), rounded once. */
        public static Conversion at(BigDecimal amount, BigDecimal rate, String to) {
            return new Conversion(Money.convert(amount, rate, to), rate);
        }
    }

    @WithTransaction
    public Uni<ExchangeRateView> create(ExchangeRateInputs.Create input) {
        String partner = access.requireWriter();
        ExchangeRate r = new ExchangeRate();
        r.uuid = UUID.randomUUID();
        r.partner = partner;
        r.baseCurrency = input.base().name();
        r.counterCurrency = input.counterCurrency().name();
        r.rate = input.rate();
        r.createdOn = Instant.now();
        r.lastModified = r.createdOn;
        r.validFrom = input.validFrom() == null ? r.createdOn : Instant.ofEpochMilli(input.validFrom());
        r.active = true;
        r.authenticationType = "OAUTH";
        r.oauthKey = caller.consumerKey();
        r.userUuid = caller.user().orElse(null);
        ExchangeRateView view = ExchangeRateView.of(r);
        return rates.persist(r).chain(() -> events.publish(EventTypes.EXCHANGE_RATE_CREATED, partner, AGGREGATE,
                r.uuid.toString(), view)).replaceWith(view);
    }

    @WithSession
    public Uni<PagedResponse<ExchangeRateView>> list(String baseCurrency, String counterCurrency,
            ExchangeRateSortField sort, boolean ascending, PageRequest page, UriInfo uri) {
        String partner = access.requireReader();
        var scoped = new ExchangeRateRepository.Filter(partner, baseCurrency, counterCurrency);
        return Paged.read(page, rates.search(scoped, sort, ascending, page.offset(), page.size()), () -> rates.count(scoped))
                .map(found -> PagedResponse.of(found.rows().stream().map(ExchangeRateView::of).toList(), page,
                        found.total(), uri));
    }

    @WithSession
    public Uni<ExchangeRateView> get(String id) {
        access.requireReader();
        return load(id).map(ExchangeRateView::of);
    }

    /** Deactivation is the only change a rate allows; deactivating an inactive rate changes nothing. */
    @WithTransaction
    public Uni<ExchangeRateView> deactivate(String id) {
        access.requireWriter();
        return load(id).chain(r -> {
            if (!r.active) {
                return Uni.createFrom().item(ExchangeRateView.of(r));
            }
            r.active = false;
            r.lastModified = Instant.now();
            ExchangeRateView view = ExchangeRateView.of(r);
            return rates.flush().chain(() -> events.publish(EventTypes.EXCHANGE_RATE_DEACTIVATED, r.partner, AGGREGATE,
                    r.uuid.toString(), view)).replaceWith(view);
        });
    }

    /**
     * {@code amount} of {@code from} in {@code to}, with the active rate of the marketplace whose base is {@code from}
     * and counter {@code to}, in force now; empty when no rate is. Same currency: the amount itself. Needs a session.
     */
    public Uni<java.util.Optional<Conversion>> convert(String partner, BigDecimal amount, String from, String to) {
        if (from.equals(to)) {
            return Uni.createFrom().item(java.util.Optional.of(Conversion.same(amount, to)));
        }
        return rates.inForce(partner, from, to, Instant.now()).map(r -> r == null ? java.util.Optional.empty()
                : java.util.Optional.of(Conversion.at(amount, r.rate, to)));
    }

    /** The caller's marketplace's rate; another marketplace's is a 404 like an unknown id, telling nothing of it. */
    private Uni<ExchangeRate> load(String id) {
        UUID uuid = Ids.uuid("currencyExchangeRateUuid", id);
        return rates.inPartner(caller.partner(), uuid).map(r -> {
            if (r == null) {
                throw ApiException.notFound("Exchange rate", id);
            }
            return r;
        });
    }
}
