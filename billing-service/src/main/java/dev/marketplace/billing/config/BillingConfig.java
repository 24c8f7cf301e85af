package dev.marketplace.billing.config;

import java.math.BigDecimal;
import java.net.URI;
import java.time.Duration;
import java.util.Optional;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

@ConfigMapping(prefix = "marketplace.billing")
public interface BillingConfig {
    /** Public base URL of the marketplace (the gateway); event and return URLs given to vendors start with it. */
    URI baseUrl();

    /** The marketplace currency: orders are priced in it unless they name another, and purchase limits are in it. */
    @WithDefault("USD")
    String currency();

    Catalog catalog();

    Account account();

    PaymentGateway paymentGateway();

    Invoicing invoicing();

    PurchaseLimits purchaseLimits();

    interface Catalog {
        /** Base URL of catalog-service (the REST client {@code client.CatalogApi} calls it). */
        URI url();
    }

    interface Account {
        /** Base URL of account-service (the REST client {@code client.AccountApi} calls it). */
        URI url();
    }

    interface PaymentGateway {
        /** Base URL of the card payment gateway (the REST client {@code client.PaymentGatewayApi} calls it). */
        URI url();
    }

    interface Invoicing {
        /** Time between an invoice's creation and its due date. */
        @WithDefault("14d")
        Duration paymentTerms();

        /** Subscriptions invoiced per transaction by the recurring job (it loops until none is due). */
        @WithDefault("50")
        int batchSize();

        /** How often the recurring job looks for subscriptions due (the scheduler reads it as {@code every}). */
        @WithDefault("5m")
        String every();
    }

    /**
     * Marketplace-wide default purchase limits, in the marketplace currency; a company's own override or exemption
     * (account-service) wins. Absent: no default limit.
     */
    interface PurchaseLimits {
        Optional<BigDecimal> thirtyDays();

        Optional<BigDecimal> daily();
    }
}
