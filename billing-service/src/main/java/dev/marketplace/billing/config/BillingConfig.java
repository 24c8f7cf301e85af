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

    PaymentProvider paymentProvider();

    Payments payments();

    Invoicing invoicing();

    TestClocks testClock();

    PurchaseLimits purchaseLimits();

    Notices notices();

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

    /**
     * Which card provider charges and refunds ({@code client.PaymentProvider}): {@code sandbox} (the sandbox gateway at
     * {@code payment-gateway.url}) or {@code stripe} (Stripe's API through its Java SDK).
     */
    interface PaymentProvider {
        @WithDefault("sandbox")
        String kind();

        Stripe stripe();

        interface Stripe {
            /** The secret API key ({@code sk_live_...} or {@code sk_test_...}); required when {@code kind} is stripe. */
            Optional<String> apiKey();

            /** Stripe's API base; tests point it at a loopback server that answers in Stripe's wire format. */
            @WithDefault("https://api.stripe.com")
            URI apiBase();

            /** A charge that has not answered in this time is UNKNOWN (looked up later), never retried blindly. */
            @WithDefault("10s")
            Duration timeout();
        }
    }

    /**
     * Test clocks (sandbox deployments only): a marketplace's channel credentials may advance its billing time, and
     * what becomes due runs at once. Never enabled in production.
     */
    interface TestClocks {
        @WithDefault("false")
        boolean enabled();
    }

    /** Card payments: how unanswered charges are reconciled (README, "Payment model"). */
    interface Payments {
        /** How often the reconciliation job looks up the charges of PENDING payments (the scheduler's {@code every}). */
        @WithDefault("1m")
        String reconcileEvery();

        /**
         * How long a PENDING payment is left to its own call before a pay call or the job looks its charge up: longer than
         * the provider's timeout with its retry, so that a charge still in flight is not looked up.
         */
        @WithDefault("30s")
        Duration pendingGrace();

        /** PENDING payments reconciled per transaction (the job loops until none is due). */
        @WithDefault("20")
        int reconcileBatchSize();

        /**
         * Test-only fault point (the crash test): halt the JVM right after the provider answered a charge, before the
         * answer is recorded. Never set in production.
         */
        @WithDefault("false")
        boolean haltAfterProviderAnswer();
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

    /** The SUBSCRIPTION_NOTICEs a schedule sends: UPCOMING_INVOICE before a recurring invoice, CLOSED after a cancellation. */
    interface Notices {
        /** How many days before a recurring invoice its vendor gets UPCOMING_INVOICE (0: never). */
        @WithDefault("7")
        int upcomingInvoiceDays();

        /** How long a cancelled subscription's account stays with its vendor before CLOSED tells it to close it. */
        @WithDefault("30d")
        Duration closeAfter();

        /** How often the job looks for notices due (the scheduler reads it as {@code every}). */
        @WithDefault("1h")
        String every();
    }
}
