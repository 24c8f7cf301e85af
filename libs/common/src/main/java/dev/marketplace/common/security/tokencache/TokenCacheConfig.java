package dev.marketplace.common.security.tokencache;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

/** The cache of internal tokens a service has already verified ({@link VerifiedTokenCache}). */
@ConfigMapping(prefix = "marketplace.token-cache")
public interface TokenCacheConfig {
    /** Off: every request verifies its token with quarkus-oidc from scratch. */
    @WithDefault("true")
    boolean enabled();

    /**
     * Most tokens kept. The gateway reuses one token per caller identity for half its lifetime, so this bounds the
     * number of distinct callers served from the cache at once, not the request rate.
     */
    @WithDefault("10000")
    int maxEntries();
}
