package dev.marketplace.testkit;

import java.util.Map;

import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;

/** Hands the JVM's Kafka broker to Quarkus ({@code kafka.bootstrap.servers}). */
public class KafkaResource implements QuarkusTestResourceLifecycleManager {

    @Override
    public Map<String, String> start() {
        return Map.of("kafka.bootstrap.servers", Kafka.bootstrapServers());
    }

    @Override
    public void stop() {
        // shared by every test class of the module
    }
}
