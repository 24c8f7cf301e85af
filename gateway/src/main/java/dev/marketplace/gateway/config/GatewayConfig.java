package dev.marketplace.gateway.config;

import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import io.quarkus.runtime.configuration.MemorySize;
import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

/** Everything the gateway reads from configuration ({@code marketplace.gateway.*}); defaults in application.properties. */
@ConfigMapping(prefix = "marketplace.gateway")
public interface GatewayConfig {

    /** Path-prefix routes by name; the longest matching prefix wins. */
    Map<String, Route> routes();

    /**
     * The marketplace's public base URL(s), e.g. {@code https://api.example.com}: OAuth 1.0 base strings are built from
     * these, never from the client's Host or X-Forwarded-* headers (the Host only picks one of them), and the services
     * get them as X-Forwarded-Host/-Proto. Unset (development): the request's own scheme and Host.
     */
    Optional<List<URI>> publicBaseUrls();

    /**
     * CIDR ranges (or single addresses) of the proxies in front of the gateway, the ingress: only for a connection from
     * one of them is X-Forwarded-For read, from the right, to find the client's address (ClientAddresses). None by
     * default: no forwarded header is believed.
     */
    Optional<List<String>> trustedProxies();

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

    /**
     * A request the gateway holds longer than this (from its arrival until the head of its answer is written) is logged
     * at WARN with its request id and what it waits on (HeldRequests); 0 turns the warning off.
     */
    @WithDefault("1s")
    Duration slowRequestThreshold();

    /** Largest application/x-www-form-urlencoded body the gateway reads to verify a signature (others are streamed). */
    @WithDefault("1048576")
    int maxFormBodyBytes();

    /** Key material for AES-GCM encryption of consumer secrets at rest (any long random string). */
    String encryptionKey();

    Bootstrap bootstrap();

    /** The platform operator's credential (the marketplaces API); absent: that API answers 403 to everyone. */
    PlatformOperator platformOperator();

    /** How disabled marketplaces reach every replica (DisabledMarketplaces). */
    Marketplaces marketplaces();

    InternalTokenConfig internalToken();

    /** The edge key: OAuth 2.0 access tokens, verified by the gateway alone (not the internal-token key). */
    AccessTokenConfig accessToken();

    VendorCredentials vendorCredentials();

    OAuth1 oauth1();

    OAuth2 oauth2();

    SharedState redis();

    /** Leaky-bucket limits by name. */
    Map<String, RateLimit> rateLimits();

    /** Limits on what a caller can make the gateway do for nothing: failed authentications, token requests, lookups. */
    Abuse abuse();

    interface Abuse {
        /** Failed authentications per client address; a full bucket gets 429 before any lookup or verification. */
        Bucket failedAuthentications();

        /**
         * Requests to /oauth2/token per client (each costs an RSA signature), counted once the secret verified: a client
         * id is no secret, so that nobody else can spend them (wrong secrets count as failed authentications).
         */
        Bucket tokenRequests();

        /** How long a consumer key that is neither a channel's nor catalog's is remembered as unknown. */
        @WithDefault("10s")
        Duration unknownKeyTtl();

        /** Most keys (addresses, client ids, unknown consumer keys) each of these remembers. */
        @WithDefault("100000")
        int maxTrackedKeys();
    }

    /** An in-memory leaky bucket per key and replica: {@code capacity} deep, {@code refill-tokens} per period. */
    interface Bucket {
        long capacity();

        long refillTokens();

        @WithDefault("1s")
        Duration refillPeriod();
    }

    interface Route {
        /** One or more path prefixes, e.g. {@code /api/account/}. */
        List<String> prefix();

        URI upstream();

        /**
         * Largest request body the route's service takes (its {@code quarkus.http.limits.max-body-size}); larger bodies
         * get 413 at the gateway. A service refusing a body it is still being sent closes the connection under it, which
         * the gateway could only answer with 502. Unset: streamed whatever their size.
         */
        Optional<Long> maxBodyBytes();

        /**
         * Only for a service whose GET and HEAD change nothing: such a call, signed, is forwarded while Redis records
         * its nonce, instead of after, and its answer is held until Redis has confirmed the first use. A replay then
         * reaches the service as a read whose answer is dropped (the caller gets the same 403), and the Redis round
         * trip leaves the call's latency. Never for a rate-limited path (the bucket is taken first) or a call with a
         * body.
         */
        @WithDefault("false")
        boolean overlapReplayCheck();
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

        /** The bootstrap marketplace's name (default: its partner code), locale and currency, when it is created. */
        Optional<String> name();

        @WithDefault("en_US")
        String defaultLocale();

        @WithDefault("USD")
        String defaultCurrency();
    }

    interface PlatformOperator {
        /** OAuth 1.0 consumer key of the platform operator ({@code PLATFORM_OPERATOR_KEY}). */
        Optional<String> consumerKey();

        /** Its secret ({@code PLATFORM_OPERATOR_SECRET}); held in configuration only, never in the database. */
        Optional<String> consumerSecret();
    }

    interface Marketplaces {
        /**
         * How often each replica reads the disabled marketplaces from Redis: a marketplace disabled on any replica is
         * refused by every other within this (plus one Redis round trip), with no command on the request's path.
         */
        @WithDefault("250ms")
        Duration refreshInterval();
    }

    interface InternalTokenConfig {
        /** PKCS#8 PEM text of the RSA private key; when neither this nor the location is set a key pair is generated. */
        Optional<String> privateKey();

        /** File holding the PKCS#8 PEM private key. */
        Optional<String> privateKeyLocation();

        @WithDefault("60s")
        Duration lifetime();
    }

    interface AccessTokenConfig {
        /** PKCS#8 PEM text of the RSA private key signing access tokens; unset: generated at start (development only). */
        Optional<String> privateKey();

        /** File holding that PEM instead. */
        Optional<String> privateKeyLocation();
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

        /**
         * Compatibility: true lets a product's OAuth 1.0 signature publish content events ({@code /api/appwise/}) as
         * well; by default they take only its product-scoped OAuth 2.0 token, as the spec says, and a signature is 403.
         */
        @WithDefault("false")
        boolean oauth1ContentEvents();
    }

    interface OAuth1 {
        /** Accepted distance between oauth_timestamp and the gateway clock; also how long nonces are remembered. */
        @WithDefault("300s")
        Duration timestampWindow();

        @WithDefault("255")
        int maxNonceLength();

        /**
         * How far the clocks of two replicas may be apart: a nonce is remembered this much longer than its timestamp
         * window, so that a replica whose clock is behind still finds it.
         */
        @WithDefault("5s")
        Duration replicaClockSkew();

        /**
         * Most nonces one consumer may have this replica store in Redis per timestamp window (a leaky bucket of this
         * size draining over the window): bounds the memory a single consumer, or a stolen key, can fill. Over it: 429.
         * Unset (always, but for benchmarks): derived from {@link #nonceBudget()}, see NonceQuota.
         */
        Optional<Long> nonceQuota();

        /** What the nonce quota is sized from (NonceQuota). */
        NonceBudget nonceBudget();
    }

    /** The memory Redis has for nonces, and how it is shared out: see NonceQuota for the arithmetic. */
    interface NonceBudget {
        /** Redis' memory for nonces: its {@code maxmemory} less what else it holds (buckets, its own overhead). */
        @WithDefault("200M")
        MemorySize memory();

        /** What one nonce key costs in Redis, as measured (README, "Sizing Redis"). */
        @WithDefault("110")
        long bytesPerNonce();

        /** The most gateway replicas that run at once (an autoscaler's maximum, plus a rolling update's surge). */
        @WithDefault("1")
        int replicas();

        /** The part of the budget one consumer may fill; the rest stays for everyone else. */
        @WithDefault("0.5")
        double consumerShare();
    }

    /** The state every replica shares: nonces seen and leaky buckets, in Redis (quarkus.redis.* says where). */
    interface SharedState {
        /**
         * Put before every key the gateway writes, so that several marketplaces (or environments) can share one Redis.
         * In Redis Cluster every key of one call is a single key, so any prefix works.
         */
        @WithDefault("marketplace:")
        String keyPrefix();

        /**
         * Secret of the keyed hash that names nonce keys (HMAC-SHA256 of consumer key and nonce), so that key names
         * reveal nothing and cannot be chosen to collide. Default: derived from {@code encryption-key}, which every
         * replica already shares.
         */
        Optional<String> nonceKeySecret();

        /**
         * How long a command may stay unanswered before the connection to Redis is given up (its calls get 503) and a
         * new one opened: a Redis that stopped answering without closing the connection is noticed within this time.
         */
        @WithDefault("1s")
        Duration commandTimeout();

        /** How long a replica waits before trying to connect again after Redis could not be reached. */
        @WithDefault("250ms")
        Duration reconnectDelay();
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
