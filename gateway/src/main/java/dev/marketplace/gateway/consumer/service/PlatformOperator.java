package dev.marketplace.gateway.consumer.service;

import java.util.Set;

import jakarta.enterprise.context.ApplicationScoped;

import dev.marketplace.gateway.config.GatewayConfig;
import dev.marketplace.gateway.consumer.domain.Consumer;
import dev.marketplace.gateway.consumer.domain.ConsumerType;

/**
 * The platform operator's credential, from configuration only ({@code PLATFORM_OPERATOR_KEY} /
 * {@code PLATFORM_OPERATOR_SECRET}): it manages marketplaces and belongs to none (no partner), so it is kept apart from
 * the channel consumers of the database, where a marketplace's API could reach it. Unconfigured, there is none and the
 * marketplaces API refuses everybody.
 */
@ApplicationScoped
public class PlatformOperator {
    public static final String ROLE = "ROLE_PLATFORM_OPERATOR";

    private final Consumer operator;

    public PlatformOperator(GatewayConfig config) {
        String key = config.platformOperator().consumerKey().filter(k -> !k.isBlank()).orElse(null);
        String secret = config.platformOperator().consumerSecret().filter(s -> !s.isBlank()).orElse(null);
        if (key != null && secret == null) {
            throw new IllegalStateException("PLATFORM_OPERATOR_KEY is set without PLATFORM_OPERATOR_SECRET "
                    + "(marketplace.gateway.platform-operator.consumer-secret)");
        }
        if (key != null && key.equals(config.bootstrap().consumerKey())) {
            throw new IllegalStateException("PLATFORM_OPERATOR_KEY must differ from the bootstrap channel consumer's key");
        }
        this.operator = key == null ? null : new Consumer(key, secret, ConsumerType.PLATFORM, null, Set.of(ROLE), null);
    }

    /** The operator when {@code key} is its key, else null. */
    public Consumer withKey(String key) {
        return operator != null && operator.key().equals(key) ? operator : null;
    }
}
