package dev.marketplace.gateway.marketplace.service;

import java.time.Duration;
import java.util.LinkedHashSet;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;

import org.jboss.logging.Logger;

import dev.marketplace.gateway.config.GatewayConfig;
import dev.marketplace.gateway.consumer.service.ChannelConsumerService;
import io.quarkus.runtime.StartupEvent;

/**
 * Creates the first marketplace and its channel consumer from configuration so that a fresh install can be used at once;
 * whatever exists is kept (a marketplace the operator renamed, a consumer rotated or revoked through the API stays so).
 */
@ApplicationScoped
public class BootstrapMarketplace {
    private static final Logger LOG = Logger.getLogger(BootstrapMarketplace.class);

    void onStart(@Observes StartupEvent event, GatewayConfig config, MarketplaceService marketplaces,
            ChannelConsumerService consumers) {
        GatewayConfig.Bootstrap bootstrap = config.bootstrap();
        if (!bootstrap.enabled()) {
            return;
        }
        boolean createdMarketplace = marketplaces.createIfAbsent(bootstrap.partner(), bootstrap.name().orElse(bootstrap.partner()),
                bootstrap.defaultLocale(), bootstrap.defaultCurrency()).await().atMost(Duration.ofSeconds(30));
        if (createdMarketplace) {
            LOG.infof("Bootstrapped marketplace %s", bootstrap.partner());
        }
        boolean created = consumers.createIfAbsent(bootstrap.partner(), bootstrap.consumerKey(), bootstrap.consumerSecret(),
                new LinkedHashSet<>(bootstrap.authorities())).await().atMost(Duration.ofSeconds(30));
        if (created) {
            LOG.infof("Bootstrapped channel consumer %s of partner %s with %s", bootstrap.consumerKey(), bootstrap.partner(),
                    bootstrap.authorities());
        }
    }
}
