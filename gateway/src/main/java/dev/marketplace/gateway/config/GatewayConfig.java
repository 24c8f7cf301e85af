package dev.marketplace.gateway.config;

import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

/** Everything the gateway reads from configuration ({@code marketplace.gateway.*}); defaults in application.properties. */
@ConfigMapping(prefix = "marketplace.gateway")
public interface GatewayConfig {

    /** Path-prefix routes by name; the longest matching prefix wins. */
    Map<String, Route> routes();

    /** How long an upstream may stay silent (no response header or body data) before the gateway answers 504. */
    @WithDefault("30s")
    Duration upstreamTimeout();

    @WithDefault("2s")
    Duration upstreamConnectTimeout();

    /** Connections to each upstream per event loop (every event loop has its own pool: see PerEventLoop). */
    @WithDefault("200")
    int upstreamMaxConnections();

    /**
     * How long an idle upstream connection stays in the pool. Long, so that a burst finds the connections an earlier
     * one opened instead of paying for new ones when the machine is busiest; below the services' own idle timeout
     * (Quarkus: 30 minutes), so that they do not close a connection as the gateway reuses it.
     */
    @WithDefault("10m")
    Duration upstreamKeepAliveTimeout();

    /** Largest application/x-www-form-urlencoded body the gateway reads to verify a signature (others are streamed). */
    @WithDefault("1048576")
    int maxFormBodyBytes();

    /** Key material for AES-GCM encryption of consumer secrets at rest (any long random string). */
    String encryptionKey();

    Bootstrap bootstrap();

    InternalTokenConfig internalToken();

    VendorCredentials vendorCredentials();

    OAuth1 oauth1();

    OAuth2 oauth2();

    Nonce nonce();

    /** Leaky-bucket limits by name. */
    Map<String, RateLimit> rateLimits();

    interface Route {
        /** One or more path prefixes, e.g. {@code /api/account/}. */
        List<String> prefix();

        URI upstream();
    }

    interface Bootstrap {
        @WithDefault("true")
        boolean enabled();

        @WithDefault("MARKETPLACE")
        String partner();

        @WithDefault("marketplace-admin")
        String consumerKey();

        @WithDefault("marketplace-admin-secret")
        String consumerSecret();

        @WithDefault("ROLE_PARTNER,ROLE_CHANNEL_ADMIN,ROLE_SUPER_SUPPORT")
        List<String> authorities();
    }

    interface InternalTokenConfig {
        /** PKCS#8 PEM text of the RSA private key; when neither this nor the location is set a key pair is generated. */
        Optional<String> privateKey();

        /** File holding the PKCS#8 PEM private key. */
        Optional<String> privateKeyLocation();

        @WithDefault("60s")
        Duration lifetime();
    }

    interface VendorCredentials {
        /** Base URL of catalog-service, which owns vendor (per-product) credentials. */
        @WithDefault("http://localhost:8083")
        URI url();

        @WithDefault("2s")
        Duration timeout();

        /** Path prefixes vendor credentials may call; everything else is refused with 403. */
        @WithDefault("/api/integration/,/api/appwise/,/api/billing/v1/usage,/api/billing/v1/subscriptions/")
        List<String> allowedPrefixes();
    }

    interface OAuth1 {
        /** Accepted distance between oauth_timestamp and the gateway clock; also how long nonces are remembered. */
        @WithDefault("300s")
        Duration timestampWindow();

        @WithDefault("255")
        int maxNonceLength();
    }

    /** The nonce store: one replica (the nonce leader) checks nonces in memory, the others ask it over the nonce link. */
    interface Nonce {
        /** Port of this replica's nonce link; 0 takes any free port (the address other replicas use is published). */
        @WithDefault("0")
        int port();

        /** Interface the nonce link listens on. */
        @WithDefault("0.0.0.0")
        String bindHost();

        /** Host or IP other replicas reach this one at (on Kubernetes the pod IP); default: this host's address. */
        Optional<String> advertisedHost();

        /**
         * How often the leader writes the nonces it accepted to its journal in PostgreSQL: a leader that crashes takes
         * at most this long of accepted nonces with it.
         */
        @WithDefault("25ms")
        Duration journalInterval();

        /** How often the leader proves it still holds its lock, and followers look for a leader. */
        @WithDefault("1s")
        Duration leaseCheckInterval();

        /** How long a successor waits before taking over from a leader that vanished without handing over. */
        @WithDefault("5s")
        Duration takeoverDelay();

        /** How long a signed call waits for a nonce leader before it is answered 503. */
        @WithDefault("10s")
        Duration leaderWait();

        /** How long a follower waits for the leader's answer to one check. */
        @WithDefault("2s")
        Duration linkTimeout();

        /**
         * Live nonces the leader holds at most; beyond, signed calls are answered 503 rather than nonces forgotten. A
         * nonce takes 32-64 bytes of heap (2 million: 64-128 MB), and lives for the window after its timestamp.
         */
        @WithDefault("2000000")
        long maxEntries();
    }

    interface OAuth2 {
        @WithDefault("3600s")
        Duration tokenLifetime();
    }

    interface RateLimit {
        /** HTTP method the limit applies to, or {@code *}. */
        @WithDefault("*")
        String method();

        /** Path pattern: exact path, {@code *} matches one segment, a trailing {@code /**} any rest. */
        String path();

        /** Bucket size. */
        long capacity();

        /** Tokens refilled (requests leaked) per {@link #refillPeriod()}, greedily. */
        long refillTokens();

        @WithDefault("1s")
        Duration refillPeriod();
    }
}
