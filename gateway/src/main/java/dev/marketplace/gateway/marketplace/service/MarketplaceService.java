package dev.marketplace.gateway.marketplace.service;

import java.util.Currency;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import jakarta.enterprise.context.ApplicationScoped;

import dev.marketplace.common.error.ApiException;
import dev.marketplace.common.input.Violations;
import dev.marketplace.common.paging.PageRequest;
import dev.marketplace.common.security.Roles;
import dev.marketplace.gateway.consumer.service.ChannelConsumerService;
import dev.marketplace.gateway.consumer.service.ChannelConsumerService.IssuedConsumer;
import dev.marketplace.gateway.marketplace.domain.Marketplace;
import dev.marketplace.gateway.marketplace.domain.NewConsumer;
import dev.marketplace.gateway.marketplace.domain.NewMarketplace;
import dev.marketplace.gateway.marketplace.repository.MarketplaceRepository;
import io.smallrye.mutiny.Uni;
import io.smallrye.mutiny.tuples.Tuple2;

/**
 * The platform operator's marketplaces and their channel consumers. Disabling and enabling go through
 * {@link DisabledMarketplaces}, in the order that leaves a marketplace refused whenever a step fails.
 */
@ApplicationScoped
public class MarketplaceService {
    /** A new consumer's authorities when none are named: those of the bootstrap consumer. */
    public static final List<String> DEFAULT_AUTHORITIES = List.of(Roles.PARTNER, Roles.CHANNEL_ADMIN, Roles.SUPER_SUPPORT);
    /**
     * What a marketplace's consumer may hold: a marketplace's own roles. Never the roles of vendors, of anonymous
     * leads, of the services (ROLE_SYS_ADMIN) or of the platform operator.
     */
    public static final Set<String> CONSUMER_AUTHORITIES = Set.of(Roles.PARTNER, Roles.CHANNEL_ADMIN, Roles.SUPER_SUPPORT,
            Roles.BILLING_ADMIN, Roles.CHANNEL_PRODUCT_SUPPORT, Roles.RESELLER_MANAGER, Roles.DEVELOPER);

    private final MarketplaceRepository repository;
    private final DisabledMarketplaces disabled;
    private final ChannelConsumerService consumers;

    public MarketplaceService(MarketplaceRepository repository, DisabledMarketplaces disabled, ChannelConsumerService consumers) {
        this.repository = repository;
        this.disabled = disabled;
        this.consumers = consumers;
    }

    public Uni<Marketplace> create(NewMarketplace request) {
        Violations.start().when(!isCurrency(request.defaultCurrency()), "defaultCurrency", "must be an ISO 4217 currency code")
                .throwIfAny();
        return repository.insertIfAbsent(request.partner(), request.name().trim(), request.defaultLocale(), request.defaultCurrency())
                .map(created -> created.orElseThrow(() -> ApiException.conflict("CONFLICT",
                        "Marketplace " + request.partner() + " already exists")));
    }

    /** The bootstrap marketplace, created when absent (whatever it holds then is kept). */
    public Uni<Boolean> createIfAbsent(String partner, String name, String locale, String currency) {
        return repository.insertIfAbsent(partner, name, locale, currency).map(created -> created.isPresent());
    }

    public Uni<Tuple2<List<Marketplace>, Long>> list(PageRequest page) {
        return repository.page(page.offset(), page.size()).flatMap(content -> repository.count().map(total -> Tuple2.of(content, total)));
    }

    public Uni<Marketplace> show(String partner) {
        return repository.find(partner).map(found -> found.orElseThrow(() -> unknown(partner)));
    }

    /** Refuses every consumer of the marketplace (signatures and tokens already issued) on every replica. */
    public Uni<Marketplace> disable(String partner) {
        return show(partner).flatMap(known -> disabled.disable(partner))
                .flatMap(done -> repository.setEnabled(partner, false))
                .map(found -> found.orElseThrow(() -> unknown(partner)));
    }

    public Uni<Marketplace> enable(String partner) {
        return repository.setEnabled(partner, true).map(found -> found.orElseThrow(() -> unknown(partner)))
                .call(enabled -> disabled.enable(partner));
    }

    public Uni<IssuedConsumer> createConsumer(String partner, NewConsumer request) {
        Set<String> authorities = new LinkedHashSet<>(request.authorities() == null ? DEFAULT_AUTHORITIES : request.authorities());
        Violations violations = Violations.start();
        for (String authority : authorities) {
            violations.when(!CONSUMER_AUTHORITIES.contains(authority), "authorities",
                    "'" + authority + "' is not a marketplace authority; one of " + String.join(", ", CONSUMER_AUTHORITIES.stream().sorted().toList()));
        }
        violations.throwIfAny();
        return show(partner).flatMap(known -> consumers.create(partner, request.name().trim(), authorities));
    }

    public Uni<List<IssuedConsumer>> consumers(String partner) {
        return show(partner).flatMap(known -> consumers.list(partner));
    }

    public Uni<IssuedConsumer> rotateConsumer(String partner, String key) {
        return show(partner).flatMap(known -> consumers.rotate(partner, key));
    }

    public Uni<Void> revokeConsumer(String partner, String key) {
        return show(partner).flatMap(known -> consumers.revoke(partner, key));
    }

    static boolean isCurrency(String code) {
        try {
            return code != null && Currency.getInstance(code).getCurrencyCode().equals(code);
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    private static ApiException unknown(String partner) {
        return ApiException.notFound("Marketplace", partner);
    }
}
