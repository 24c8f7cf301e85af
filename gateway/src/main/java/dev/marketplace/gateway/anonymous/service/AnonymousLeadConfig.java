package dev.marketplace.gateway.anonymous.service;

import java.time.Duration;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

/** The unsigned "contact us" lead ({@code marketplace.gateway.anonymous-leads.*}): see the gateway README. */
@ConfigMapping(prefix = "marketplace.gateway.anonymous-leads")
public interface AnonymousLeadConfig {
    /** false: unsigned lead creation is refused like every other unsigned call. */
    @WithDefault("true")
    boolean enabled();

    /** The one operation exempted: {@code POST} of exactly this path. */
    @WithDefault("/api/lead/v2/leads")
    String path();

    /** Largest body read; larger → 413. */
    @WithDefault("16384")
    int maxBodyBytes();

    /** Per client address (an IPv6 address by its /64, see ClientAddresses): a bucket of this many leads ... */
    @WithDefault("10")
    int capacity();

    /** ... refilled by this many ... */
    @WithDefault("10")
    int refillTokens();

    /** ... every period. */
    @WithDefault("10m")
    Duration refillPeriod();

    /** Per marketplace (the partner the body names), whatever the addresses: bounds what one form can be made to send. */
    Cap perMarketplace();

    /** All marketplaces together: bounds what the gateway accepts unsigned at all. */
    Cap global();

    /** A leaky bucket: {@code capacity} deep, {@code refill-tokens} leaked every {@code refill-period}. */
    interface Cap {
        @WithDefault("100")
        long capacity();

        @WithDefault("100")
        long refillTokens();

        @WithDefault("1h")
        Duration refillPeriod();
    }

    /** How long the answer "this partner exists / does not exist" is kept. */
    @WithDefault("30s")
    Duration partnerCacheTtl();
}
