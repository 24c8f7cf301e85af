package dev.marketplace.gateway.consumer.service;

import java.time.Duration;
import java.util.LinkedHashSet;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;

import org.jboss.logging.Logger;

import dev.marketplace.gateway.config.GatewayConfig;
import io.quarkus.runtime.StartupEvent;

/** Creates the first channel consumer from configuration so that a fresh install can be used at once. */
@ApplicationScoped
public class BootstrapConsumer {
    private static final Logger LOG = Logger.getLogger(BootstrapConsumer.class);

    void onStart(@Observes StartupEvent event, GatewayConfig config, ChannelConsumerService service) {
        GatewayConfig.Bootstrap bootstrap = config.bootstrap();
        if (!bootstrap.enabled()) {
            return;
        }
        boolean created = service.createIfAbsent(bootstrap.partner(), bootstrap.consumerKey(), bootstrap.consumerSecret(),
                new LinkedHashSet<>(bootstrap.authorities())).await().atMost(Duration.ofSeconds(30));
        if (created) {
            LOG.infof("Bootstrapped channel consumer %s of partner %s with %s", bootstrap.consumerKey(), bootstrap.partner(),
                    bootstrap.authorities());
        }
    }
}
