package dev.marketplace.notification;

import java.time.Duration;
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
}
