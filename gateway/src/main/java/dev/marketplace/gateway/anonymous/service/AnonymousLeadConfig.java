package dev.marketplace.gateway.anonymous.service;

import java.time.Duration;
import java.util.List;
import java.util.Optional;

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

    /** Per client address: a bucket of this many leads ... */
    @WithDefault("10")
    int capacity();

    /** ... refilled by this many ... */
    @WithDefault("10")
    int refillTokens();

    /** ... every period. */
    @WithDefault("10m")
    Duration refillPeriod();

    /**
     * Addresses of proxies in front of the gateway (an ingress). Only for a call that comes from one of them is
     * {@code X-Forwarded-For} read, right to left, to find the client; anyone else's header is ignored.
     */
    Optional<List<String>> trustedProxies();

    /** How long the answer "this partner exists / does not exist" is kept. */
    @WithDefault("30s")
    Duration partnerCacheTtl();
}
