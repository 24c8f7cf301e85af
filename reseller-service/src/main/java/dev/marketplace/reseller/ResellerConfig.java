package dev.marketplace.reseller;

import java.time.Duration;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

@ConfigMapping(prefix = "marketplace.reseller")
public interface ResellerConfig {
    /** Interrupted company creations. */
    Recovery recovery();

    interface Recovery {
        /** How often the recovery job looks for company creations account-service has not confirmed. */
        @WithDefault("15s")
        Duration interval();

        /** How long a creation is left to its own request before the job takes it over. */
        @WithDefault("60s")
        Duration delay();

        /** The longest wait between two attempts of the job at one creation. */
        @WithDefault("10m")
        Duration maxBackoff();
    }
}
