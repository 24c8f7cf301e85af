package dev.marketplace.notification;

import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

/** {@code marketplace.notification.*}: rendering defaults, delivery retries and the SMS provider. */
@ConfigMapping(prefix = "marketplace.notification")
public interface NotificationConfig {
    /** Fills {@code marketplaceName} when a notification does not carry it. */
    @WithDefault("Marketplace")
    String marketplaceName();

    /** Last step of the locale fallback (fr_CA → fr → this). */
    @WithDefault("en")
    String defaultLocale();

    Delivery delivery();

    Sms sms();

    Vendor vendor();

    interface Delivery {
        /** How often the delivery job looks for due messages (read by the job's {@code @Scheduled}). */
        @WithDefault("1s")
        Duration pollInterval();

        @WithDefault("20")
        int batchSize();

        /** Attempts before a message is given up (status FAILED). */
        @WithDefault("6")
        int maxAttempts();

        /** Wait after the first failed attempt; doubled after each further failure up to {@link #maxBackoff()}. */
        @WithDefault("30s")
        Duration initialBackoff();

        @WithDefault("30m")
        Duration maxBackoff();

        /** A message still SENDING after this long was interrupted mid-send: it is marked FAILED, never resent. */
        @WithDefault("10m")
        Duration sendingTimeout();
    }

    interface Sms {
        /** The provider's send endpoint; SMS cannot be sent while it is empty. */
        Optional<String> url();

        Optional<String> username();

        Optional<String> password();

        @WithDefault("Marketplace")
        String sender();

        @WithDefault("5s")
        Duration timeout();
    }

    /** Vendor notification (the AppDirect vendor protocol): calls to vendors' event URLs, retries, circuit breaker, parking. */
    interface Vendor {
        /** Public base URL of the marketplace (the gateway): event URLs given to vendors start with it. */
        @WithDefault("http://localhost:8080")
        URI baseUrl();

        /** catalog-service, which owns the vendors' credentials and event URLs. */
        @WithDefault("http://localhost:8083")
        URI catalogUrl();

        @WithDefault("5s")
        Duration catalogTimeout();

        @WithDefault("1s")
        Duration pollInterval();

        @WithDefault("20")
        int batchSize();

        /** How long one call to a vendor may take. */
        @WithDefault("10s")
        Duration timeout();

        /**
         * How long a claimed event may stay SENDING before it counts as interrupted (the process stopped mid-call) and is
         * sent again. Never shorter than the catalogue lookup and the vendor call together (plus 5 s).
         */
        @WithDefault("60s")
        Duration lease();

        /**
         * How long the vendor has to post its result after answering 202 (or, for an interactive order, the user to come
         * back through the return URL). An event past it is re-notified with the same token.
         */
        @WithDefault("30m")
        Duration resultDeadline();

        /** Re-notifications of an event whose result is overdue before it is parked (interactive orders: none). */
        @WithDefault("2")
        int maxRenotifications();

        /** Attempts before the event is parked for an operator. */
        @WithDefault("6")
        int maxAttempts();

        @WithDefault("10s")
        Duration initialBackoff();

        @WithDefault("10m")
        Duration maxBackoff();

        /** Consecutive failures of one vendor that open its circuit. */
        @WithDefault("5")
        int breakerFailureThreshold();

        /** How long an open circuit refuses calls before one trial call is let through. */
        @WithDefault("30s")
        Duration breakerOpenDuration();

        /** Vendors whose circuit state is kept at once; the least recently called one is forgotten (closed) first. */
        @WithDefault("10000")
        int breakerCapacity();

        /** Who receives MANUAL_EVENT_RESOLUTION when an event is parked. */
        Optional<List<String>> operatorEmails();

        @WithDefault("en_US")
        String operatorLocale();
    }
}
